// verifyWebhook attacked from outside: deliveries signed by an independent signer (node:crypto) whose key a real
// HTTP key server publishes, then tampered one byte, bit or character at a time. Each sweep counts what got
// through (or failed with anything but a WebhookVerificationError carrying a reason) and asserts zero.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookVerificationError } from "../../../src/webhooks/errors.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyWebhook, type WebhookParts } from "../../../src/webhooks/verify.js";
import {
  deliveryHeaders,
  type IndependentKey,
  type IndependentKeyServer,
  independentKey,
  signDelivery,
  startKeyServer,
} from "./independent-forge.js";

const T = 1_800_000_000;
const now = () => T * 1000;
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BODY = JSON.stringify({ type: "pull_request.created", installation: { id: "inst_7" }, title: "Fix login" });

let forgeKey: IndependentKey;
let strayKey: IndependentKey;
let server: IndependentKeyServer;
let keys: ForgeKeys;

beforeAll(async () => {
  forgeKey = independentKey();
  strayKey = independentKey();
  server = await startKeyServer([forgeKey.jwk]);
  keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
});
afterAll(() => server.close());

/** "accepted", the refusal's reason, or "raw: …" for anything thrown that is not a WebhookVerificationError. */
async function outcome(input: Request | WebhookParts): Promise<string> {
  try {
    await verifyWebhook(input, { keys, now });
    return "accepted";
  } catch (error) {
    if (error instanceof WebhookVerificationError && error.reason) return error.reason;
    return `raw: ${String(error)}`;
  }
}

/** Runs every case and returns how many were accepted and how many failed with a raw error. */
async function sweep(cases: Array<() => Request | WebhookParts>): Promise<{ accepted: number; raw: string[] }> {
  let accepted = 0;
  const raw: string[] = [];
  for (const make of cases) {
    const result = await outcome(make());
    if (result === "accepted") accepted += 1;
    else if (result.startsWith("raw")) raw.push(result);
  }
  return { accepted, raw };
}

const genuine = (id = "msg_genuine", body: string | Uint8Array = BODY, timestamp: number | string = T) =>
  deliveryHeaders([forgeKey], { id, timestamp, body });

