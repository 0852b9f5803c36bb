// What a new user does first, run from a consumer project that installed the packed tarball: with Node, Bun and
// Deno each (scripts/check-package-install.mjs copies this file into the consumer and runs it there). Only the
// package's own entries are imported, as a user would, against the embedded fake service: an agent created, its run
// streamed to the end and folded; a signed webhook delivery from the fake forge verified with the forge's Ed25519
// key set, and a forged copy refused; a wrong argument refused with an AgentlineError. Prints one line of JSON.
import { AgentlineError, AgentsClient, foldRunEvents, initialRunState } from "agentline";
import { ForgeApp, generateAppKeyPair } from "agentline/forge";
import { createFakeService } from "agentline/testing";
import { ForgeKeys, verifyWebhook } from "agentline/webhooks";

const baseUrl = "https://api.example.com";
const fake = createFakeService({ apiKeys: ["smoke-key"], run: { creatingMs: 10, runningMs: 200 } });
const failures = [];
const check = (ok, what) => {
  if (!ok) failures.push(what);
};

// Cloud Agents: create, stream to the end, fold.
const client = new AgentsClient({ apiKey: "smoke-key", baseUrl, fetch: fake.fetch });
const { agent, run } = await client.agents.create({
  prompt: { text: "smoke test" },
  repos: [{ url: "https://github.com/acme/web", startingRef: "main" }],
});
let state = initialRunState;
for await (const batch of client.runs.stream(agent.id, run.id).batches()) state = foldRunEvents(batch, state);
check(state.status === "FINISHED", `the run ended ${state.status}, not FINISHED`);
check(state.eventCount > 0, "the run stream folded no event");

// Webhooks: a delivery the fake forge signed, verified against the key set it serves.
const keyPair = await generateAppKeyPair();
const { appId, installationId } = fake.forge.registerApp({
  publicKeyPem: keyPair.publicKey,
  webhookUrl: "https://hooks.example.com/forge",
  events: ["pull_request.created"],
});
const deliveries = [];
fake.forge.webhooks.setReceiver(async (delivery) => {
  deliveries.push(delivery);
  return new Response(null, { status: 204 });
});
const app = new ForgeApp({ appId, privateKey: keyPair.privateKey, baseUrl, fetch: fake.fetch });
await app.installation(installationId).repo("acme", "web-app").pulls.create({
  title: "Add login",
  head: "feature/login",
  base: "main",
});
await fake.forge.webhooks.runDue();
const delivery = deliveries.find((candidate) => candidate.headers.get("webhook-event-type") === "pull_request.created");
check(delivery !== undefined, "the fake forge delivered no pull_request.created");
if (delivery) {
  const keys = new ForgeKeys({ baseUrl, fetch: fake.fetch });
  const body = await delivery.arrayBuffer();
  const verified = await verifyWebhook(new Request(delivery.url, { method: "POST", headers: delivery.headers, body }), {
    keys,
  });
  check(verified.type === "pull_request.created", `verified a ${verified.type}`);
  check(verified.payload?.pullRequest?.title === "Add login", "the verified payload lost the pull request's title");
  const forged = new Uint8Array(body);
  forged[forged.length - 2] ^= 1;
  const refused = await verifyWebhook(
    new Request(delivery.url, { method: "POST", headers: delivery.headers, body: forged }),
    {
      keys,
    },
  ).then(
    () => undefined,
    (error) => error,
  );
  check(refused instanceof AgentlineError, "a forged delivery was not refused with an AgentlineError");
}

// A wrong argument: an AgentlineError naming it, before the network.
const wrong = await Promise.resolve()
  .then(() => client.agents.get(""))
  .then(
    () => undefined,
    (error) => error,
  );
check(wrong instanceof AgentlineError, "agents.get('') did not fail with an AgentlineError");

const runtime = globalThis.Deno
  ? `deno ${globalThis.Deno.version.deno}`
  : globalThis.Bun
    ? `bun ${globalThis.Bun.version}`
    : `node ${globalThis.process.version}`;
console.log(JSON.stringify({ runtime, events: state.eventCount, status: state.status, failures }));
if (failures.length > 0) globalThis.process?.exit?.(1);
