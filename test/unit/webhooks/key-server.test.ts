// ForgeKeys against a real HTTP key server written from the spec (§ Discovery and keys): `GET /v1/forge/keys`
// with `Cache-Control: public, max-age=600, stale-if-error=600`. Reuse for 10 minutes; on refresh failure keep
// the last good keys at most 10 more minutes; refresh when no key verifies; keys rotate. Deliveries are signed
// with node:crypto, never with the SDK's signer.
import { afterEach, describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { WebhookVerificationError } from "../../../src/webhooks/errors.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import {
  deliveryHeaders,
  type IndependentKey,
  type IndependentKeyServer,
  independentKey,
  type KeyServerAnswer,
  startKeyServer,
} from "./independent-forge.js";

const T = 1_800_000_000;
const BODY = JSON.stringify({ type: "ping", zen: "hello" });
const servers: IndependentKeyServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A key server publishing `jwks`, a clock, a ForgeKeys and a way to deliver a delivery signed by a key. */
async function bed(jwks: unknown[]) {
  const server = await startKeyServer(jwks);
  servers.push(server);
  let clock = T * 1000;
  const now = () => clock;
  const keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
  let counter = 0;
  /** "accepted" or the refusal's reason (anything else thrown fails the test). */
  const deliver = async (signer: IndependentKey): Promise<string> => {
    counter += 1;
    const headers = deliveryHeaders([signer], {
      id: `msg_${counter}`,
      timestamp: Math.floor(clock / 1000),
      body: BODY,
    });
    try {
      await verifyWebhook({ headers, body: BODY }, { keys, now });
      return "accepted";
    } catch (error) {
      expect(error).toBeInstanceOf(WebhookVerificationError);
      return (error as WebhookVerificationError).reason;
    }
  };
  const advance = (ms: number) => {
    clock += ms;
  };
  return { server, keys, deliver, advance };
}

