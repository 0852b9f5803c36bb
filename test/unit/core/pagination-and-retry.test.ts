import { describe, expect, it } from "vitest";
import { ApiPromise } from "../../../src/core/api-promise.js";
import { authorizationHeader, base64FromUtf8 } from "../../../src/core/auth.js";
import {
  ConnectionError,
  InternalServerError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from "../../../src/core/errors.js";
import { PagePromise } from "../../../src/core/pagination.js";
import {
  decideRetry,
  defaultRetryDecision,
  type RetryPolicy,
  type RetryState,
  retryDelayMs,
} from "../../../src/core/retry.js";

const response = new Response(null);
const pages: Record<string, { items: number[]; nextCursor?: string }> = {
  start: { items: [1, 2], nextCursor: "c2" },
  c2: { items: [3, 4], nextCursor: "c3" },
  c3: { items: [5] },
};

function pager(calls: string[]) {
  return new PagePromise<number>(async (cursor) => {
    calls.push(cursor ?? "start");
    return {
      data: pages[cursor ?? "start"] as { items: number[]; nextCursor?: string },
      response,
      requestId: undefined,
    };
  });
}

describe("PagePromise", () => {
  it("awaits to the first page and fetches it once however it is used", async () => {
    const calls: string[] = [];
    const list = pager(calls);
    const first = await list;
    expect(first.items).toEqual([1, 2]);
    const all: number[] = [];
    for await (const item of list) all.push(item);
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual(["start", "c2", "c3"]);
  });

  it("fetches lazily: breaking early stops the walk", async () => {
    const calls: string[] = [];
    for await (const item of pager(calls)) if (item === 2) break;
    expect(calls).toEqual(["start"]);
  });

  it("walks pages and stops where nextCursor is absent, or on a repeated cursor", async () => {
    const calls: string[] = [];
    const seen = [];
    for await (const page of pager(calls).pages()) seen.push(page.items.length);
    expect(seen).toEqual([2, 2, 1]);
    const looping = new PagePromise<number>(async () => ({
      data: { items: [1], nextCursor: "same" },
      response,
      requestId: undefined,
    }));
    expect(await looping.toArray()).toEqual([1, 1]);
  });

  it("turns a synchronous throw into a rejection", async () => {
    const list = new PagePromise<number>(() => {
      throw new ValidationError([{ path: "limit", rule: "max_value", message: "at most 100" }]);
    });
    await expect(list).rejects.toBeInstanceOf(ValidationError);
  });
});

describe("ApiPromise", () => {
  it("resolves to data and exposes the response", async () => {
    const promise = ApiPromise.from(async () => ({ data: 42, response, requestId: "r" }));
    expect(await promise).toBe(42);
    expect((await promise.withResponse()).requestId).toBe("r");
  });

  it("turns a synchronous throw into a rejection", async () => {
    const promise = ApiPromise.from<number>(() => {
      throw new Error("boom");
    });
    await expect(promise).rejects.toThrow("boom");
  });
});

const policy: RetryPolicy = {
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  initialBackoffMs: 500,
  maxBackoffMs: 8_000,
  random: () => 0.5,
};

function state(error: unknown, extra: Partial<RetryState> = {}): RetryState {
  const status = (error as { status?: number }).status;
  return {
    attempt: 1,
    maxRetries: 2,
    idempotent: true,
    error,
    status,
    retryAfterMs: undefined,
    method: "GET",
    path: "/",
    ...extra,
  };
}
const apiError = (status: number, Cls = InternalServerError) => new Cls({ status, code: "x", message: "m" });

describe("retry decision", () => {
  it("retries transient statuses for idempotent operations only, and 429 always", () => {
    for (const status of [408, 500, 502, 503, 504]) {
      expect(defaultRetryDecision(state(apiError(status)))).toBe(true);
      expect(defaultRetryDecision(state(apiError(status), { idempotent: false }))).toBe(false);
    }
    expect(defaultRetryDecision(state(apiError(429, RateLimitError), { idempotent: false }))).toBe(true);
    expect(defaultRetryDecision(state(apiError(400)))).toBe(false);
    expect(defaultRetryDecision(state(apiError(501)))).toBe(false);
  });

  it("retries connection failures and timeouts only when idempotent", () => {
    expect(defaultRetryDecision(state(new ConnectionError()))).toBe(true);
    expect(defaultRetryDecision(state(new ConnectionError(), { idempotent: false }))).toBe(false);
    expect(defaultRetryDecision(state(new TimeoutError(10), { idempotent: false }))).toBe(false);
    expect(defaultRetryDecision(state(new ValidationError([])))).toBe(false);
  });

  it("stops after maxRetries and lets shouldRetry override", () => {
    expect(defaultRetryDecision(state(apiError(500), { attempt: 3 }))).toBe(false);
    const never = { ...policy, shouldRetry: () => false };
    expect(decideRetry(never, state(apiError(500)))).toBe(false);
    const keep = { ...policy, shouldRetry: () => undefined };
    expect(decideRetry(keep, state(apiError(500)))).toBe(true);
  });

  it("honours Retry-After up to the cap, else backs off exponentially with full jitter", () => {
    expect(retryDelayMs(policy, state(apiError(429, RateLimitError), { retryAfterMs: 3_000 }))).toBe(3_000);
    expect(retryDelayMs(policy, state(apiError(429, RateLimitError), { retryAfterMs: 60_000 }))).toBe(60_000);
    expect(retryDelayMs(policy, state(apiError(500), { attempt: 1 }))).toBe(250);
    expect(retryDelayMs(policy, state(apiError(500), { attempt: 3 }))).toBe(1_000);
    expect(retryDelayMs({ ...policy, random: () => 0.999 }, state(apiError(500), { attempt: 10 }))).toBe(7_992);
  });

  it("refuses a Retry-After above the cap: the server's own error, saying so, with what it asked", () => {
    const asked = new RateLimitError({
      status: 429,
      code: "rate_limit_exceeded",
      message: "slow down",
      retryAfterMs: 86_400_000,
    });
    let refusal: unknown;
    try {
      retryDelayMs(policy, state(asked, { retryAfterMs: 86_400_000 }));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(RateLimitError);
    expect(refusal).toMatchObject({ code: "rate_limit_exceeded", retryAfter: 86_400, serverMessage: "slow down" });
    expect((refusal as RateLimitError).message).toContain("raise the client's `maxRetryAfterMs`");
    // The SDK's own backoff never waits longer than the cap either.
    expect(retryDelayMs({ ...policy, maxRetryAfterMs: 100 }, state(apiError(500), { attempt: 10 }))).toBe(100);
  });
});

describe("auth headers", () => {
  it("Basic uses the key as username with an empty password, UTF-8 safe", () => {
    expect(authorizationHeader("key", "basic")).toBe(`Basic ${btoa("key:")}`);
    expect(authorizationHeader("key", "bearer")).toBe("Bearer key");
    expect(atob(base64FromUtf8("ключ:"))).toBe(String.fromCharCode(...new TextEncoder().encode("ключ:")));
  });
});
