// The shared suite: one list of named async cases that every runtime runs, the same way, against the in-process
// fake service (no network anywhere). Runners, one per runtime:
//
//   Node      test/unit/shared-suite.test.ts      vitest `unit` project         SDK from src/ (vitest compiles it)
//   Chromium  test/browser/shared-suite.test.ts   vitest `browser` project      SDK from src/ (vitest compiles it)
//   Deno      test/deno/suite.test.ts             `deno test` (npm `deno`)      SDK from dist/, the built package
//   Bun       test/bun/suite.test.ts              `bun test` (npm `bun`)        SDK from dist/, the built package
//   workerd   test/workerd/worker.js + run.mjs    miniflare (npm `workerd`)     SDK from dist/, bundled like a Worker
//
// The suite never imports the SDK itself: each runner passes the module it tests to `createSuite`, so the same
// cases check the sources under vitest and what ships (dist/, built by `npm test` first) everywhere else.
// Adding a case is one entry in the array `createSuite` returns.
import type * as Agentline from "../../src/index.js";
import type * as Reactive from "../../src/reactive/index.js";
import type * as Relay from "../../src/relay/index.js";
import type * as Testing from "../../src/testing/index.js";
import type * as Webhooks from "../../src/webhooks/index.js";
import { equal, instanceOf, ok, rejects } from "./assert.js";
import { deliveredPing } from "./ping-delivery.js";
import { createRelayCases } from "./relay-cases.js";
import { createRuntimeCryptoStreamCases } from "./runtime-crypto-stream-cases.js";
import { createRuntimeErrorCases } from "./runtime-error-cases.js";
import { createTrustCases } from "./trust-cases.js";

/** What the suite needs from the SDK: the root entry point, `agentline/testing` and the others it names, merged. */
export type SharedSdk = Pick<
  typeof Agentline,
  | "AgentsClient"
  | "AuthenticationError"
  | "ConflictError"
  | "ConnectionError"
  | "ForgeApp"
  | "generateAppKeyPair"
  | "isAgentlineError"
  | "NotFoundError"
  | "PermissionDeniedError"
  | "RateLimitError"
  | "ValidationError"
> &
  Pick<typeof Testing, "createFakeService"> &
  Pick<
    typeof Webhooks,
    "createWebhookHandler" | "ForgeKeys" | "MemoryDedupeStore" | "verifyWebhook" | "WebhookVerificationError"
  > &
  Pick<typeof Reactive, "watchCheckRuns"> &
  Pick<typeof Relay, "createAgentsRelay" | "DEFAULT_RELAY_OPERATIONS">;

/** One named case; `run` rejects (with an `Error` saying why) when the case fails. */
export interface SharedCase {
  name: string;
  run: () => Promise<void>;
}

/** A case's outcome, as the workerd Worker answers it. */
export interface SharedCaseResult {
  name: string;
  ok: boolean;
  error?: string;
}

const BASE_URL = "https://api.agentline.test";
const API_KEY = "test-key";
const STREAM_ROUTE = "GET /v1/agents/:id/runs/:runId/stream";

/**
 * A fake and a client on one virtual clock: every sleep (the client backing off, the fake waiting for a run's next
 * event) moves the clock at once instead of waiting, so a whole run streams in microseconds on every runtime.
 */