describe("verifyWebhook against an independent signer: tampering sweeps", () => {
  it("accepts the genuine delivery (the baseline every sweep tampers with)", async () => {
    expect(await outcome({ headers: genuine(), body: BODY })).toBe("accepted");
  });

  it("accepts none of the single-character replacements of the webhook-signature value", async () => {
    const headers = genuine();
    const value = headers["webhook-signature"] as string;
    const cases: Array<() => WebhookParts> = [];
    for (let i = 0; i < value.length; i++) {
      for (const char of `${BASE64}=,. -_`) {
        if (char === value[i]) continue;
        const tampered = value.slice(0, i) + char + value.slice(i + 1);
        cases.push(() => ({ headers: { ...headers, "webhook-signature": tampered }, body: BODY }));
      }
    }
    const { accepted, raw } = await sweep(cases);
    console.log(`signature characters: ${cases.length} replacements, ${accepted} accepted, ${raw.length} raw errors`);
    expect(raw).toEqual([]);
    expect(accepted).toBe(0);
  });

  it("accepts none of the bit flips of the signature bytes and of the body bytes", async () => {
    const headers = genuine();
    const signature = Buffer.from((headers["webhook-signature"] as string).slice("v1ed,".length), "base64");
    const body = new TextEncoder().encode(BODY);
    const cases: Array<() => WebhookParts> = [];
    for (let bit = 0; bit < signature.length * 8; bit++) {
      const flipped = Buffer.from(signature);
      flipped[bit >> 3] = (flipped[bit >> 3] as number) ^ (1 << (bit & 7));
      const value = `v1ed,${flipped.toString("base64")}`;
      cases.push(() => ({ headers: { ...headers, "webhook-signature": value }, body: BODY }));
    }
    for (let bit = 0; bit < body.length * 8; bit++) {
      const flipped = body.slice();
      flipped[bit >> 3] = (flipped[bit >> 3] as number) ^ (1 << (bit & 7));
      cases.push(() => ({ headers, body: flipped }));
    }
    const { accepted, raw } = await sweep(cases);
    console.log(
      `bit flips: ${cases.length} (signature ${signature.length * 8}, body ${body.length * 8}), ${accepted} accepted`,
    );
    expect(raw).toEqual([]);
    expect(accepted).toBe(0);
  });

  it("accepts none of the tamperings of webhook-id and webhook-timestamp", async () => {
    const headers = genuine();
    const id = headers["webhook-id"] as string;
    const stamp = headers["webhook-timestamp"] as string;
    const ids: string[] = [`${id}x`, `x${id}`, `${id}.`, id.toUpperCase()];
    for (let i = 0; i < id.length; i++) {
      ids.push(id.slice(0, i) + id.slice(i + 1));
      ids.push(id.slice(0, i) + String.fromCharCode(id.charCodeAt(i) ^ 1) + id.slice(i + 1));
    }
    const stamps: string[] = [`0${stamp}`, `00${stamp}`];
    for (let i = 0; i < stamp.length; i++) {
      for (const digit of "0123456789")
        if (digit !== stamp[i]) stamps.push(stamp.slice(0, i) + digit + stamp.slice(i + 1));
    }
    const cases = [
      ...ids.map((value) => () => ({ headers: { ...headers, "webhook-id": value }, body: BODY })),
      ...stamps.map((value) => () => ({ headers: { ...headers, "webhook-timestamp": value }, body: BODY })),
    ];
    const { accepted, raw } = await sweep(cases);
    console.log(`id and timestamp: ${ids.length} ids, ${stamps.length} timestamps, ${accepted} accepted`);
    expect(raw).toEqual([]);
    expect(accepted).toBe(0);
  });

  it("accepts the genuine delivery under every header form and body form a server hands it", async () => {
    const headers = genuine();
    const bytes = new TextEncoder().encode(BODY);
    const headerForms: Record<string, () => WebhookParts["headers"]> = {
      "a Headers object": () => new Headers(headers),
      "lower-case record": () => ({ ...headers }),
      "upper-case record": () =>
        Object.fromEntries(Object.entries(headers).map(([name, v]) => [name.toUpperCase(), v])),
      "title-case record": () =>
        Object.fromEntries(Object.entries(headers).map(([n, v]) => [n.replace(/\b\w/g, (c) => c.toUpperCase()), v])),
      "array values": () => Object.fromEntries(Object.entries(headers).map(([name, v]) => [name, [v]])),
      "padded values": () => Object.fromEntries(Object.entries(headers).map(([name, v]) => [name, `  ${v}\t`])),
    };
    const bodyForms: Record<string, () => WebhookParts["body"]> = {
      "a string": () => BODY,
      "a Uint8Array": () => bytes.slice(),
      "an ArrayBuffer": () => bytes.slice().buffer,
      "byte-at-a-time stream": () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
            controller.close();
          },
        }),
    };
    const refused: string[] = [];
    for (const [headerName, headerForm] of Object.entries(headerForms)) {
      for (const [bodyName, bodyForm] of Object.entries(bodyForms)) {
        const result = await outcome({ headers: headerForm(), body: bodyForm() });
        if (result !== "accepted") refused.push(`${headerName} × ${bodyName}: ${result}`);
      }
      const request = new Request("https://app.example/hook", {
        method: "POST",
        headers: headerForm() as never,
        body: BODY,
      });
      const result = await outcome(request);
      if (result !== "accepted") refused.push(`${headerName} × Request: ${result}`);
    }
    console.log(
      `forms: ${Object.keys(headerForms).length * (Object.keys(bodyForms).length + 1)} genuine, ${refused.length} refused`,
    );
    expect(refused).toEqual([]);
  });

  it("passes any one valid v1ed entry whatever sits beside it, and refuses when none is valid", async () => {
    const valid = genuine()["webhook-signature"] as string;
    const stray = deliveryHeaders([strayKey], { id: "msg_genuine", timestamp: T, body: BODY })["webhook-signature"];
    const passing: Record<string, string> = {
      "stray first": `${stray} ${valid}`,
      "stray last": `${valid} ${stray}`,
      "an HMAC v1 entry": `v1,${Buffer.alloc(32, 7).toString("base64")} ${valid}`,
      "another scheme's non-base64 entry": `v2,not*base64! ${valid}`,
      "a short v1ed entry": `v1ed,AAAA ${valid}`,
      "an unpadded v1ed entry": `v1ed,${Buffer.alloc(64, 1).toString("base64").replace(/=+$/, "")} ${valid}`,
      "a bare word": `nonsense ${valid}`,
      "two spaces between": `${stray}  ${valid}`,
      "15 strays then the valid one": `${Array.from({ length: 15 }, () => stray).join(" ")} ${valid}`,
      "the v1a alias": valid.replace("v1ed,", "v1a,"),
    };
    const refusing: Record<string, string> = {
      "stray only": stray as string,
      "other prefixes only": `v1,${valid.slice(5)} v2ed,${valid.slice(5)}`,
      "the valid one upper-cased prefix": valid.replace("v1ed,", "V1ED,"),
      "17 entries": `${Array.from({ length: 16 }, () => stray).join(" ")} ${valid}`,
    };
    const headers = genuine();
    const wrong: string[] = [];
    for (const [name, value] of Object.entries(passing)) {
      const result = await outcome({ headers: { ...headers, "webhook-signature": value }, body: BODY });
      if (result !== "accepted") wrong.push(`${name}: ${result}`);
    }
    for (const [name, value] of Object.entries(refusing)) {
      const result = await outcome({ headers: { ...headers, "webhook-signature": value }, body: BODY });
      if (result === "accepted" || result.startsWith("raw")) wrong.push(`${name}: ${result}`);
    }
    console.log(
      `signature lists: ${Object.keys(passing).length} passing, ${Object.keys(refusing).length} refusing, ${wrong.length} wrong`,
    );
    expect(wrong).toEqual([]);
  });

  it("refuses each signed header sent twice (same value, another value, an empty second value)", async () => {
    const headers = genuine();
    const wrong: string[] = [];
    let tried = 0;
    for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
      for (const second of [headers[name] as string, "other", ""]) {
        for (const order of ["after", "before"]) {
          const both = new Headers(headers);
          both.delete(name);
          const pair = order === "after" ? [headers[name] as string, second] : [second, headers[name] as string];
          for (const value of pair) both.append(name, value);
          tried += 1;
          const result = await outcome({ headers: both, body: BODY });
          if (result !== "malformed_header") wrong.push(`${name} ${order} + ${JSON.stringify(second)}: ${result}`);
        }
      }
    }
    console.log(`duplicated headers: ${tried}, ${wrong.length} not refused as malformed_header`);
    expect(wrong).toEqual([]);
  });

  it("holds the timestamp to 300 s either way, and refuses every timestamp that is not Unix seconds", async () => {
    const signedAt = (stamp: number | string) => ({ headers: genuine("msg_time", BODY, stamp), body: BODY });
    const wrong: string[] = [];
    for (const skew of [-300, 0, 300]) {
      const result = await outcome(signedAt(T + skew));
      if (result !== "accepted") wrong.push(`${skew} s: ${result}`);
    }
    for (const skew of [-301, 301, -T, 10 * T]) {
      const result = await outcome(signedAt(T + skew));
      if (result !== "timestamp_out_of_tolerance") wrong.push(`${skew} s: ${result}`);
    }
    for (const stamp of [
      `-${T}`,
      `${T}.0`,
      `${T}.5`,
      "1.8e9",
      `+${T}`,
      `0x${T.toString(16)}`,
      `${T}s`,
      "9".repeat(40),
    ]) {
      const result = await outcome(signedAt(stamp));
      if (result !== "malformed_header") wrong.push(`${stamp}: ${result}`);
    }
    console.log(`timestamps: 15 cases, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });

  it("verifies the raw bytes before parsing: signed non-UTF-8 is invalid_json, a BOM is read, unsigned junk never parsed", async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0x7d]);
    expect(await outcome({ headers: genuine("msg_bytes", bytes), body: bytes })).toBe("invalid_json");
    const bom = `\uFEFF${BODY}`;
    expect(await outcome({ headers: genuine("msg_bom", bom), body: bom })).toBe("accepted");
    const junk = "{not json";
    expect(await outcome({ headers: genuine("msg_junk", BODY), body: junk })).toBe("no_matching_signature");
  });
});

// Keep the signer honest: its signature verifies with node:crypto's own verify.
it("the independent signer's signature is plain Ed25519 over id.timestamp.body", async () => {
  const { verify } = await import("node:crypto");
  const signature = Buffer.from(signDelivery(forgeKey, "a", "1", "b"), "base64");
  expect(verify(null, Buffer.from("a.1.b"), forgeKey.publicKey, signature)).toBe(true);
});
