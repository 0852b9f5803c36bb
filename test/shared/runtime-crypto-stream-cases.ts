// The shared suite's runtime cases for WebCrypto and timers: whether this runtime's Ed25519 (keys generated here,
// published as JWKs, bodies in every form a runtime hands a receiver, small-order keys) verifies what it must and
// nothing else, and whether a run stream stopped early leaves a timer behind (Deno's sanitizers and a workerd
// request would wait on it). Each case counts what must be zero.
import { equal } from "./assert.js";
import { base64 } from "./runtime-error-cases.js";
import type { SharedCase, SharedSdk } from "./suite.js";

const BASE_URL = "https://api.agentline.test";
const API_KEY = "runtime-key-4b1e8d7a92c35f06";

/** A timer ledger: wraps the global timer functions while `during` runs, and returns the timers left pending. */
export async function pendingTimersAfter(during: () => Promise<void>): Promise<number> {
  const g = globalThis as unknown as Record<string, unknown>;
  const saved = ["setTimeout", "clearTimeout", "setInterval", "clearInterval"].map((name) => [name, g[name]] as const);
  const [setT, clearT, setI, clearI] = saved.map(([, fn]) => fn as (...args: unknown[]) => unknown);
  const pending = new Set<unknown>();
  g.setTimeout = (fn: (...a: unknown[]) => void, ms?: number, ...rest: unknown[]) => {
    const id: unknown = setT?.(
      (...a: unknown[]) => {
        pending.delete(id);
        fn(...a);
      },
      ms,
      ...rest,
    );
    pending.add(id);
    return id;
  };
  g.clearTimeout = (id: unknown) => {
    pending.delete(id);
    clearT?.(id);
  };
  g.setInterval = (...args: unknown[]) => {
    const id = setI?.(...args);
    pending.add(id);
    return id;
  };
  g.clearInterval = (id: unknown) => {
    pending.delete(id);
    clearI?.(id);
  };
  try {
    await during();
    // Settle what the last abort scheduled (a microtask, a 0 ms timer) before counting.
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setT?.(resolve, 0));
  } finally {
    for (const [name, fn] of saved) g[name] = fn;
  }
  for (const id of pending) clearT?.(id);
  for (const id of pending) clearI?.(id);
  return pending.size;
}

