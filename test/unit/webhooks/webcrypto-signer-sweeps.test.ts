// verifyWebhook, ForgeKeys, verifyInstallationReceipt and createWebhookHandler against a forge written with WebCrypto
// alone (webcrypto-forge.ts): what the other sweeps leave out. Key sets with any Cache-Control under forged floods,
// published keys of small order, receipts with unknown kids, rotation under concurrent deliveries, genuine bodies of
// every awkward kind, the handler's answers, and what is left running afterwards. Each sweep lists what went wrong.
import { afterEach, describe, expect, it } from "vitest";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyInstallationReceipt } from "../../../src/webhooks/receipt.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import {
  b64url,
  type CountingKeyServer,
  countingKeyServer,
  signedHeaders,
  signJws,
  smallOrderEncodings,
  type WebKey,
  webKey,
} from "./webcrypto-forge.js";

const T = 1_800_000_000;
const BODY = JSON.stringify({ type: "ping", zen: "keep it logically awesome" });
const servers: CountingKeyServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function bed(keys: unknown[], cacheControl?: string) {
  const server = await countingKeyServer(keys, cacheControl);
  servers.push(server);
  let clock = T * 1000;
  const now = () => clock;
  const forgeKeys = new ForgeKeys({ baseUrl: server.baseUrl, now });
  let counter = 0;
  const deliver = async (signer: WebKey | WebKey[], body: string | Uint8Array = BODY, maxBodyBytes?: number) => {
    counter += 1;
    const headers = await signedHeaders([signer].flat(), `msg_${counter}`, Math.floor(clock / 1000), body);
    return outcome(
      verifyWebhook({ headers, body }, { keys: forgeKeys, now, ...(maxBodyBytes ? { maxBodyBytes } : {}) }),
    );
  };
  const advance = (ms: number) => {
    clock += ms;
  };
  return { server, keys: forgeKeys, now, deliver, advance };
}

/** "accepted", or the refusal's reason, or "raw: …" for anything else thrown. */
const outcome = (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => "accepted",
    (error: { reason?: string }) => error?.reason ?? `raw: ${String(error)}`,
  );

