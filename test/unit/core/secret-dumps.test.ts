// Secrets echoed in the forms a debugging server prints bytes in, beyond the sweep's text encodings: an app private
// key's own bytes (its PKCS#8 DER, its 32-byte seed, as `openssl pkey -text` lays them out) and a Basic header's value
// base64-encoded once more. The forms are computed here with node:crypto and Buffer, not by the SDK.
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ForgeApp } from "../../../src/forge/index.js";
import { surfacesOf } from "./secret-echo.js";

/** `openssl pkey -text`'s layout: colon-separated bytes, 15 to a line, indented. */
const opensslDump = (bytes: Buffer) =>
  (bytes.toString("hex").match(/../g) ?? [])
    .join(":")
    .replace(/((?:..:){15})/g, "$1\n    ")
    .trim();

/** A server whose every answer is a 400 echoing `echoed` in its message, in the forge's error format. */
const echoing = (echoed: string) => async () =>
  Response.json({ code: "invalid_argument", message: `could not parse ${echoed}` }, { status: 400 });

function leaksIn(error: unknown, forms: readonly string[]): string[] {
  const found: string[] = [];
  for (const [surface, text] of surfacesOf(error)) {
    const flat = text.replace(/\s+/g, "");
    for (const form of forms) if (text.includes(form) || flat.includes(form.replace(/\s+/g, ""))) found.push(surface);
  }
  return found;
}

describe("secret dumps", () => {
  it("an app private key's DER and seed, in hex, colon-separated or wrapped as openssl prints them, never show", async () => {
    const { privateKey } = generateKeyPairSync("ed25519");
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const der = createPrivateKey(pem).export({ type: "pkcs8", format: "der" });
    const seed = Buffer.from((createPrivateKey(pem).export({ format: "jwk" }) as { d: string }).d, "base64url");
    const forms = {
      "seed hex": seed.toString("hex"),
      "seed HEX": seed.toString("hex").toUpperCase(),
      "seed, openssl -text": opensslDump(seed),
      "DER hex": der.toString("hex"),
      "DER, colon-separated": (der.toString("hex").match(/../g) ?? []).join(":"),
    };
    const needles = [seed.toString("hex"), der.toString("hex")];
    for (const [name, form] of Object.entries(forms)) {
      const app = new ForgeApp({ appId: "app_1", privateKey: pem, baseUrl: "http://forge.test", fetch: echoing(form) });
      const error = await app.installations.get("inst_1").catch((thrown: unknown) => thrown);
      expect(surfacesOf(error).length, name).toBeGreaterThan(0);
      const all = [...needles, ...needles.map((hex) => hex.toUpperCase())];
      expect(leaksIn(error, all), name).toEqual([]);
    }
  });

  it("a Basic header's value base64-encoded again never shows (Agents with authScheme basic, Admin)", async () => {
    const key = "sk_live_Q7xZ93kLmN2pR8tV";
    const basic = Buffer.from(`${key}:`).toString("base64");
    const twice = Buffer.from(basic).toString("base64");
    const forms = [twice, Buffer.from(`Basic ${basic}`).toString("base64"), key, basic];
    const agents = new AgentsClient({
      apiKey: key,
      authScheme: "basic",
      baseUrl: "http://a.test",
      fetch: echoing(twice),
    });
    const admin = new AdminClient({ apiKey: key, baseUrl: "http://a.test", fetch: echoing(twice), rateBudgets: false });
    const errors = [
      await agents.agents.get("bc-1").catch((thrown: unknown) => thrown),
      await admin.members.list().catch((thrown: unknown) => thrown),
    ];
    for (const error of errors) {
      expect(surfacesOf(error).length).toBeGreaterThan(0);
      expect(leaksIn(error, forms)).toEqual([]);
    }
  });
});
