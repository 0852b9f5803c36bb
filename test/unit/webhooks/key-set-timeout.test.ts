// ForgeKeys' `timeoutMs` bounds a key set fetch whatever the injected `fetch` does with its AbortSignal: a fetch
// that never answers, or answers and then stalls in its body, fails the refresh after timeoutMs (fail closed, the
// next refresh may try again) rather than holding every later delivery. No timer outlives a fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { KeySetUnavailableError } from "../../../src/webhooks/errors.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import { deliveryHeaders, independentKey } from "./independent-forge.js";

const T = 1_800_000_000;
const now = () => T * 1000;
const key = independentKey();
const KEY_SET = JSON.stringify({ keys: [key.jwk] });

const thrown = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/**
 * A fetch that never settles and ignores its signal (a wrapper that drops it), recording the requests it got. The
 * requests, not only their signals: a Request's signal follows the caller's through a weak reference to the Request's
 * own controller, so a signal kept without its Request stops following once the Request is collected (a test that
 * kept only the signals saw it never abort whenever a garbage collection came in between).
 */
function stuckFetch() {
  const requests: Request[] = [];
  const fetch = (request: Request) => {
    requests.push(request);
    return new Promise<Response>(() => undefined);
  };
  return { fetch, signals: { of: (index: number) => requests[index]?.signal, count: () => requests.length } };
}

/** A fetch that answers 200 at once, then sends half of the key set and stalls. */
const stallingBodyFetch = async () =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(KEY_SET.slice(0, 10)));
      },
    }),
    { status: 200 },
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("ForgeKeys timeoutMs", { timeout: 5000 }, () => {
  it("fails a fetch that never answers after timeoutMs, aborting its signal, and leaves no timer", async () => {
    const { fetch, signals } = stuckFetch();
    const keys = new ForgeKeys({ baseUrl: "https://forge.example", fetch, now, timeoutMs: 200 });
    const outcome = thrown(keys.getKeys());
    await vi.advanceTimersByTimeAsync(199);
    expect(signals.count()).toBe(1);
    expect(signals.of(0)?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(KeySetUnavailableError);
    const cause = (error as Error).cause;
    expect(isAgentlineError(cause) && cause.code).toBe("key_set_invalid");
    expect((cause as Error).message).toBe("GET https://forge.example/v1/forge/keys: no complete answer within 200 ms");
    expect(signals.of(0)?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fails a fetch whose body stalls after timeoutMs", async () => {
    const keys = new ForgeKeys({ baseUrl: "https://forge.example", fetch: stallingBodyFetch, now, timeoutMs: 300 });
    const outcome = thrown(keys.getKeys());
    await vi.advanceTimersByTimeAsync(300);
    const error = await outcome;
    expect(error).toBeInstanceOf(KeySetUnavailableError);
    expect(((error as Error).cause as Error).message).toContain("no complete answer within 300 ms");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("lets deliveries after a stuck fetch fail closed (503-worthy keys_unavailable), then fetch again", async () => {
    let stuck = true;
    const fetch = () =>
      stuck ? new Promise<Response>(() => undefined) : Promise.resolve(new Response(KEY_SET, { status: 200 }));
    const keys = new ForgeKeys({ baseUrl: "https://forge.example", fetch, now, timeoutMs: 100, refreshCooldownMs: 0 });
    const body = JSON.stringify({ type: "ping" });
    const headers = deliveryHeaders([key], { id: "msg_after_stall", timestamp: T, body });
    const first = thrown(verifyWebhook({ headers, body }, { keys, now }));
    await vi.advanceTimersByTimeAsync(100);
    expect((await first) as KeySetUnavailableError).toMatchObject({ reason: "keys_unavailable" });
    stuck = false;
    const verified = await verifyWebhook({ headers, body }, { keys, now });
    expect(verified.id).toBe("msg_after_stall");
    expect(vi.getTimerCount()).toBe(0);
  });
});