describe("ForgeKeys against an independent key server", () => {
  it("reuses the key set for max-age (600 s) and refetches at 600 s; without Cache-Control too", async () => {
    const key = independentKey();
    const counts: string[] = [];
    for (const cacheControl of ["public, max-age=600, stale-if-error=600", undefined]) {
      const { server, deliver, advance } = await bed([]);
      server.answer({ status: 200, body: JSON.stringify({ keys: [key.jwk] }), cacheControl });
      for (let i = 0; i < 100; i++) {
        expect(await deliver(key)).toBe("accepted");
        advance(5_999); // 100 deliveries over 599.9 s
      }
      const within = server.fetches();
      advance(100);
      expect(await deliver(key)).toBe("accepted");
      counts.push(`${cacheControl ?? "none"}: ${within} then ${server.fetches()}`);
    }
    console.log(`max-age: ${counts.join("; ")}`);
    expect(counts).toEqual(["public, max-age=600, stale-if-error=600: 1 then 2", "none: 1 then 2"]);
  });

  it("honours a shorter max-age the server sends", async () => {
    const key = independentKey();
    const { server, deliver, advance } = await bed([]);
    server.publish([key.jwk], "public, max-age=60, stale-if-error=600");
    await deliver(key);
    advance(59_999);
    await deliver(key);
    expect(server.fetches()).toBe(1);
    advance(1);
    await deliver(key);
    expect(server.fetches()).toBe(2);
  });

  it("keeps the last good keys at most 600 s past max-age through every kind of failed refresh, then fails closed", async () => {
    const key = independentKey();
    const failures: Record<string, KeyServerAnswer> = {
      "503": { status: 503, body: "down" },
      "200 not JSON": { status: 200, body: "<html>captive portal</html>" },
      "200 without keys": { status: 200, body: JSON.stringify({ keys: [] }) },
      "200 only RSA": { status: 200, body: JSON.stringify({ keys: [{ kty: "RSA", n: "AQAB", e: "AQAB" }] }) },
      "connection dropped": { status: 0, body: "" },
    };
    const wrong: string[] = [];
    for (const [name, failure] of Object.entries(failures)) {
      const { server, keys, deliver, advance } = await bed([key.jwk]);
      await deliver(key);
      server.answer(failure);
      const timeline: Array<[number, string]> = [
        [600_000, "accepted"], // max-age over: the refresh fails, the stale copy serves
        [599_999, "accepted"], // 1,199.999 s after the fetch
        [1, "keys_unavailable"], // 1,200 s: past max-age + stale-if-error
      ];
      for (const [step, expected] of timeline) {
        advance(step);
        const got = await deliver(key);
        if (got !== expected) wrong.push(`${name} at +${step} ms: ${got}, expected ${expected}`);
      }
      // Inside the retry cooldown (no fetch) and after it (a fetch): the error says what the last fetch hit.
      for (const step of [0, 30_000]) {
        advance(step);
        const error = await keys.getKeys().catch((thrown: unknown) => thrown);
        const cause = (error as Error).cause;
        if (!isAgentlineError(cause))
          wrong.push(`${name} +${step}: the cause is ${String(cause)}, not an AgentlineError`);
      }
    }
    console.log(`stale-if-error: ${Object.keys(failures).length} failure kinds × 5 moments, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });

  it("picks up a key that rotated in right after the set was fetched: one refresh, no wait", async () => {
    const old = independentKey();
    const rotated = independentKey();
    const { server, deliver } = await bed([old.jwk]);
    expect(await deliver(old)).toBe("accepted");
    expect(server.fetches()).toBe(1);
    server.publish([rotated.jwk]); // weekly rotation: the old key is gone, the new one signs
    expect(await deliver(rotated)).toBe("accepted");
    expect(server.fetches()).toBe(2);
    expect(await deliver(old)).toBe("no_matching_signature");
  });

  it("bounds fetches under 1,000 forged deliveries, concurrent or one by one, and over ten minutes of them", async () => {
    const genuine = independentKey();
    const forger = independentKey();
    const { server, deliver, advance } = await bed([genuine.jwk]);
    const concurrent = await Promise.all(Array.from({ length: 1000 }, () => deliver(forger)));
    const sequential: string[] = [];
    for (let i = 0; i < 1000; i++) sequential.push(await deliver(forger));
    const instant = server.fetches();
    // One forged delivery a second for ten minutes (the set expires once in between).
    for (let second = 0; second < 600; second++) {
      advance(1_000);
      await deliver(forger);
    }
    const tenMinutes = server.fetches() - instant;
    const accepted = [...concurrent, ...sequential].filter((outcome) => outcome === "accepted").length;
    console.log(
      `forged: 2,000 at one instant -> ${instant} fetches; 600 over 10 min -> ${tenMinutes} more; ${accepted} accepted`,
    );
    expect(accepted).toBe(0);
    expect(instant).toBeLessThanOrEqual(2); // the first fetch and at most one refresh
    expect(tenMinutes).toBeLessThanOrEqual(600 / 30 + 1); // one refresh per 30 s cooldown, plus the expiry
    expect(await deliver(genuine)).toBe("accepted");
  });

  it("lets no miss retry a failed refresh before the 30 s cooldown, while the stale keys still serve", async () => {
    const genuine = independentKey();
    const forger = independentKey();
    const { server, deliver, advance } = await bed([genuine.jwk]);
    await deliver(genuine);
    advance(600_000);
    server.answer({ status: 503, body: "down" });
    expect(await deliver(genuine)).toBe("accepted"); // the refresh fails; the stale copy serves
    expect(server.fetches()).toBe(2);
    for (let i = 0; i < 100; i++) expect(await deliver(forger)).toBe("no_matching_signature");
    expect(server.fetches()).toBe(2);
    advance(30_000);
    for (let i = 0; i < 100; i++) await deliver(forger);
    expect(server.fetches()).toBe(3); // one retry for the cooldown, however many misses
  });

  it("makes one fetch for 50 concurrent first deliveries", async () => {
    const key = independentKey();
    const { server, deliver } = await bed([key.jwk]);
    server.hold();
    const all = Promise.all(Array.from({ length: 50 }, () => deliver(key)));
    await new Promise((resolve) => setTimeout(resolve, 50)); // let every delivery reach the key set
    server.release();
    expect(new Set(await all)).toEqual(new Set(["accepted"]));
    expect(server.fetches()).toBe(1);
  });

  it("never verifies with a published key of the wrong kind, and skips junk entries beside a good key", async () => {
    const good = independentKey();
    const other = independentKey();
    const wrongKinds: Record<string, object> = {
      "kty EC": { ...other.jwk, kty: "EC" },
      "crv X25519": { ...other.jwk, crv: "X25519" },
      "crv Ed448": { ...other.jwk, crv: "Ed448" },
      "alg ES256": { ...other.jwk, alg: "ES256" },
      "alg HS256": { ...other.jwk, alg: "HS256" },
      "alg none": { ...other.jwk, alg: "none" },
      "use enc": { ...other.jwk, use: "enc" },
      "key_ops encrypt": { ...other.jwk, key_ops: ["encrypt"] },
      "key_ops not an array": { ...other.jwk, key_ops: "verify" },
      "x too short": { ...other.jwk, x: (other.jwk.x as string).slice(0, 42) },
      "x as kty oct k": { kty: "oct", k: other.jwk.x, alg: "HS256" },
    };
    const wrong: string[] = [];
    for (const [name, jwk] of Object.entries(wrongKinds)) {
      const { deliver } = await bed([good.jwk, jwk, null, "junk", 42, { kty: "RSA" }]);
      const signedByOther = await deliver(other);
      if (signedByOther === "accepted") wrong.push(`${name}: accepted`);
      const signedByGood = await deliver(good);
      if (signedByGood !== "accepted") wrong.push(`${name}: the good key beside it: ${signedByGood}`);
    }
    console.log(`wrong-kind keys: ${Object.keys(wrongKinds).length}, ${wrong.length} wrong`);
    expect(wrong).toEqual([]);
  });
});
