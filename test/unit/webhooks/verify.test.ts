import { describe, expect, it } from "vitest";
import { WebhookVerificationError } from "../../../src/webhooks/errors.js";
import { bytesToBase64 } from "../../../src/webhooks/scheme.js";
import { signWebhook } from "../../../src/webhooks/sign.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import { START, strayKeyPair, webhookSetup } from "./helpers.js";

const NOW_S = Math.floor(START / 1000);

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

function withHeaders(request: Request, change: (headers: Headers) => void): Request {
  const headers = new Headers(request.headers);
  change(headers);
  return new Request(request.url, { method: "POST", headers, body: request.body, duplex: "half" } as RequestInit);
}

describe("verifyWebhook", () => {
  it("verifies a signed delivery and returns id, type, installation, timestamp, payload and raw body", async () => {
    const setup = webhookSetup();
    const payload = { pullRequest: { number: "7" } };
    const request = await setup.delivery({ id: "msg_a", type: "pull_request.created", payload });
    const verified = await verifyWebhook(request, { keys: setup.keys, now: setup.now });
    expect(verified).toMatchObject({
      id: "msg_a",
      type: "pull_request.created",
      typeSource: "body",
      installationId: "inst_1",
      unverifiedInstallationId: undefined,
    });
    expect(verified.timestamp).toBe(NOW_S);
    const body = { type: "pull_request.created", installation: { id: "inst_1" }, ...payload };
    expect(verified.payload).toEqual(body);
    expect(new TextDecoder().decode(verified.rawBody)).toBe(JSON.stringify(body));
  });

  it("accepts parts (a Node-style header record and a string body), and pings without an installation", async () => {
    const setup = webhookSetup();
    const { headers, body } = await setup.signed({ installationId: null });
    const upper = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    const verified = await verifyWebhook({ headers: upper, body }, { keys: setup.keys, now: setup.now });
    expect(verified.installationId).toBeUndefined();
    expect(verified.type).toBe("ping");
    const bytes = await verifyWebhook(
      { headers, body: new TextEncoder().encode(body) },
      { keys: setup.keys, now: setup.now },
    );
    expect(bytes.payload).toEqual({ type: "ping", zen: "hello" });
  });

  it("refuses each missing signed header with missing_header, naming it", async () => {
    const setup = webhookSetup();
    for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
      const request = withHeaders(await setup.delivery(), (headers) => headers.delete(name));
      const error = await refusal(verifyWebhook(request, { keys: setup.keys, now: setup.now }));
      expect(error.reason).toBe("missing_header");
      expect(error.message).toContain(name);
    }
    expect(setup.keyFetches()).toBe(0); // refused before any key was needed
  });

  it("refuses duplicated, empty and malformed headers with malformed_header", async () => {
    const setup = webhookSetup();
    const cases: Array<(headers: Headers) => void> = [
      (headers) => headers.append("webhook-id", headers.get("webhook-id") as string),
      (headers) => headers.append("webhook-timestamp", headers.get("webhook-timestamp") as string),
      (headers) => headers.append("webhook-signature", headers.get("webhook-signature") as string),
      (headers) => headers.append("webhook-event-type", "ping"),
      (headers) => headers.set("webhook-id", "  "),
      (headers) => headers.set("webhook-timestamp", "1.7e9"),
      (headers) => headers.set("webhook-timestamp", `-${NOW_S}`),
      (headers) => headers.set("webhook-id", "msg_é"),
    ];
    for (const change of cases) {
      const error = await refusal(verifyWebhook(withHeaders(await setup.delivery(), change), { keys: setup.keys }));
      expect(error.reason).toBe("malformed_header");
    }
    const { headers, body } = await setup.signed();
    const twoCasings = { ...headers, "Webhook-Id": headers["webhook-id"] as string };
    const error = await refusal(verifyWebhook({ headers: twoCasings, body }, { keys: setup.keys, now: setup.now }));
    expect(error.reason).toBe("malformed_header");
    const asArray = { ...headers, "webhook-signature": [headers["webhook-signature"] as string, "v1ed,AAAA"] };
    const arrayError = await refusal(verifyWebhook({ headers: asArray, body }, { keys: setup.keys, now: setup.now }));
    expect(arrayError.reason).toBe("malformed_header");
  });

  it("refuses malformed signature entries with malformed_signature, without echoing them", async () => {
    const setup = webhookSetup();
    const sixtyFour = bytesToBase64(new Uint8Array(64));
    const values = [
      "v1ed",
      "v1ed,",
      ",abc=",
      "v1ed,not*base64",
      `v1ed,${bytesToBase64(new Uint8Array(32))}`,
      `v1ed,${sixtyFour},x`,
      Array.from({ length: 17 }, () => `v1ed,${sixtyFour}`).join(" "),
    ];
    for (const value of values) {
      const request = withHeaders(await setup.delivery(), (headers) => headers.set("webhook-signature", value));
      const error = await refusal(verifyWebhook(request, { keys: setup.keys, now: setup.now }));
      expect(error.reason).toBe("malformed_signature");
      expect(error.message).not.toContain(sixtyFour);
    }
  });

  it("refuses timestamps beyond the tolerance either way and accepts its edges", async () => {
    const setup = webhookSetup();
    const options = { keys: setup.keys, now: setup.now };
    await expect(verifyWebhook(await setup.delivery({ timestamp: NOW_S - 300 }), options)).resolves.toBeTruthy();
    await expect(verifyWebhook(await setup.delivery({ timestamp: NOW_S + 300 }), options)).resolves.toBeTruthy();
    const old = await refusal(verifyWebhook(await setup.delivery({ timestamp: NOW_S - 412 }), options));
    expect(old.reason).toBe("timestamp_out_of_tolerance");
    expect(old.message).toBe("The timestamp is 412 s old; the tolerance is 300 s.");
    const future = await refusal(verifyWebhook(await setup.delivery({ timestamp: NOW_S + 301 }), options));
    expect(future.reason).toBe("timestamp_out_of_tolerance");
    expect(future.message).toContain("301 s in the future");
    const wider = { ...options, toleranceSeconds: 600 };
    await expect(verifyWebhook(await setup.delivery({ timestamp: NOW_S - 412 }), wider)).resolves.toBeTruthy();
  });

  it("accepts the Standard Webhooks v1a alias and any one valid signature among several", async () => {
    const setup = webhookSetup();
    const options = { keys: setup.keys, now: setup.now };
    const alias = await verifyWebhook(await setup.delivery({ prefix: "v1a" }), options);
    expect(alias.type).toBe("ping");
    const [forgeKey] = await setup.fake.forge.signingKeys();
    const stray = await strayKeyPair();
    const request = await setup.delivery({ signWith: [stray.privateKey, forgeKey?.privateKey as CryptoKey] });
    expect((request.headers.get("webhook-signature") as string).split(" ")).toHaveLength(2);
    expect((await verifyWebhook(request, options)).type).toBe("ping");
    // Another scheme's entry (`v1,` HMAC) is skipped, not refused.
    const mixed = withHeaders(await setup.delivery(), (headers) =>
      headers.set("webhook-signature", `v1,${bytesToBase64(new Uint8Array(32))} ${headers.get("webhook-signature")}`),
    );
    expect((await verifyWebhook(mixed, options)).type).toBe("ping");
  });

  it("refuses a delivery no active key signed, or with no entry of an accepted prefix: no_matching_signature", async () => {
    const setup = webhookSetup();
    const options = { keys: setup.keys, now: setup.now };
    const stray = await strayKeyPair();
    const forged = await refusal(verifyWebhook(await setup.delivery({ signWith: [stray.privateKey] }), options));
    expect(forged.reason).toBe("no_matching_signature");
    const other = await refusal(verifyWebhook(await setup.delivery({ prefix: "v2ed" }), options));
    expect(other.reason).toBe("no_matching_signature");
    // The signature covers the body and the id: change either and nothing verifies.
    const { headers, body } = await setup.signed();
    const tampered = await refusal(verifyWebhook({ headers, body: body.replace("hello", "hellO") }, options));
    expect(tampered.reason).toBe("no_matching_signature");
    const renamed = await refusal(verifyWebhook({ headers: { ...headers, "webhook-id": "msg_other" }, body }, options));
    expect(renamed.reason).toBe("no_matching_signature");
  });

  it("picks up a rotated key on its first delivery, with one refresh", async () => {
    const setup = webhookSetup();
    const options = { keys: setup.keys, now: setup.now };
    await verifyWebhook(await setup.delivery(), options);
    expect(setup.keyFetches()).toBe(1);
    setup.advance(60_000);
    await setup.fake.forge.rotateKeys();
    const verified = await verifyWebhook(await setup.delivery(), options);
    expect(verified.type).toBe("ping");
    expect(setup.keyFetches()).toBe(2);
  });

  it("bounds refreshes under a storm of 1,000 forged deliveries to one per cooldown", async () => {
    const setup = webhookSetup();
    const options = { keys: setup.keys, now: setup.now };
    await verifyWebhook(await setup.delivery(), options);
    setup.advance(31_000);
    const stray = await strayKeyPair();
    const forged = await setup.signed({ signWith: [stray.privateKey] });
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, () => verifyWebhook({ headers: forged.headers, body: forged.body }, options)),
    );
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    expect(setup.keyFetches()).toBe(2); // the first fetch, then one refresh for the whole storm
    setup.advance(10_000);
    for (let i = 0; i < 100; i++) {
      await verifyWebhook({ headers: forged.headers, body: forged.body }, options).catch(() => undefined);
    }
    expect(setup.keyFetches()).toBe(2); // still inside the cooldown
  });

  it("refuses a body over maxBodyBytes: early by Content-Length, else while streaming, without reading it all", async () => {
    const setup = webhookSetup();
    const options = { keys: setup.keys, now: setup.now, maxBodyBytes: 1024 };
    const big = await setup.delivery({ body: JSON.stringify({ pad: "x".repeat(5000) }) });
    const declared = withHeaders(big, (headers) => headers.set("content-length", "5013"));
    expect((await refusal(verifyWebhook(declared, options))).reason).toBe("body_too_large");

    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(256).fill(32));
      },
    });
    const { headers } = await setup.signed();
    expect((await refusal(verifyWebhook({ headers, body: endless }, options))).reason).toBe("body_too_large");
    expect(pulled).toBeLessThan(10);
    const string = await refusal(verifyWebhook({ headers, body: "y".repeat(2000) }, options));
    expect(string.reason).toBe("body_too_large");
  });

  it("parses JSON only after the signature, and refuses a signed non-JSON or non-UTF-8 body: invalid_json", async () => {
    const setup = webhookSetup();
    const options = { keys: setup.keys, now: setup.now };
    const notJson = await refusal(verifyWebhook(await setup.delivery({ body: "{not json" }), options));
    expect(notJson.reason).toBe("invalid_json");
    const [forgeKey] = await setup.fake.forge.signingKeys();
    const body = new Uint8Array([0x22, 0xff, 0x22]);
    const headers = await signWebhook({
      id: "msg_bytes",
      body,
      keys: [forgeKey?.privateKey as CryptoKey],
      timestamp: NOW_S,
    });
    const bytes = await refusal(
      verifyWebhook({ headers: { ...headers, "webhook-event-type": "ping" }, body }, options),
    );
    expect(bytes.reason).toBe("invalid_json");
    // An unsigned bad body is refused for its signature, never parsed.
    const unsigned = withHeaders(await setup.delivery({ body: "{not json" }), (h) => h.set("webhook-id", "msg_x"));
    expect((await refusal(verifyWebhook(unsigned, options))).reason).toBe("no_matching_signature");
  });

  it("honours a custom scheme: header names and signed content", async () => {
    const setup = webhookSetup();
    const scheme = {
      idHeader: "x-forge-id",
      timestampHeader: "x-forge-time",
      signatureHeader: "x-forge-signature",
      signedContent: (id: string, timestamp: string, body: Uint8Array) =>
        new Uint8Array([...new TextEncoder().encode(`${timestamp}:${id}:`), ...body]),
    };
    const [forgeKey] = await setup.fake.forge.signingKeys();
    const body = JSON.stringify({ ok: true });
    const headers = await signWebhook({
      id: "m1",
      body,
      keys: [forgeKey?.privateKey as CryptoKey],
      timestamp: NOW_S,
      scheme,
    });
    expect(Object.keys(headers).sort()).toEqual(["x-forge-id", "x-forge-signature", "x-forge-time"]);
    const verified = await verifyWebhook(
      { headers: { ...headers, "webhook-event-type": "ping" }, body },
      { keys: setup.keys, now: setup.now, scheme },
    );
    expect(verified.payload).toEqual({ ok: true });
  });
});
