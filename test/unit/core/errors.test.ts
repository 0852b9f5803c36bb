import { describe, expect, it } from "vitest";
import {
  AgentlineError,
  ApiError,
  AuthenticationError,
  apiErrorClassFor,
  BadRequestError,
  ConflictError,
  ConnectionError,
  GoneError,
  InternalServerError,
  isAgentlineError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from "../../../src/core/errors.js";
import { parseRateLimit, parseRetryAfter } from "../../../src/core/rate-limit.js";
import { redactHeaders, redactText } from "../../../src/core/redact.js";

describe("errors", () => {
  it("maps each status family to its class", () => {
    const table: Array<[number, typeof ApiError]> = [
      [400, BadRequestError],
      [401, AuthenticationError],
      [403, PermissionDeniedError],
      [404, NotFoundError],
      [409, ConflictError],
      [410, GoneError],
      [429, RateLimitError],
      [500, InternalServerError],
      [502, InternalServerError],
      [503, InternalServerError],
      [418, ApiError],
    ];
    for (const [status, cls] of table) expect(apiErrorClassFor(status)).toBe(cls);
  });

  it("isAgentlineError works across realms through a registered symbol brand", () => {
    const error = new ConnectionError();
    expect(isAgentlineError(error)).toBe(true);
    // An object from "another copy" of the SDK: not our class, but branded with the same global symbol.
    const foreign = Object.assign(new Error("x"), { [Symbol.for("agentline.error")]: true });
    expect(isAgentlineError(foreign)).toBe(true);
    expect(isAgentlineError(new Error("plain"))).toBe(false);
    expect(isAgentlineError(null)).toBe(false);
    expect(error).toBeInstanceOf(AgentlineError);
  });

  it("ApiError carries status, code, requestId, rate limit and retryAfter, and serialises them", () => {
    const error = new RateLimitError({
      status: 429,
      code: "rate_limit_exceeded",
      message: "slow down",
      requestId: "r-1",
      retryAfterMs: 3000,
      rateLimit: { limit: 10, remaining: 0, reset: 1_700_000_000, used: undefined, resource: undefined },
      method: "GET",
      path: "/v1/agents",
    });
    expect(error.name).toBe("RateLimitError");
    expect(error.retryAfter).toBe(3);
    expect(error.message).toBe("429 rate_limit_exceeded: slow down (GET /v1/agents)");
    expect(error.toJSON()).toMatchObject({
      status: 429,
      code: "rate_limit_exceeded",
      requestId: "r-1",
      retryAfterMs: 3000,
    });
  });

  it("ValidationError names the path and rule of the first issue and counts the rest", () => {
    const error = new ValidationError(
      [
        { path: "prompt.text", rule: "min_length", message: "must not be empty" },
        { path: "name", rule: "max_length", message: "at most 100 characters" },
      ],
      { context: "agents.create" },
    );
    expect(error.message).toBe("agents.create: prompt.text: must not be empty [min_length] (and 1 more)");
    expect(error.path).toBe("prompt.text");
    expect(error.rule).toBe("min_length");
    expect(error.direction).toBe("request");
  });

  it("TimeoutError says how to fix it", () => {
    expect(new TimeoutError(5000).message).toContain("timeoutMs");
  });
});

describe("rate limits and Retry-After", () => {
  it("parses X-RateLimit-* headers, or nothing when absent", () => {
    const headers = new Headers({
      "x-ratelimit-limit": "60",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": "1700000060",
    });
    expect(parseRateLimit(headers)).toEqual({
      limit: 60,
      remaining: 0,
      reset: 1_700_000_060,
      used: undefined,
      resource: undefined,
    });
    expect(parseRateLimit(new Headers())).toBeUndefined();
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 23:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe("redaction", () => {
  it("removes known secrets and anything credential-shaped", () => {
    const text =
      "key sk_live_abcdef failed; header Bearer abc.def; jwt eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiIxMjMifQ.sig; oit_0123456789abc";
    const out = redactText(text, ["sk_live_abcdef"]);
    expect(out).not.toContain("sk_live_abcdef");
    expect(out).not.toContain("abc.def");
    expect(out).not.toContain("eyJhbGciOiJFZERTQSJ9");
    expect(out).not.toContain("oit_0123456789abc");
    expect(out).toContain("Bearer [redacted]");
  });

  it("redacts credential headers", () => {
    expect(redactHeaders(new Headers({ authorization: "Bearer k", accept: "x" }))).toEqual({
      authorization: "[redacted]",
      accept: "x",
    });
  });
});
