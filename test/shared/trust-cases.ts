// The shared suite's trust cases: the guarantees of issue 12 (paths, secrets, signed routing, bounded waits, streams
// that fail fast and leave no listener behind), checked in every runtime against the built package. Each one counts
// what must be zero; the exhaustive sweeps live in test/unit/, these make sure the same holds where the SDK runs.
import { equal, instanceOf, ok, rejects } from "./assert.js";
import { deliveredPing } from "./ping-delivery.js";
import type { SharedCase, SharedSdk } from "./suite.js";

const BASE_URL = "https://api.agentline.test";
const API_KEY = "trust-key-7f3a9c2e51d04b68";

/** Every form a server might echo the key in (raw, JSON-escaped, URL-encoded, base64 alone and as a Basic pair). */
export function secretForms(secret: string): string[] {
  const unicodeEscaped = [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
  return [secret, unicodeEscaped, encodeURIComponent(secret), btoa(secret), btoa(`${secret}:`), btoa(`user:${secret}`)];
}

/** Every text an error shows: message, String(), stack, toJSON, body, and the whole cause chain. */
function surfaces(error: unknown): string[] {
  const out: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 6; depth++) {
    const e = current as Error & { body?: unknown };
    out.push(String(e), String(e.message), String(e.stack), JSON.stringify(e) ?? "", JSON.stringify(e.body) ?? "");
    for (const key of Object.keys(e))
      out.push(`${key}=${JSON.stringify((e as unknown as Record<string, unknown>)[key]) ?? ""}`);
    current = e.cause;
  }
  return out;
}

