// App JWTs checked by a verifier written from the spec (Code Forge API § Credentials), with WebCrypto alone: header
// `alg` EdDSA, `typ` JWT, `kid` = app id; claims `iss` = app id, `aud` forge-apps, `iat` not in the future, `exp`
// after now and at most about 5 minutes ahead, and at most 5 minutes after `iat`; signed by the app's Ed25519 key. The app's clock is driven by hand:
// reuse until close to expiry (not a signing per call), the exact reuse boundary, a clock going backwards.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ForgeApp } from "../../../src/forge/index.js";

const BASE = "https://forge.adv-auth.example";
const APP = "app_adv";
const START = Date.parse("2026-11-28T12:00:00Z");

const bytes = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
const json = (text: string) => JSON.parse(new TextDecoder().decode(bytes(text))) as Record<string, unknown>;

/** The spec's checks of an app JWT at `nowMs`; the list of what is wrong (empty when the forge would accept it). */
async function problems(jwt: string, publicKey: CryptoKey, nowMs: number): Promise<string[]> {
  const [h, p, s] = jwt.split(".") as [string, string, string];
  const header = json(h);
  const claims = json(p);
  const now = nowMs / 1000;
  const wrong: string[] = [];
  if (header.alg !== "EdDSA") wrong.push("alg");
  if (header.typ !== "JWT") wrong.push("typ");
  if (header.kid !== APP) wrong.push("kid");
  if (claims.iss !== APP) wrong.push("iss");
  if (claims.aud !== "forge-apps") wrong.push("aud");
  const { iat, exp } = claims as { iat: unknown; exp: unknown };
  if (!Number.isInteger(iat) || !Number.isInteger(exp)) wrong.push("iat/exp not integers");
  if ((iat as number) > now) wrong.push(`iat ${(iat as number) - now} s in the future`);
  if ((exp as number) <= now) wrong.push("expired");
  if ((exp as number) - now > 300) wrong.push(`exp ${(exp as number) - now} s ahead (more than 5 minutes)`);
  // A forge may bound the JWT's whole life rather than what is left of it: "about 5 minutes" from iat to exp.
  if ((exp as number) - (iat as number) > 300) wrong.push(`lives ${(exp as number) - (iat as number)} s (iat to exp)`);
  const signed = new TextEncoder().encode(`${h}.${p}`);
  if (!(await crypto.subtle.verify("Ed25519", publicKey, bytes(s), signed))) wrong.push("signature");
  return wrong;
}

async function setup() {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
  const clock = { now: START };
  const sent: Array<{ jwt: string; at: number }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ jwt: (request.headers.get("authorization") ?? "").replace(/^Bearer /, ""), at: clock.now });
    return Response.json({ id: APP, displayName: "adv" });
  };
  const app = new ForgeApp({
    appId: APP,
    privateKey: pair.privateKey,
    baseUrl: BASE,
    fetch,
    now: () => clock.now,
    pointsBudget: false,
    maxRetries: 0,
  });
  /** Every JWT sent so far that the verifier refuses at the time it was sent. */
  const refused = async () => {
    const out: string[] = [];
    for (const { jwt, at } of sent) {
      const wrong = await problems(jwt, pair.publicKey, at);
      if (wrong.length) out.push(`at +${(at - START) / 1000} s: ${wrong.join(", ")}`);
    }
    return out;
  };
  return { app, clock, sent, refused, publicKey: pair.publicKey };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("app JWTs against an independent verifier", () => {
  it("every JWT sent over 20 minutes of calls, one every 7 s, passes; JWTs are reused, not signed per call", async () => {
    const { app, clock, sent, refused } = await setup();
    for (let i = 0; i < 172; i++) {
      await app.getApp();
      clock.now += 7_000;
    }
    expect(await refused()).toEqual([]);
    const distinct = new Set(sent.map((each) => each.jwt)).size;
    // 20 minutes of ~4-minute reuse: about 5 JWTs, never one per call.
    expect(distinct).toBeGreaterThanOrEqual(4);
    expect(distinct).toBeLessThanOrEqual(7);
  });

  it("at the exact reuse boundary and one ms either side, the JWT sent still has at least a minute left", async () => {
    for (const offset of [-1, 0, 1]) {
      const { app, clock, sent, refused } = await setup();
      await app.getApp();
      const exp = json((sent[0] as { jwt: string }).jwt.split(".")[1] as string).exp as number;
      clock.now = exp * 1000 - 60_000 + offset;
      await app.getApp();
      const second = json((sent[1] as { jwt: string }).jwt.split(".")[1] as string).exp as number;
      expect(second * 1000 - clock.now).toBeGreaterThanOrEqual(60_000);
      expect(await refused()).toEqual([]);
    }
  });

  it.each([1_000, 31_000, 120_000, 3_600_000])(
    "after the clock goes back %i ms, the JWT sent is still valid at the new time (iat not ahead, exp ≤ 5 min)",
    async (backMs) => {
      const { app, clock, refused } = await setup();
      clock.now += 10_000;
      await app.getApp();
      clock.now -= backMs;
      await app.getApp();
      await app.appJwt();
      expect(await refused()).toEqual([]);
    },
  );

  it("a clock jumping past the JWT's exp gets a new JWT, never an expired one", async () => {
    const { app, clock, refused } = await setup();
    await app.getApp();
    clock.now += 10 * 60_000;
    await app.getApp();
    expect(await refused()).toEqual([]);
  });

  it("concurrent callers after the JWT aged out share one signing", async () => {
    const { app, clock } = await setup();
    await app.appJwt();
    clock.now += 250_000;
    const sign = vi.spyOn(crypto.subtle, "sign");
    const jwts = await Promise.all(Array.from({ length: 8 }, () => app.appJwt()));
    expect(new Set(jwts).size).toBe(1);
    expect(sign).toHaveBeenCalledTimes(1);
  });

  it("the first calls, concurrent, share one signing", async () => {
    const { app } = await setup();
    const sign = vi.spyOn(crypto.subtle, "sign");
    await Promise.all(Array.from({ length: 8 }, () => app.getApp()));
    expect(sign).toHaveBeenCalledTimes(1);
  });
});
