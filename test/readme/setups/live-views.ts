// Live views: a client with a fresh run on the fake, an installation's forge client and a commit of the seeded
// repository, a verified webhook event (the fake forge's signed check_run.completed for that commit), and a
// `render` that records what it is given. After the run, `render` must have received the run's streamed text.
// biome-ignore-all lint/correctness/noUnusedVariables: the README block that follows this setup uses them.
import { AgentsClient as SetupAgentsClient } from "agentline";
import { ForgeApp as SetupForgeApp, generateAppKeyPair as setupGenerateAppKeyPair } from "agentline/forge";
import { parseWebhookEvent, ForgeKeys as SetupForgeKeys, verifyWebhook } from "agentline/webhooks";
import { expectAfterSnippet, fakeNetwork } from "../network.js";

const baseUrl = "https://api.example.com";
const fake = fakeNetwork({ baseUrl, run: { creatingMs: 0, runningMs: 20 } });
const client = new SetupAgentsClient({ apiKey: "test-key", baseUrl });
const { agent, run } = await client.agents.create({ prompt: { text: "Add a --dry-run flag to the release script" } });
const agentId = agent.id;
const runId = run.id;

const appKeys = await setupGenerateAppKeyPair();
const registered = fake.forge.registerApp({
  publicKeyPem: appKeys.publicKey,
  webhookUrl: "https://hooks.example.com/forge",
  events: ["repository.check_run.completed"],
});
if (registered.installationId === undefined) throw new Error("setup: registerApp no longer installs the app");
const forge = new SetupForgeApp({ appId: registered.appId, privateKey: appKeys.privateKey, baseUrl }).installation(
  registered.installationId,
);
const main = await forge.repo("acme", "web-app").git.getRef("heads/main");
if (main.sha === undefined) throw new Error("setup: the fake's main ref has no sha");
const sha = main.sha;

// The webhook event: the delivery the fake forge signs when a completed check run is posted, verified and typed.
const delivered: Request[] = [];
fake.forge.webhooks.setReceiver(async (delivery) => {
  delivered.push(delivery);
  return new Response(null, { status: 204 });
});
await forge.repo("acme", "web-app").checkRuns.post({
  sha,
  suite: { key: "ci", externalId: "b-1" },
  key: "lint",
  externalId: "lint-1",
  status: "completed",
  conclusion: "success",
  externalUpdatedAt: new Date().toISOString(),
});
await fake.forge.webhooks.runDue();
const delivery = delivered.find((request) => request.headers.get("webhook-event-type")?.endsWith("completed"));
if (!delivery) throw new Error("setup: the fake forge delivered no repository.check_run.completed");
const webhookEvent = await parseWebhookEvent(await verifyWebhook(delivery, { keys: new SetupForgeKeys({ baseUrl }) }));

const rendered: string[] = [];
function render(text: string): void {
  rendered.push(text);
}

expectAfterSnippet("render to receive the run's assistant text as it streams, ending with the whole text", async () => {
  // The view streams on its own; give the fake's 20 ms run a moment to finish (never more than 5 s).
  for (let waited = 0; waited < 5_000; waited += 20) {
    if ((await client.runs.get(agentId, runId)).status === "FINISHED" && rendered.length > 1) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const last = rendered.at(-1) ?? "";
  return last !== "" && rendered.every((text, index) => index === 0 || text.startsWith(rendered[index - 1] ?? ""));
});