/** The runtime WebCrypto and timer cases, bound to one build of the SDK. */
export function createRuntimeCryptoStreamCases(sdk: SharedSdk): SharedCase[] {
  return [
    {
      name: "runtime: a delivery signed here with a fresh Ed25519 key verifies from every body form (0 refused)",
      async run() {
        const now = Date.UTC(2030, 0, 1);
        const algorithm = { name: "Ed25519" };
        const pair = (await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
        const other = (await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
        const jwk = (key: CryptoKey, kid: string) =>
          crypto.subtle
            .exportKey("jwk", key)
            .then(({ x }) => ({ kty: "OKP", crv: "Ed25519", use: "sig", alg: "EdDSA", kid, x }));
        const set = { keys: [await jwk(other.publicKey, "k-old"), await jwk(pair.publicKey, "k-new")] };
        // An independent key server: the spec's /v1/forge/keys and nothing else.
        const keys = new sdk.ForgeKeys({
          baseUrl: BASE_URL,
          now: () => now,
          fetch: async (request: Request) =>
            new URL(request.url).pathname === "/v1/forge/keys"
              ? Response.json(set, { headers: { "cache-control": "public, max-age=600, stale-if-error=600" } })
              : new Response(null, { status: 404 }),
        });
        const text = `{"type":"ping","data":{"note":"héllo ✓ 😀"},"pad":"${"x".repeat(300)}"}`;
        const bytes = new TextEncoder().encode(text);
        const id = "msg_runtime_1";
        const timestamp = String(now / 1000);
        const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
        const content = new Uint8Array(prefix.length + bytes.length);
        content.set(prefix);
        content.set(bytes, prefix.length);
        const signature = base64(await crypto.subtle.sign(algorithm, pair.privateKey, content));
        const headers = { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1ed,${signature}` };

        // The same bytes in every form a runtime hands a receiver.
        const padded = new Uint8Array(bytes.length + 11);
        padded.set(bytes, 7);
        const bodies: Array<[string, () => unknown]> = [
          ["string", () => text],
          ["Uint8Array", () => bytes.slice()],
          ["ArrayBuffer", () => bytes.slice().buffer],
          ["subarray at an offset", () => padded.subarray(7, 7 + bytes.length)],
          ["DataView at an offset", () => new DataView(padded.buffer, 7, bytes.length)],
          ["Blob", () => new Blob([bytes])],
          ["ReadableStream", () => new Response(bytes).body],
          ["Request", () => undefined],
        ];
        if (typeof SharedArrayBuffer === "function") {
          bodies.push([
            "SharedArrayBuffer view",
            () => {
              const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
              shared.set(bytes);
              return shared;
            },
          ]);
        }
        const failures: string[] = [];
        for (const [form, body] of bodies) {
          const input =
            form === "Request"
              ? new Request("https://receiver.test/hooks", { method: "POST", headers, body: text })
              : { headers, body: body() };
          await sdk.verifyWebhook(input as Request, { keys, now: () => now }).then(
            (event) => (event.type === "ping" ? undefined : failures.push(`${form}: type ${event.type}`)),
            (error: unknown) => failures.push(`${form}: ${(error as Error).name} ${(error as Error).message}`),
          );
        }
        equal(failures.join(" | "), "", "body forms refused");

        // And the other way: signed by the key that is not published, or over one changed byte, nothing verifies.
        const stranger = (await crypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
        const forged = base64(await crypto.subtle.sign(algorithm, stranger.privateKey, content));
        const flipped = bytes.slice();
        flipped[bytes.length - 2] = (flipped[bytes.length - 2] ?? 0) ^ 1;
        const wrong: Array<[string, Record<string, string>, unknown]> = [
          ["an unpublished key", { ...headers, "webhook-signature": `v1ed,${forged}` }, text],
          ["one flipped body byte", headers, flipped],
          ["another delivery id", { ...headers, "webhook-id": "msg_runtime_2" }, text],
        ];
        let accepted = 0;
        for (const [label, h, body] of wrong) {
          const outcome = await sdk.verifyWebhook({ headers: h, body } as never, { keys, now: () => now }).then(
            () => "accepted",
            (error: unknown) => (error instanceof sdk.WebhookVerificationError ? "refused" : String(error)),
          );
          if (outcome !== "refused") {
            accepted++;
            failures.push(`${label}: ${outcome}`);
          }
        }
        equal(accepted, 0, `forgeries not refused (${failures.join(" | ")})`);

        // Small-order keys published beside the real one (both sign bits): under such a key a signature (R, 0) with
        // a small-order R verifies without any private key wherever the runtime's WebCrypto does not refuse them.
        const small = [
          `00${"00".repeat(31)}`,
          `01${"00".repeat(31)}`,
          "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
          "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
          `ec${"ff".repeat(30)}7f`,
          `ed${"ff".repeat(30)}7f`,
          `ee${"ff".repeat(30)}7f`,
        ].flatMap((hex) => {
          const point = Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
          const signed = point.slice();
          signed[31] = (signed[31] ?? 0) | 0x80;
          return [point, signed];
        });
        const url64 = (bytes: Uint8Array) => base64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
        const weakSet = {
          keys: [set.keys[1], ...small.map((point, i) => ({ ...set.keys[1], kid: `weak-${i}`, x: url64(point) }))],
        };
        const weakKeys = new sdk.ForgeKeys({
          baseUrl: BASE_URL,
          now: () => now,
          fetch: async () => Response.json(weakSet),
        });
        let forgedAccepted = 0;
        for (let i = 0; i < small.length; i += 7) {
          const entries = small.slice(i, i + 7).map((point) => {
            const signatureBytes = new Uint8Array(64);
            signatureBytes.set(point);
            return `v1ed,${base64(signatureBytes)}`;
          });
          const h = { ...headers, "webhook-signature": entries.join(" ") };
          for (const body of ['{"type":"ping"}', '{"type":"ping","n":1}', '{"type":"ping","n":2}', text]) {
            await sdk.verifyWebhook({ headers: h, body }, { keys: weakKeys, now: () => now }).then(
              () => forgedAccepted++,
              () => undefined,
            );
          }
        }
        equal(forgedAccepted, 0, "deliveries forged under small-order keys accepted");
        const genuine = await sdk.verifyWebhook({ headers, body: text }, { keys: weakKeys, now: () => now });
        equal(genuine.type, "ping", "the genuine delivery beside the small-order keys");
      },
    },
    {
      name: "runtime: run streams stopped every way leave 0 timers pending (real timers, 5 ways × 4 runs)",
      async run() {
        let now = Date.UTC(2030, 0, 1);
        const fake = sdk.createFakeService({
          apiKeys: [API_KEY],
          now: () => now,
          sleep: async (ms: number) => {
            now += ms;
          },
        });
        // The client keeps its real timers: attempt timeouts, heartbeat watch, backoff between reconnections.
        const client = new sdk.AgentsClient({
          apiKey: API_KEY,
          baseUrl: BASE_URL,
          fetch: fake.fetch,
          now: () => now,
          timeoutMs: 30_000,
          dangerouslyAllowBrowser: true,
        });
        const route = "GET /v1/agents/:id/runs/:runId/stream";
        const ways = ["to the end", "break after one", "abort after one", "abort before", "return() mid-way"];
        const left: string[] = [];
        for (const way of ways) {
          const pending = await pendingTimersAfter(async () => {
            for (let i = 0; i < 4; i++) {
              const { agent, run } = await client.agents.create({ prompt: { text: `${way} ${i}` } });
              if (i % 2) fake.faults.add({ kind: "stream_drop", route, afterEvents: 2 });
              const controller = new AbortController();
              if (way === "abort before") controller.abort();
              const stream = client.runs.stream(agent.id, run.id, { signal: controller.signal, maxReconnects: 3 });
              if (way === "return() mid-way") {
                const iterator = stream[Symbol.asyncIterator]();
                await iterator.next();
                await iterator.return?.();
                continue;
              }
              try {
                for await (const _event of stream) {
                  if (way === "break after one") break;
                  if (way === "abort after one") controller.abort();
                }
              } catch (error) {
                if (!way.startsWith("abort")) throw error;
              }
            }
          });
          if (pending) left.push(`${way}: ${pending}`);
        }
        equal(left.join(", "), "", "timers left pending after the streams stopped");
      },
    },
  ];
}