/** The trust cases, bound to one build of the SDK. */
export function createTrustCases(sdk: SharedSdk): SharedCase[] {
  const keyed = (fetch: (request: Request) => Promise<Response>, extra: Record<string, unknown> = {}) =>
    new sdk.AgentsClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      fetch,
      sleep: async () => {},
      dangerouslyAllowBrowser: true,
      ...extra,
    });

  return [
    {
      name: "trust: no id leaves its path segment (0 requests for 6 bad ids × 5 calls)",
      async run() {
        const fake = sdk.createFakeService({ apiKeys: [API_KEY] });
        const client = keyed(fake.fetch);
        const calls: Array<[string, (id: string) => unknown]> = [
          ["agents.get", (id) => client.agents.get(id)],
          ["agents.delete", (id) => client.agents.delete(id)],
          ["runs.create", (id) => client.runs.create(id, { prompt: { text: "x" } })],
          ["runs.cancel", (id) => client.runs.cancel("bc-00000000-0000-4000-8000-000000000000", id)],
          ["runs.get", (id) => client.runs.get(id, id)],
        ];
        let refused = 0;
        for (const id of ["..", ".", "", "%2e%2e", "a/..", "../runs"]) {
          for (const [name, call] of calls) {
            const error = await rejects(() => call(id), `${name}(${JSON.stringify(id)})`);
            instanceOf(error, sdk.ValidationError, `${name}(${JSON.stringify(id)})`);
            refused++;
          }
        }
        equal(refused, 30, "calls refused");
        equal(fake.requests.length, 0, "requests that reached the service");
      },
    },
    {
      name: "trust: a key echoed back in any encoding reaches no error surface (0 hits)",
      async run() {
        const forms = secretForms(API_KEY);
        const errors: unknown[] = [];
        for (const authScheme of ["bearer", "basic"] as const) {
          // An independent server that echoes the key in every form it knows, in every place a response has.
          const echo = async () =>
            new Response(
              JSON.stringify({
                error: { code: forms[1], message: `bad key ${forms.join(" ")}`, helpUrl: `https://x.test/${forms[2]}` },
              }),
              { status: 401, headers: { "content-type": "application/json", "x-request-id": forms[4] as string } },
            );
          errors.push(await rejects(() => keyed(echo, { authScheme }).agents.list(), `${authScheme} echo`));
          const throwing = async (request: Request) => {
            throw new TypeError(`fetch failed: ${request.headers.get("authorization")}`, {
              cause: new Error(`socket said ${forms[5]}`),
            });
          };
          errors.push(await rejects(() => keyed(throwing, { authScheme }).agents.list(), `${authScheme} throw`));
        }
        let hits = 0;
        for (const error of errors) {
          ok(sdk.isAgentlineError(error), "every failure is an AgentlineError");
          for (const text of surfaces(error)) for (const form of forms) if (text.includes(form)) hits++;
        }
        equal(hits, 0, "secret forms found on error surfaces");
      },
    },
    {
      name: "trust: an unsigned event-type header cannot redirect a signed delivery, nor steal its dedupe id",
      async run() {
        const now = Date.UTC(2030, 0, 1);
        const { forgeKeys, delivery: genuine } = await deliveredPing(sdk, now);
        const ran: string[] = [];
        const refusals: string[] = [];
        const handler = sdk.createWebhookHandler({
          keys: forgeKeys,
          now: () => now,
          dedupe: new sdk.MemoryDedupeStore(),
          on: { "installation.deleted": () => void ran.push("installation.deleted") },
          onUnhandled: (event) => void ran.push(event.type),
          onError: (_error, info) => void refusals.push(`${info.stage}:${info.reason}`),
        });
        const forgedHeaders = new Headers(genuine.headers);
        forgedHeaders.set("webhook-event-type", "installation.deleted");
        const body = await genuine.clone().text();
        const forged = await handler(new Request(genuine.url, { method: "POST", headers: forgedHeaders, body }));
        equal(forged.status, 400, "the forged copy's status");
        equal(refusals.join(), "verify:header_mismatch", "what onError was told");
        const real = await handler(genuine);
        ok(real.status >= 200 && real.status < 300, `the genuine delivery is accepted (got ${real.status})`);
        equal(ran.join(), "ping", "handlers that ran");
      },
    },
    {
      name: "trust: no one-character change of a real ping's webhook-signature verifies (0 accepted; atob ignores unused bits)",
      async run() {
        const now = Date.UTC(2030, 0, 1);
        const { forgeKeys, delivery } = await deliveredPing(sdk, now);
        const body = await delivery.clone().text();
        const value = delivery.headers.get("webhook-signature") ?? "";
        const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        let tried = 0;
        let accepted = 0;
        // Every replacement of the last four base64 characters (the unused low bits sit there) and the padding.
        for (let i = value.length - 6; i < value.length; i++) {
          for (const char of `${alphabet}=`) {
            if (char === value[i]) continue;
            const headers = new Headers(delivery.headers);
            headers.set("webhook-signature", value.slice(0, i) + char + value.slice(i + 1));
            tried += 1;
            const outcome = await sdk.verifyWebhook({ headers, body }, { keys: forgeKeys, now: () => now }).then(
              () => "accepted",
              (error: unknown) => (error instanceof sdk.WebhookVerificationError ? "refused" : String(error)),
            );
            if (outcome !== "refused") accepted += 1;
          }
        }
        ok(tried > 300, `replacements tried (${tried})`);
        equal(accepted, 0, "tampered signatures accepted or failing with another error");
        // The genuine entry still passes beside another scheme's entry and a malformed one of its own.
        const headers = new Headers(delivery.headers);
        headers.set("webhook-signature", `v2,not*base64 v1ed,AAAA ${value}`);
        const verified = await sdk.verifyWebhook({ headers, body }, { keys: forgeKeys, now: () => now });
        equal(verified.type, "ping", "the genuine entry beside foreign and malformed ones");
      },
    },
    {
      name: "trust: a Retry-After past the cap fails at once with a RateLimitError (0 waits above the cap)",
      async run() {
        const fake = sdk.createFakeService({ apiKeys: [API_KEY] });
        fake.faults.add({ kind: "rate_limit", route: "GET /v1/agents", retryAfterSeconds: 86_400 });
        const sleeps: number[] = [];
        const client = keyed(fake.fetch, { sleep: async (ms: number) => void sleeps.push(ms) });
        const error = await rejects(() => client.agents.list(), "a day's Retry-After");
        instanceOf(error, sdk.RateLimitError, "a day's Retry-After");
        equal((error as { retryAfter?: number }).retryAfter, 86_400, "retryAfter, as the server asked");
        equal(sleeps.filter((ms) => ms > 60_000).length, 0, "waits above the cap");
        equal(fake.requests.length, 1, "requests sent");
      },
    },
    {
      name: "trust: a stream that never connects fails within maxRetries; finished streams leave 0 listeners",
      async run() {
        let attempts = 0;
        const refused = async () => {
          attempts++;
          throw new TypeError("fetch failed");
        };
        const agentId = "bc-00000000-0000-4000-8000-000000000000";
        const runId = "run-00000000-0000-4000-8000-000000000000";
        const failed = await rejects(async () => {
          for await (const _ of keyed(refused, { maxRetries: 2 }).runs.stream(agentId, runId)) break;
        }, "a stream to nowhere");
        instanceOf(failed, sdk.ConnectionError, "a stream to nowhere");
        ok(attempts <= 3, `connection attempts within maxRetries + 1 (got ${attempts})`);

        let now = Date.UTC(2030, 0, 1);
        const sleep = async (ms: number) => {
          now += ms;
        };
        const fake = sdk.createFakeService({ apiKeys: [API_KEY], now: () => now, sleep });
        const client = keyed(fake.fetch, { now: () => now, sleep });
        const signal = new AbortController().signal;
        let listeners = 0;
        const add = signal.addEventListener.bind(signal);
        const remove = signal.removeEventListener.bind(signal);
        signal.addEventListener = (...args: Parameters<AbortSignal["addEventListener"]>) => {
          if (args[0] === "abort") listeners++;
          add(...args);
        };
        signal.removeEventListener = (...args: Parameters<AbortSignal["removeEventListener"]>) => {
          if (args[0] === "abort") listeners--;
          remove(...args);
        };
        for (let i = 0; i < 20; i++) {
          const { agent, run } = await client.agents.create({ prompt: { text: `run ${i}` } });
          for await (const event of client.runs.stream(agent.id, run.id, { signal })) if (i % 2 && event) break;
        }
        equal(listeners, 0, "abort listeners left on the caller's signal after 20 streams");
      },
    },
  ];
}
