// A program written against the installed package, type-checked (never run) by test/types/check-shipped-types.mjs
// under each configuration users compile with (Node types only, DOM only, Deno, Cloudflare's workers types). It
// imports every export of every runtime entry point and uses the main classes, and it hands the runtime's own
// WebCrypto keys to the SDK and the SDK's back to WebCrypto, so a declaration that names a global one runtime
// lacks, or a key type one runtime's WebCrypto refuses, fails here.
import * as root from "agentline";
import * as admin from "agentline/admin";
import * as agents from "agentline/agents";
import * as forge from "agentline/forge";
import * as reactive from "agentline/reactive";
import * as relay from "agentline/relay";
import * as testing from "agentline/testing";
import * as webhooks from "agentline/webhooks";

/** Every export of every runtime entry point (the adapters are in adapters.ts: they need their frameworks). */
export type RuntimeEntries = [
  typeof root,
  typeof admin,
  typeof agents,
  typeof forge,
  typeof reactive,
  typeof relay,
  typeof testing,
  typeof webhooks,
];

const baseUrl = "https://api.example.com";

/** An Ed25519 private key from the runtime's own WebCrypto (only DOM's types narrow the result to a pair). */
async function runtimePrivateKey() {
  const generated = await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"]);
  if (!("privateKey" in generated)) throw new TypeError("Ed25519 generates a key pair");
  return generated.privateKey;
}

/** The Cloud Agents client, its run stream and a reactive view of the run. */
export async function followRun(fetch: agents.FetchLike): Promise<agents.Run> {
  const client: root.AgentsClient = new agents.AgentsClient({ apiKey: "key", baseUrl, fetch });
  const { agent, run } = await client.agents.create({ prompt: { text: "Fix the flaky test" } });
  for await (const event of client.runs.stream(agent.id, run.id)) {
    if (event.type === "status") break;
  }
  const view: reactive.RunView = reactive.watchRun(client, agent.id, run.id);
  const snapshot: reactive.RunSnapshot = view.snapshot.value;
  view.dispose();
  if (snapshot.isTerminal) return client.runs.get(agent.id, run.id);
  const agentView: reactive.AgentView = reactive.watchAgent(client, agent.id);
  agentView.dispose();
  reactive.toObservable(view).subscribe({ next: (next: reactive.RunSnapshot) => next.status });
  return client.runs.wait(agent.id, run.id);
}

/** Hooks that only look (they return nothing), as the README shows them: every TypeScript version takes them. */
export function lookingHooks(fetch: agents.FetchLike): root.AgentsClient {
  return new agents.AgentsClient({
    apiKey: "key",
    baseUrl,
    fetch,
    hooks: {
      beforeRequest: [
        (state) => {
          console.log(state.request.url);
        },
      ],
      afterResponse: [
        async ({ response }) => {
          console.log(response.status);
        },
      ],
    },
  });
}

/** The Admin and Organization clients. */
export async function administer(fetch: admin.FetchLike): Promise<number> {
  const team: root.AdminClient = new admin.AdminClient({ apiKey: "key", baseUrl, fetch });
  const organization: root.OrganizationClient = new admin.OrganizationClient({
    apiKey: "key",
    baseUrl,
    fetch,
    organizationId: "org_1",
  });
  const members = await team.members.list();
  const error: unknown = await organization.members.list().catch((caught: unknown) => caught);
  return members.teamMembers.length + (root.isAgentlineError(error) ? 1 : 0);
}

/** The forge: an app from the runtime's own WebCrypto key, its installation client, check runs. */
export async function runChecks(fetch: forge.FetchLike): Promise<number> {
  const privateKey = await runtimePrivateKey();
  const app: root.ForgeApp = new forge.ForgeApp({ appId: "app_1", privateKey, baseUrl, fetch });
  const fromPem = new forge.ForgeApp({
    appId: "app_1",
    privateKey: (await forge.generateAppKeyPair()).privateKey,
    baseUrl,
  });
  const key = await forge.importAppPrivateKey(privateKey);
  // The SDK's key type goes back into the runtime's WebCrypto unchanged.
  await crypto.subtle.sign({ name: "Ed25519" }, key, new Uint8Array(1));
  const client: root.ForgeClient = await app.installation("inst_1");
  const user = new forge.ForgeClient({ token: "token", baseUrl, fetch });
  const runs = await client.repo("owner", "repo").checkRuns.listForCommit("0".repeat(40)).toArray();
  const view = reactive.watchCheckRuns({ owner: "owner", repo: "repo", sha: "0".repeat(40), forge: user });
  view.dispose();
  return runs.length + (fromPem === app ? 1 : 0);
}

/** Webhooks: signing with the runtime's key, verifying, the fetch handler, the dedupe stores. */
export async function receiveWebhooks(request: Request): Promise<Response> {
  const headers = await webhooks.signWebhook({ id: "msg_1", body: "{}", keys: [await runtimePrivateKey()] });
  const keys = new webhooks.ForgeKeys({ baseUrl });
  const verified: webhooks.VerifiedWebhook = await webhooks.verifyWebhook({ headers, body: "{}" }, { keys });
  const handle: webhooks.WebhookFetchHandler = webhooks.createWebhookHandler({
    keys,
    dedupe: new webhooks.MemoryDedupeStore(),
    on: { ping: (event) => event.id },
  });
  return verified.id ? handle(request) : new Response(null, { status: 204 });
}

/** The relay in front of the fake, and its stream encoders on a run stream of a client of its own. */
export async function relayToAPage(request: Request): Promise<Response> {
  const fake = testing.createFakeService();
  const client = new agents.AgentsClient({ apiKey: "key", baseUrl: fake.baseUrl, fetch: fake.fetch });
  const authorize: relay.RelayAuthorize<{ SESSION: string }> = (incoming, context, env) =>
    context.operation === "runs.stream" ? incoming.headers.get("cookie") === env.SESSION : true;
  const handler: relay.AgentsRelay<{ SESSION: string }> = relay.createAgentsRelay({
    client,
    basePath: "/api/agents",
    operations: [...relay.DEFAULT_RELAY_OPERATIONS, "agents.create"],
    authorize,
  });
  const own = relay.createAgentsRelay({ client: { apiKey: "key", baseUrl, fetch: fake.fetch }, authorize: () => true });
  const bytes: ReadableStream<Uint8Array> = client.runs.stream("bc-1", "run-1").toReadableStream({ keepAliveMs: 0 });
  await bytes.cancel();
  const answer = await own(request);
  return answer.ok ? handler(request, { SESSION: "s" }) : client.runs.stream("bc-1", "run-1").toResponse();
}

/** The fake service as the clients' `fetch`; its forge's keys sign deliveries and go back into WebCrypto. */
export async function testAgainstTheFake(): Promise<agents.AgentsClient> {
  const fake: testing.FakeService = testing.createFakeService();
  const [current] = await fake.forge.signingKeys();
  if (current) {
    await webhooks.signWebhook({ id: "msg_1", body: "{}", keys: [current.privateKey] });
    await crypto.subtle.verify({ name: "Ed25519" }, current.publicKey, new Uint8Array(64), new Uint8Array(1));
  }
  return new agents.AgentsClient({ apiKey: "key", baseUrl: fake.baseUrl, fetch: fake.fetch });
}
