// Wrong values inside otherwise good arguments, which the whole-argument sweep (bad-arguments.test.ts) cannot reach:
// each fails with the SDK's error naming the field, before any request, where it used to fail with an engine error
// (a DOMException from WebCrypto, a RangeError from Date, a TypeError deep inside a stream) or not at all.
import { describe, expect, it } from "vitest";
import { AgentlineError, ValidationError } from "../../../src/core/errors.js";
import { createRedactor, REDACTED, redactCredentials, redactText } from "../../../src/core/redact.js";
import { applyPost, createCheckRunLedger, expireDeadlines, validateCheckRunPost } from "../../../src/forge/index.js";
import { computeKeyId, generateAppKeyPair, importAppPrivateKey } from "../../../src/forge/keys.js";
import { watchCheckRuns } from "../../../src/reactive/index.js";
import { virtualSetup } from "../agents/stream/stream-helpers.js";

/** What a call threw or rejected with (`undefined` when it did neither). */
const failure = (call: () => unknown): Promise<unknown> =>
  Promise.resolve()
    .then(call)
    .then(
      () => undefined,
      (error: unknown) => error,
    );

describe("keys: a malformed PEM is a ValidationError naming the key, never WebCrypto's DOMException", () => {
  it("for every malformed app private key and public key", async () => {
    const { publicKey } = await generateAppKeyPair();
    const rsa = await crypto.subtle.generateKey(
      { name: "RSASSA-PKCS1-v1_5", modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["sign"],
    );
    const der = new Uint8Array(await crypto.subtle.exportKey("pkcs8", rsa.privateKey));
    const rsaPem = `-----BEGIN PRIVATE KEY-----\n${btoa(String.fromCharCode(...der))}\n-----END PRIVATE KEY-----`;
    const privateKeys = [
      "-----BEGIN PRIVATE KEY-----\n!!not base64!!\n-----END PRIVATE KEY-----",
      "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
      rsaPem,
      { type: "private" },
      publicKey,
    ];
    const publicKeys = ["-----BEGIN PUBLIC KEY-----\n!!\n-----END PUBLIC KEY-----", 42, "PUBLIC KEY"];
    const wrong: string[] = [];
    for (const key of privateKeys) {
      const error = await failure(() => importAppPrivateKey(key as never));
      if (!(error instanceof ValidationError && error.path === "privateKey")) wrong.push(`private: ${String(error)}`);
    }
    for (const key of publicKeys) {
      const error = await failure(() => computeKeyId(key as never));
      if (!(error instanceof ValidationError && error.path === "publicKey")) wrong.push(`public: ${String(error)}`);
    }
    expect(wrong).toEqual([]);
    // A CryptoKey passes as it is.
    const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
    await expect(importAppPrivateKey(pair.privateKey)).resolves.toBe(pair.privateKey);
  });
});

describe("check-run ledger: a time outside what a Date holds names the field", () => {
  it("for applyPost's ctx.now, expireDeadlines' now and validateCheckRunPost's options.now", () => {
    const ledger = createCheckRunLedger();
    const calls: Array<[string, () => unknown]> = [
      ["ctx.now", () => applyPost(ledger, {} as never, { now: 9e15, actor: "app_1" })],
      ["now", () => expireDeadlines(ledger, -9e15)],
      ["options.now", () => validateCheckRunPost({}, { now: Number.NaN })],
      ["ctx.now", () => applyPost(ledger, {} as never, { now: "yesterday", actor: "app_1" })],
    ];
    const wrong: string[] = [];
    for (const [name, call] of calls) {
      try {
        call();
        wrong.push(`${name}: accepted`);
      } catch (error) {
        if (!(error instanceof AgentlineError && error.message.startsWith(`\`${name}\``)))
          wrong.push(`${name}: ${String(error)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("runs.stream: each wrong option fails at the call, before any request", () => {
  it("numbers as watchRun checks them, the id as a string, the signal and the callback by type", async () => {
    const { client, fake } = virtualSetup();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ skipEvents: -1 }, "skipEvents"],
      [{ skipEvents: 1.5 }, "skipEvents"],
      [{ maxReconnects: Number.NaN }, "maxReconnects"],
      [{ heartbeatTimeoutMs: 0 }, "heartbeatTimeoutMs"],
      [{ pollIntervalMs: "5" }, "pollIntervalMs"],
      [{ maxBufferSize: Number.POSITIVE_INFINITY }, "maxBufferSize"],
      [{ lastEventId: 42 }, "lastEventId"],
      [{ signal: {} }, "signal"],
      [{ onConnectionChange: "log" }, "onConnectionChange"],
    ];
    const wrong: string[] = [];
    for (const [options, name] of cases) {
      const error = await failure(() => client.runs.stream("bc-1", "run-1", options));
      if (!(error instanceof AgentlineError) || !error.message.includes(`\`${name}\``))
        wrong.push(`${name}: ${String(error)}`);
    }
    expect(wrong).toEqual([]);
    expect(fake.requests.length).toBe(0);
  });
});

describe("watchCheckRuns: a wrong `forge` or `sleep` fails at the call, a missing one at refresh()", () => {
  it("names the option, with the SDK's errors", async () => {
    const sha = "a".repeat(40);
    for (const [options, name] of [
      [{ forge: 42 }, "forge"],
      [{ forge: {} }, "forge"],
      [{ sleep: "1s" }, "sleep"],
    ] as const) {
      expect(() => watchCheckRuns({ owner: "acme", repo: "web", sha, ...options } as never)).toThrow(
        expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining(`\`${name}\``) }),
      );
    }
    const error = await failure(() => watchCheckRuns({ owner: "acme", repo: "web", sha }).refresh());
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as AgentlineError).code).toBe("invalid_option");
  });
});

describe("redactCredentials: the inspect view's redaction, without the code for known secrets", () => {
  it("equals redactText with no secrets on every credential shape and on ordinary text", async () => {
    const { privateKey } = await generateAppKeyPair();
    const samples = [
      "Bearer abc.def123 and Basic dXNlcjpwYXNz",
      `a JWT eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJhcHBfMSJ9.c2lnbmF0dXJl in ${encodeURIComponent("Bearer x.y.z1")}`,
      `oit_0001Installation/Token+0f1e2d3c and ${privateKey.slice(0, 80)}`,
      JSON.stringify({ authorization: "Bearer sk_live_0123456789" }),
      "Basic authentication is required; Bearer token missing; 100% done",
    ];
    for (const text of samples) expect(redactCredentials(text)).toBe(redactText(text));
    expect(redactCredentials(samples[0] as string)).toBe(`Bearer ${REDACTED} and Basic ${REDACTED}`);
    expect(createRedactor([]).text(samples[2] as string)).toBe(redactCredentials(samples[2] as string));
  });
});
