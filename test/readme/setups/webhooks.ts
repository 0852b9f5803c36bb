// Webhooks at the edge: the forge origin (the fake, serving its own Ed25519 keys at /v1/forge/keys), a genuine
// delivery the fake forge signed, and a genuine installation receipt with the state of a real consent address.
// After the run, the block's handler (its `export default`) gets two more signed deliveries and must run its
// `on` handlers for them; a forged copy must be refused and told to `onError`.
// biome-ignore-all lint/correctness/noUnusedVariables: the README block that follows this setup uses them.
import { ForgeApp as SetupForgeApp, generateAppKeyPair as setupGenerateAppKeyPair } from "agentline/forge";
import { expectAfterSnippet, fakeNetwork } from "../network.js";

const baseUrl = "https://api.example.com";
const fake = fakeNetwork({ baseUrl });
const appKeys = await setupGenerateAppKeyPair();
const registered = fake.forge.registerApp({
  publicKeyPem: appKeys.publicKey,
  webhookUrl: "https://hooks.example.com/forge",
  events: ["pull_request.created", "repository.check_run.completed"],
});
const appId = registered.appId;
const setupInstallationId = registered.installationId;
if (setupInstallationId === undefined) throw new Error("setup: registerApp no longer installs the app");

// Deliveries go to this list instead of the network; each is a Request exactly as the forge sends it.
const delivered: Request[] = [];
fake.forge.webhooks.setReceiver(async (delivery) => {
  delivered.push(delivery);
  return new Response(null, { status: 204 });
});
const setupApp = new SetupForgeApp({ appId, privateKey: appKeys.privateKey, baseUrl });
const setupRepo = setupApp.installation(setupInstallationId).repo("acme", "web-app");
/** The delivery of `type` that the fake forge signs and sends when `act` changes the repository through the API. */
async function deliveryOf(type: string, act: () => Promise<unknown>): Promise<Request> {
  const before = delivered.length;
  await act();
  await fake.forge.webhooks.runDue();
  const delivery = delivered.slice(before).find((candidate) => candidate.headers.get("webhook-event-type") === type);
  if (!delivery) throw new Error(`setup: the fake forge delivered no ${type}`);
  return delivery;
}
const openPull = (title: string, head: string) => () => setupRepo.pulls.create({ title, head, base: "main" });
const request = await deliveryOf("pull_request.created", openPull("Add login", "feature/login"));

// The installation flow: the consent address's state, then the receipt the forge hands the redirect.
const { state } = setupApp.installationConsent({
  installUrl: `${baseUrl}/install`,
  scopes: ["repository:checks:write"],
  redirectUri: "https://app.example.com/installed",
});
const token = await fake.forge.issueInstallationReceipt({ appId, installationId: setupInstallationId, state });

// What the block's handlers print, to see that they ran.
const printed: string[] = [];
const print = console.log;
console.log = (...values: unknown[]) => {
  printed.push(values.map(String).join(" "));
  print(...values);
};
const warnings: string[] = [];
console.warn = (...values: unknown[]) => {
  warnings.push(values.map(String).join(" "));
};

expectAfterSnippet("the block to read the forge's key set from {baseUrl}/v1/forge/keys", () =>
  fake.requests.some((logged) => logged.method === "GET" && logged.path === "/v1/forge/keys"),
);
let genuineCopy: Request | undefined;
expectAfterSnippet("`export default { fetch }` to answer 2xx to a signed pull_request.created", async (block) => {
  const pull = await deliveryOf("pull_request.created", openPull("Add search", "feature/search"));
  genuineCopy = pull.clone();
  const response = await workerFetch(block)(pull);
  return response.ok && printed.includes("Add search");
});
expectAfterSnippet("`export default { fetch }` to answer 2xx to a signed check_run.completed", async (block) => {
  const main = await setupRepo.git.getRef("heads/main");
  const completed = await deliveryOf("repository.check_run.completed", () =>
    setupRepo.checkRuns.post({
      sha: main.sha ?? "",
      suite: { key: "ci", externalId: "b-1" },
      key: "lint",
      externalId: "lint-1",
      status: "completed",
      conclusion: "success",
      externalUpdatedAt: new Date().toISOString(),
    }),
  );
  const response = await workerFetch(block)(completed);
  return response.ok && printed.includes("success");
});
expectAfterSnippet("a forged copy (body changed) to be refused with 401 and told to onError", async (block) => {
  const genuine = genuineCopy ?? new Request(baseUrl);
  const body = (await genuine.text()).replace('"Add search"', '"Forged"');
  const forged = new Request(genuine.url, { method: "POST", headers: genuine.headers, body });
  const response = await workerFetch(block)(forged);
  return response.status === 401 && !printed.includes("Forged") && warnings.length === 1;
});

function workerFetch(block: Readonly<Record<string, unknown>>): (request: Request) => Promise<Response> {
  const worker = block.default as { fetch?: unknown } | undefined;
  if (typeof worker?.fetch !== "function") throw new Error("the block no longer exports default { fetch }");
  return worker.fetch as (request: Request) => Promise<Response>;
}