function setup(sdk: SharedSdk) {
  let now = Date.UTC(2030, 0, 1);
  const sleeps: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    now += ms;
    await Promise.resolve();
  };
  const fake = sdk.createFakeService({ apiKeys: [API_KEY], now: () => now, sleep });
  const client = new sdk.AgentsClient({
    apiKey: API_KEY,
    dangerouslyAllowBrowser: true,
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    now: () => now,
    sleep: (ms, signal) => {
      sleeps.push(ms);
      return sleep(ms, signal);
    },
  });
  return {
    fake,
    client,
    sleeps,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** The shared cases, bound to one build of the SDK. */
export function createSuite(sdk: SharedSdk): SharedCase[] {
  return [
    {
      name: "creates an agent and reads its run until FINISHED on the fake clock",
      async run() {
        const { client, advance } = setup(sdk);
        const { agent, run } = await client.agents.create({ prompt: { text: "Fix the flaky test" } });
        ok(/^bc-/.test(agent.id), `agent.id should start with bc-, got ${agent.id}`);
        equal(run.status, "CREATING", "the new run's status");
        const seen = [run.status as string];
        let current = run;
        for (let step = 0; step < 20 && current.status !== "FINISHED"; step++) {
          advance(500);
          current = await client.runs.get(agent.id, run.id);
          if (seen.at(-1) !== current.status) seen.push(current.status);
        }
        equal(seen.join(" > "), "CREATING > RUNNING > FINISHED", "the statuses the run went through");
        ok(current.result?.includes("Fix the flaky test"), `the result should quote the prompt: ${current.result}`);
        equal((await client.agents.get(agent.id)).latestRunId, run.id, "the agent's latestRunId");
      },
    },
    {
      name: "maps 404, 409 and 401 answers to their error classes and codes",
      async run() {
        const { client, fake } = setup(sdk);
        const missing = await rejects(
          () => client.agents.get("bc-00000000-0000-4000-8000-000000000000"),
          "getting an unknown agent",
        );
        instanceOf(missing, sdk.NotFoundError, "the error for an unknown agent");
        equal(missing.status, 404, "its status");
        equal(missing.code, "agent_not_found", "its code");

        const { agent } = await client.agents.create({ prompt: { text: "first" } });
        const busy = await rejects(
          () => client.runs.create(agent.id, { prompt: { text: "second" } }),
          "a follow-up while the first run is active",
        );
        instanceOf(busy, sdk.ConflictError, "the error for a busy agent");
        equal(busy.code, "agent_busy", "its code");

        const stranger = new sdk.AgentsClient({
          apiKey: "unknown-key",
          baseUrl: BASE_URL,
          fetch: fake.fetch,
          dangerouslyAllowBrowser: true,
        });
        const denied = await rejects(() => stranger.agents.list(), "listing with an unknown key");
        instanceOf(denied, sdk.AuthenticationError, "the error for an unknown key");
        equal(denied.status, 401, "its status");
        equal(denied.code, "api_key_not_found", "its code");
        ok(!JSON.stringify(denied).includes("unknown-key"), "the error's JSON must not contain the key");
      },
    },
    {
      name: "rejects an invalid request before anything reaches the network",
      async run() {
        const { client, fake } = setup(sdk);
        const error = await rejects(() => client.agents.create({ prompt: { text: "" } }), "an empty prompt");
        instanceOf(error, sdk.ValidationError, "the error for an empty prompt");
        equal(error.path, "prompt.text", "the field it names");
        equal(fake.requests.length, 0, "requests the fake received");
      },
    },
    {
      name: "retries a 429 after its Retry-After, through the injected sleep",
      async run() {
        const { client, fake, sleeps } = setup(sdk);
        fake.faults.add({ kind: "rate_limit", route: "GET /v1/agents", retryAfterSeconds: 2 });
        const page = await client.agents.list();
        equal(page.items.length, 0, "agents listed");
        equal(fake.requests.length, 2, "requests the fake received");
        equal(fake.requests[0]?.fault, "rate_limit", "the fault on the first request");
        equal(sleeps.join(","), "2000", "the waits before retrying, in ms");

        fake.faults.add({ kind: "rate_limit", route: "GET /v1/agents", times: 10 });
        const limited = new sdk.AgentsClient({
          apiKey: API_KEY,
          dangerouslyAllowBrowser: true,
          baseUrl: BASE_URL,
          fetch: fake.fetch,
          maxRetries: 1,
          sleep: async () => {},
        });
        const error = await rejects(() => limited.agents.list(), "listing through a lasting rate limit");
        instanceOf(error, sdk.RateLimitError, "the error once retries run out");
        equal(fake.requests.length, 4, "requests after one retry more");
      },
    },
    {
      name: "authenticates with Bearer and with Basic (the key as username, empty password)",
      async run() {
        for (const scheme of ["bearer", "basic"] as const) {
          const sent: string[] = [];
          const fake = sdk.createFakeService({ apiKeys: [API_KEY] });
          const client = new sdk.AgentsClient({
            apiKey: API_KEY,
            dangerouslyAllowBrowser: true,
            baseUrl: BASE_URL,
            authScheme: scheme,
            fetch: (request) => {
              sent.push(request.headers.get("authorization") ?? "");
              return fake.fetch(request);
            },
          });
          const { agent } = await client.agents.create({ prompt: { text: `via ${scheme}` } });
          equal((await client.agents.get(agent.id)).id, agent.id, `the agent read back with ${scheme} auth`);
          const expected = scheme === "bearer" ? `Bearer ${API_KEY}` : `Basic ${btoa(`${API_KEY}:`)}`;
          equal(sent[0], expected, `the Authorization header with ${scheme} auth`);
        }
      },
    },
    {
      name: "streams a run through a dropped connection: one resumption, no event twice, ends on result or done",
      async run() {
        const { client, fake } = setup(sdk);
        const { agent, run } = await client.agents.create({ prompt: { text: "stream me" } });
        fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 3 });
        const stream = client.runs.stream(agent.id, run.id, { maxReconnects: 3 });
        const events: Agentline.RunEvent[] = [];
        for await (const event of stream) events.push(event);

        const streamRequests = fake.requests.filter((request) => request.path.endsWith("/stream"));
        equal(streamRequests.length, 2, "stream requests the fake received");
        equal(streamRequests[0]?.fault, "stream_drop", "the fault on the first stream request");
        equal(stream.reconnects, 1, "the stream's reconnections");
        // An `interaction_update` shares its sibling's id by design, so an event is identified by id and type.
        const delivered = events.filter((event) => event.id !== undefined).map((event) => `${event.id}:${event.type}`);
        const twice = delivered.filter((key, index) => delivered.indexOf(key) !== index);
        equal(twice.join(", "), "", "events delivered twice");
        ok(delivered.length >= 3, `at least three events with ids should arrive, got ${delivered.length}`);
        const last = events.at(-1);
        ok(last?.type === "result" || last?.type === "done", `the last event should be result or done: ${last?.type}`);
        const result = events.find((event) => event.type === "result");
        equal(result?.type === "result" && result.data.status, "FINISHED", "the status in the result event");
      },
    },
    {
      name: "a forge app signs its JWT (jose, EdDSA), mints an installation token and posts a check run",
      async run() {
        const now = Date.UTC(2030, 0, 1);
        const fake = sdk.createFakeService({ now: () => now });
        const keys = await sdk.generateAppKeyPair();
        const { appId, installationId } = fake.forge.registerApp({
          publicKeyPem: keys.publicKey,
          install: { scopes: ["repository:checks:write", "repository:labels:read"] },
        });
        ok(installationId !== undefined, "the app should be installed");
        const app = new sdk.ForgeApp({
          appId,
          privateKey: keys.privateKey,
          dangerouslyAllowBrowser: true,
          baseUrl: BASE_URL,
          fetch: fake.fetch,
          now: () => now,
        });
        equal((await app.getApp()).id, appId, "GET /app with the app JWT");
        const repo = app.installation(installationId as string).repo("acme", "web-app");
        const labels = await repo.labels.list().toArray();
        ok(
          labels.some((label) => label.name === "bug"),
          "the seeded labels, through the installation token",
        );
        const post = {
          sha: "c".repeat(40),
          suite: { key: "ci", externalId: "build-1" },
          key: "lint",
          externalId: "lint-1",
          status: "completed" as const,
          conclusion: "success",
          externalUpdatedAt: new Date(now).toISOString(),
        };
        equal((await repo.checkRuns.post(post)).outcome, "created", "the first post");
        equal((await repo.checkRuns.post(post)).outcome, "unchanged", "the same post again");
        const mints = fake.requests.filter((request) => request.path.endsWith("/access_tokens")).length;
        equal(mints, 1, "installation tokens minted for three calls");
        const before = fake.requests.length;
        const refused = await rejects(() => repo.labels.create({ name: "x", color: "#ff0000" }), "a # in the colour");
        instanceOf(refused, sdk.ValidationError, "a # in the colour");
        equal(fake.requests.length, before, "requests sent for the refused label");
      },
    },
    {
      name: "verifies a webhook the fake forge signed and delivered, and refuses a tampered copy",
      async run() {
        const now = Date.UTC(2030, 0, 1);
        const { forgeKeys, delivery } = await deliveredPing(sdk, now);
        const verified = await sdk.verifyWebhook(delivery.clone(), { keys: forgeKeys, now: () => now });
        equal(verified.type, "ping", "the verified event type");
        const body = await delivery.text();
        const tampered = new Request(delivery.url, {
          method: "POST",
          headers: delivery.headers,
          body: body.replace("ping", "pong"),
        });
        const refused = await rejects(
          () => sdk.verifyWebhook(tampered, { keys: forgeKeys, now: () => now }),
          "tampered",
        );
        instanceOf(refused, sdk.WebhookVerificationError, "a tampered body");
        equal((refused as { reason?: string }).reason, "no_matching_signature", "the refusal's reason");
      },
    },
    {
      name: "check runs live end to end: signed check_run deliveries, the webhook handler, a watchCheckRuns view",
      async run() {
        const now = Date.UTC(2030, 0, 1);
        const fake = sdk.createFakeService({ now: () => now });
        const keys = await sdk.generateAppKeyPair();
        const { appId, installationId } = fake.forge.registerApp({
          publicKeyPem: keys.publicKey,
          events: ["repository.check_run.created", "repository.check_run.completed"],
          webhookUrl: "https://receiver.agentline.test/hooks",
          install: { scopes: ["repository:checks:write"] },
        });
        const sha = "e".repeat(40);
        const checks = sdk.watchCheckRuns({ owner: "acme", repo: "web-app", sha });
        const seen: string[] = [];
        const stop = checks.runs.subscribe((runs) => seen.push(runs.map((run) => `${run.key}:${run.status}`).join()));
        const handler = sdk.createWebhookHandler({
          keys: new sdk.ForgeKeys({ baseUrl: BASE_URL, fetch: fake.fetch, now: () => now }),
          now: () => now,
          on: {
            "repository.check_run.created": (event) => void checks.feed(event),
            "repository.check_run.completed": (event) => void checks.feed(event),
          },
        });
        fake.forge.webhooks.setReceiver((request) => handler(request));
        const app = new sdk.ForgeApp({
          appId,
          privateKey: keys.privateKey,
          dangerouslyAllowBrowser: true,
          baseUrl: BASE_URL,
          fetch: fake.fetch,
          now: () => now,
        });
        const repo = app.installation(installationId as string).repo("acme", "web-app");
        const post = { sha, suite: { key: "ci", externalId: "b-1" }, key: "lint", externalId: "lint-1" };
        await repo.checkRuns.post({ ...post, status: "in_progress", externalUpdatedAt: new Date(now).toISOString() });
        await fake.forge.webhooks.runDue();
        equal(checks.run("lint").value?.status, "in_progress", "after check_run.created");
        await repo.checkRuns.post({
          ...post,
          status: "completed",
          conclusion: "success",
          externalUpdatedAt: new Date(now + 1).toISOString(),
        });
        await fake.forge.webhooks.runDue();
        equal(checks.run("lint").value?.conclusion, "success", "after check_run.completed");
        equal(checks.pending.value, false, "nothing pending once the run completed");
        ok(seen.includes("lint:completed"), `the subscriber saw the completed run: ${seen.join(" | ")}`);
        stop();
        checks.dispose();
      },
    },
    {
      name: "generates, signs and verifies with Ed25519 through WebCrypto, JWK round trip included",
      async run() {
        const algorithm = { name: "Ed25519" };
        const keys = (await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
        const message = new TextEncoder().encode('msg_1.1700000000.{"type":"ping"}');
        const signature = await crypto.subtle.sign(algorithm, keys.privateKey, message);
        equal(signature.byteLength, 64, "the signature's length in bytes");
        equal(await crypto.subtle.verify(algorithm, keys.publicKey, signature, message), true, "verify, untouched");

        const tampered = message.slice();
        tampered[0] = (tampered[0] ?? 0) ^ 1;
        equal(await crypto.subtle.verify(algorithm, keys.publicKey, signature, tampered), false, "verify, tampered");

        // The forge publishes its keys as OKP JWKs.
        const jwk = await crypto.subtle.exportKey("jwk", keys.publicKey);
        equal(`${jwk.kty}/${jwk.crv}`, "OKP/Ed25519", "the exported JWK's kty/crv");
        const imported = await crypto.subtle.importKey("jwk", jwk, algorithm, true, ["verify"]);
        equal(await crypto.subtle.verify(algorithm, imported, signature, message), true, "verify with the JWK");
      },
    },
    ...createTrustCases(sdk),
    ...createRuntimeErrorCases(sdk),
    ...createRuntimeCryptoStreamCases(sdk),
    ...createRelayCases(sdk),
  ];
}

/** Runs every case in order and reports each; never throws. */
export async function runSuite(cases: readonly SharedCase[]): Promise<SharedCaseResult[]> {
  const results: SharedCaseResult[] = [];
  for (const { name, run } of cases) {
    try {
      await run();
      results.push({ name, ok: true });
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      results.push({ name, ok: false, error: message });
    }
  }
  return results;
}