describe("ForgeKeys under forged floods, whatever Cache-Control the key set comes with", () => {
  const CACHE_CONTROLS = [
    "max-age=0",
    "no-store",
    "no-cache",
    "public, max-age=0, stale-if-error=600",
    "private, no-cache, no-store, must-revalidate",
    "max-age=1",
  ];

  it(`${CACHE_CONTROLS.length} Cache-Control values × 400 forged deliveries at one instant: at most 2 fetches each`, async () => {
    const genuine = await webKey();
    const forger = await webKey();
    const wrong: string[] = [];
    for (const cacheControl of CACHE_CONTROLS) {
      const { server, deliver } = await bed([genuine.jwk], cacheControl);
      const results = [];
      for (let i = 0; i < 200; i++) results.push(await deliver(forger));
      results.push(...(await Promise.all(Array.from({ length: 200 }, () => deliver(forger)))));
      const accepted = results.filter((result) => result !== "no_matching_signature");
      if (accepted.length) wrong.push(`${cacheControl}: ${accepted.length} not refused (${accepted[0]})`);
      if (server.fetches() > 2) wrong.push(`${cacheControl}: ${server.fetches()} fetches`);
      if ((await deliver(genuine)) !== "accepted") wrong.push(`${cacheControl}: the genuine delivery was refused`);
    }
    console.log(`Cache-Control floods: ${CACHE_CONTROLS.length} × 400 forged, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });

  it("one forged delivery a second for ten minutes: at most two fetches per 30 s cooldown, whatever max-age says", async () => {
    const genuine = await webKey();
    const forger = await webKey();
    const wrong: string[] = [];
    for (const cacheControl of CACHE_CONTROLS) {
      const { server, deliver, advance } = await bed([genuine.jwk], cacheControl);
      for (let second = 0; second < 600; second++) {
        advance(1_000);
        if ((await deliver(forger)) === "accepted") wrong.push(`${cacheControl}: a forgery at ${second} s`);
      }
      // Each 30 s: the expiry's fetch and one miss refresh, at most.
      if (server.fetches() > 2 * (600 / 30) + 2) wrong.push(`${cacheControl}: ${server.fetches()} fetches in 600 s`);
    }
    console.log(`ten minutes of forgeries: ${CACHE_CONTROLS.length} Cache-Control values, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });
});

describe("published keys of small order", () => {
  // With a small-order public key A, [k]A takes at most 8 values whatever the message, so a signature (R, S = 0) with
  // R = -[k]A verifies for about one message in eight: no private key needed. A verifier must never use such a key.
  const forgeries = async (weakX: Uint8Array) => {
    const good = await webKey();
    const weak = { kty: "OKP", crv: "Ed25519", use: "sig", alg: "EdDSA", kid: "weak", x: b64url(weakX) };
    const { now, keys, server } = await bed([good.jwk, weak]);
    let accepted = 0;
    for (const r of smallOrderEncodings()) {
      for (let i = 0; i < 6; i++) {
        const signature = new Uint8Array(64);
        signature.set(r);
        const id = `msg_forged_${i}`;
        const headers = {
          "webhook-id": id,
          "webhook-timestamp": String(T),
          "webhook-signature": `v1ed,${Buffer.from(signature).toString("base64")}`,
        };
        if ((await outcome(verifyWebhook({ headers, body: BODY }, { keys, now }))) === "accepted") accepted += 1;
      }
    }
    // Receipts name the weak key by kid: the same forgery as a compact JWS.
    const part = (value: object) => b64url(new TextEncoder().encode(JSON.stringify(value)));
    const issuer = `${server.baseUrl}/v1/forge`;
    for (const r of smallOrderEncodings().slice(0, 2)) {
      const signature = new Uint8Array(64);
      signature.set(r);
      const token = `${part({ alg: "EdDSA", kid: "weak", typ: "forge-installation-receipt+jwt" })}.${part({
        iss: issuer,
        aud: "app_1",
        sub: "inst_forged",
        exp: T + 300,
        jti: "j",
      })}.${b64url(signature)}`;
      const verdict = await outcome(verifyInstallationReceipt(token, { keys, appId: "app_1", now }));
      if (verdict === "accepted") accepted += 1;
    }
    const genuine = await outcome(
      verifyWebhook({ headers: await signedHeaders([good], "msg_good", T, BODY), body: BODY }, { keys, now }),
    );
    return { accepted, genuine };
  };

  it("accepts no forgery under any of the 14 small-order encodings published beside a good key", async () => {
    const wrong: string[] = [];
    for (const [index, weakX] of smallOrderEncodings().entries()) {
      const { accepted, genuine } = await forgeries(weakX);
      if (accepted) wrong.push(`encoding ${index} (${Buffer.from(weakX).toString("hex")}): ${accepted} forgeries`);
      if (genuine !== "accepted") wrong.push(`encoding ${index}: the genuine delivery beside it: ${genuine}`);
    }
    console.log(`small-order keys: 14 encodings × (84 webhook + 2 receipt forgeries), ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });
});

describe("receipts with kids the key set does not hold", () => {
  it("bounds fetches under 1,000 forged receipts with unknown kids, at one instant and over ten minutes", async () => {
    const genuine = await webKey();
    const forger = await webKey();
    const { server, keys, now, advance } = await bed([genuine.jwk]);
    const issuer = `${server.baseUrl}/v1/forge`;
    const receipt = (key: WebKey, kid: string) =>
      signJws(
        key,
        { alg: "EdDSA", kid, typ: "forge-installation-receipt+jwt" },
        { iss: issuer, aud: "app_1", sub: "inst_1", exp: Math.floor(now() / 1000) + 300, jti: `j_${kid}` },
      );
    const verdicts: string[] = [];
    const check = async (token: string) =>
      verdicts.push(await outcome(verifyInstallationReceipt(token, { keys, appId: "app_1", now })));
    for (let i = 0; i < 500; i++) await check(await receipt(forger, `kid_${i}`));
    await Promise.all(Array.from({ length: 500 }, async (_, i) => check(await receipt(forger, `kid_c${i}`))));
    const instant = server.fetches();
    for (let second = 0; second < 600; second++) {
      advance(1_000);
      await check(await receipt(forger, `kid_t${second}`));
      // The forger also names the genuine kid: the signature, not the kid, decides.
      if (second % 60 === 0) await check(await receipt(forger, genuine.kid));
    }
    const later = server.fetches() - instant;
    const accepted = verdicts.filter((verdict) => verdict === "accepted").length;
    const raw = verdicts.filter((verdict) => verdict.startsWith("raw"));
    console.log(`unknown kids: ${verdicts.length} receipts, ${instant} + ${later} fetches, ${accepted} accepted`);
    expect(raw).toEqual([]);
    expect(accepted).toBe(0);
    expect(instant).toBeLessThanOrEqual(2);
    expect(later).toBeLessThanOrEqual(600 / 30 + 1);
    expect(
      await outcome(verifyInstallationReceipt(await receipt(genuine, genuine.kid), { keys, appId: "app_1", now })),
    ).toBe("accepted");
  });
});

describe("rotation while deliveries arrive", () => {
  it("shares one refresh among 50 concurrent first deliveries of a new key; the removed key stops verifying", async () => {
    const [a, b, c] = [await webKey(), await webKey(), await webKey()];
    const { server, deliver, advance } = await bed([a.jwk]);
    const log: string[] = [];
    expect(await deliver(a)).toBe("accepted");
    server.set([b.jwk]); // weekly rotation: a revoked, b signs
    server.hold();
    const all = Promise.all(Array.from({ length: 50 }, () => deliver(b)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.release();
    const results = await all;
    log.push(`b concurrent: ${results.filter((r) => r !== "accepted").length} refused, ${server.fetches()} fetches`);
    log.push(`a after revocation: ${await deliver(a)}`);
    log.push(`a and b listed, signed by a only: ${await deliver([a])}`);
    advance(30_000);
    server.set([b.jwk, c.jwk]); // overlap: a delivery carrying entries of a (revoked) and c (new)
    log.push(`a + c entries: ${await deliver([a, c])}`);
    advance(600_000);
    server.set([c.jwk]);
    log.push(`b after its revocation and max-age: ${await deliver(b)}`);
    log.push(`c: ${await deliver(c)}`);
    console.log(log.join("; "));
    expect(log).toEqual([
      "b concurrent: 0 refused, 2 fetches",
      "a after revocation: no_matching_signature",
      "a and b listed, signed by a only: no_matching_signature",
      "a + c entries: accepted",
      "b after its revocation and max-age: no_matching_signature",
      "c: accepted",
    ]);
  });
});

describe("genuine deliveries of every awkward body", () => {
  it("accepts each body as a string, bytes, a chunked stream and a Request, at exactly maxBodyBytes", async () => {
    const key = await webKey();
    const { keys, now } = await bed([key.jwk]);
    const big = JSON.stringify({ type: "ping", pad: "x".repeat(256 * 1024) });
    const bodies: Record<string, string | Uint8Array> = {
      "a BOM": `\uFEFF${BODY}`,
      "CRLF line ends": `{\r\n  "type": "ping",\r\n  "zen": "a"\r\n}\r\n`,
      "unicode and astral": JSON.stringify({ type: "ping", text: "Grüße — 日本語 🧪 \u2028 \u0000" }),
      "escaped surrogates": '{"type":"ping","text":"\\ud83e\\uddea"}',
      "an empty object": "{}",
      "a bare JSON string": '"ping"',
      "JSON null": "null",
      "an empty array": "[]",
      "a number": "0",
      "nested arrays": "[[[[]]]]",
      "type not a string": '{"type":7,"installation":null}',
      "256 KiB": big,
      "trailing whitespace": `${BODY} \n\t`,
    };
    const wrong: string[] = [];
    let tried = 0;
    for (const [name, body] of Object.entries(bodies)) {
      const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
      // The event type rides in its (unsigned) header: some of these bodies name none.
      const headers = { ...(await signedHeaders([key], `msg_${tried}`, T, bytes)), "webhook-event-type": "ping" };
      const forms: Record<string, () => Request | { headers: Record<string, string>; body: unknown }> = {
        string: () => ({ headers, body }),
        bytes: () => ({ headers, body: bytes.slice() }),
        stream: () => ({
          headers,
          body: new ReadableStream<Uint8Array>({
            start(controller) {
              const step = bytes.length > 4096 ? 4096 : 7;
              for (let i = 0; i < bytes.length; i += step) controller.enqueue(bytes.slice(i, i + step));
              controller.close();
            },
          }),
        }),
        request: () =>
          new Request("https://app.example/hook", {
            method: "POST",
            headers: { ...headers, "content-length": String(bytes.length) },
            body: bytes.slice(),
          }),
      };
      for (const [form, make] of Object.entries(forms)) {
        tried += 1;
        const exact = await outcome(verifyWebhook(make() as never, { keys, now, maxBodyBytes: bytes.length }));
        if (exact !== "accepted") wrong.push(`${name} as ${form} at its size: ${exact}`);
        if (bytes.length > 1) {
          const under = await outcome(verifyWebhook(make() as never, { keys, now, maxBodyBytes: bytes.length - 1 }));
          if (under !== "body_too_large") wrong.push(`${name} as ${form} one byte over: ${under}`);
        }
      }
    }
    console.log(`awkward bodies: ${tried} genuine deliveries, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });
});

describe("timestamps that are not Unix seconds", () => {
  it("refuses milliseconds, signs, fractions, exponents, other digits and spaces; accepts ±300 s exactly", async () => {
    const key = await webKey();
    const { keys, now } = await bed([key.jwk]);
    const verdict = async (stamp: string) =>
      outcome(verifyWebhook({ headers: await signedHeaders([key], "msg_t", stamp, BODY), body: BODY }, { keys, now }));
    const expected: Record<string, string> = {
      [String(T * 1000)]: "malformed_header",
      [String(T * 1000).slice(0, 12)]: "timestamp_out_of_tolerance",
      [`-${T}`]: "malformed_header",
      [`${T}.000`]: "malformed_header",
      [`${T}e0`]: "malformed_header",
      "１８００００００００": "malformed_header",
      [`${T.toString().slice(0, 5)} ${T.toString().slice(5)}`]: "malformed_header",
      "0": "timestamp_out_of_tolerance",
      "999999999999": "timestamp_out_of_tolerance",
      [String(T - 300)]: "accepted",
      [String(T + 300)]: "accepted",
      [String(T - 301)]: "timestamp_out_of_tolerance",
      [String(T + 301)]: "timestamp_out_of_tolerance",
      [`0${T - 300}`]: "accepted",
    };
    const wrong: string[] = [];
    for (const [stamp, want] of Object.entries(expected)) {
      const got = await verdict(stamp).catch((error: unknown) => `raw: ${String(error)}`);
      if (got !== want) wrong.push(`${JSON.stringify(stamp)}: ${got}, expected ${want}`);
    }
    console.log(`timestamps: ${Object.keys(expected).length} cases, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });
});

describe("a shared key-set cache written by an isolate whose clock runs ahead", () => {
  it("still picks up a rotated key: a snapshot dated in the future never pins the old set", async () => {
    const [old, rotated] = [await webKey(), await webKey()];
    const wrong: string[] = [];
    for (const aheadMs of [5_000, 60_000, 3_600_000, 7 * 86_400_000]) {
      const { server, now, advance } = await bed([rotated.jwk]);
      const snapshot = { jwks: { keys: [old.jwk] }, fetchedAt: now() + aheadMs, maxAgeSeconds: 600 };
      // The other isolate's copy stays in the cache (its writes win, ours are dropped).
      const cache = { get: async () => snapshot, set: async () => undefined };
      const keys = new ForgeKeys({ baseUrl: server.baseUrl, now, cache });
      for (const step of [0, 31_000, 601_000, 3_600_000]) {
        advance(step);
        const stamp = Math.floor(now() / 1000);
        const headers = await signedHeaders([rotated], `msg_${step}`, stamp, BODY);
        const got = await outcome(verifyWebhook({ headers, body: BODY }, { keys, now }));
        if (got !== "accepted")
          wrong.push(`snapshot ${aheadMs} ms ahead, +${step} ms: ${got} (${server.fetches()} fetches)`);
      }
    }
    console.log(`future-dated snapshots: 4 × 4 deliveries, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });
});

describe("a delivery of a rotated key that was already verifying when the refresh landed", () => {
  it("is accepted: a miss that finds the set refreshed since its keys were read tries again", async () => {
    const [old, rotated] = [await webKey(), await webKey()];
    const strays = await Promise.all(Array.from({ length: 15 }, () => webKey()));
    const wrong: string[] = [];
    let trials = 0;
    for (const delayMs of [0, 1, 2, 3, 5, 8]) {
      for (let trial = 0; trial < 4; trial++) {
        trials += 1;
        const { server, deliver } = await bed([old.jwk]);
        await deliver(old);
        server.set([rotated.jwk]);
        server.hold();
        const first = deliver(rotated); // its miss starts the refresh, held at the server
        while (server.fetches() < 2) await new Promise((resolve) => setTimeout(resolve, 1));
        // The second reads the old keys, then spends a while on 16 entries while the refresh lands.
        const second = deliver([...strays, rotated]);
        setTimeout(() => server.release(), delayMs);
        const results = [await first, await second];
        if (results.some((result) => result !== "accepted")) wrong.push(`release after ${delayMs} ms: ${results}`);
      }
    }
    console.log(`refresh races: ${trials} trials, ${wrong.length} genuine deliveries refused`);
    expect(wrong).toEqual([]);
  });
});
