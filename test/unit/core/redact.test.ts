// The redactor on its own: every secret kind in every encoding and embedding is found (count 0), and text
// without secrets is left exactly as it was.
import { beforeAll, describe, expect, it } from "vitest";
import { createRedactor, REDACTED, redactText, secretsInHeaders } from "../../../src/core/redact.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { countLeaks, ENCODINGS, needlesOf } from "./secret-echo.js";

const API_KEY = "sk_live_Aa0/Bb1+Cc2~Dd3.Ee4-Ff5_Gg6Hh7";
const JWT =
  "eyJhbGciOiJFZERTQSIsImtpZCI6ImFwcF8xIiwidHlwIjoiSldUIn0.eyJpc3MiOiJhcHBfMSIsImF1ZCI6ImZvcmdlLWFwcHMifQ.c2lnbmF0dXJlLWJ5dGVzLW9mLXRoZS1hcHAtand0LTAxMjM0NTY3ODk";
const TOKEN = "oit_0001Installation/Token+0f1e2d3c";
const UNICODE = "clé-secrète-ünïcode-🔑-0123456789";
let pem = "";

beforeAll(async () => {
  pem = (await generateAppKeyPair()).privateKey;
});

/** Where an encoded secret may sit in a longer text. */
const EMBEDDINGS: Array<[string, (v: string) => string]> = [
  ["alone", (v) => v],
  ["in a sentence", (v) => `the key ${v} is not valid.`],
  ["in JSON text", (v) => JSON.stringify({ error: { message: v } })],
  ["in a query string", (v) => `https://x.example/cb?token=${v}&state=1`],
  ["glued to words", (v) => `abc${v}xyz`],
];

describe("createRedactor", () => {
  it("finds every secret kind × encoding × embedding (count 0)", () => {
    const secrets: Array<[string, string]> = [
      ["API key", API_KEY],
      ["app JWT", JWT],
      ["installation token", TOKEN],
      ["non-ASCII secret", UNICODE],
      ["PEM private key", pem],
    ];
    const leaks: string[] = [];
    let cases = 0;
    for (const [kind, secret] of secrets) {
      const redactor = createRedactor([secret]);
      for (const encoding of ENCODINGS) {
        for (const [where, embed] of EMBEDDINGS) {
          cases++;
          const out = redactor.text(embed(encoding.encode(secret)));
          if (countLeaks(out, needlesOf(secret)) > 0 || !out.includes(REDACTED)) {
            leaks.push(`${kind} / ${encoding.name} / ${where}: ${out.slice(0, 120)}`);
          }
        }
      }
    }
    expect(cases).toBe(5 * ENCODINGS.length * EMBEDDINGS.length);
    expect(leaks).toEqual([]);
  });

  it("replaces exactly the secret's characters (whole escape sequences), leaving the rest intact", () => {
    const redactor = createRedactor([API_KEY]);
    expect(redactor.text(`before ${API_KEY} after`)).toBe(`before ${REDACTED} after`);
    const escaped = [...API_KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    expect(redactor.text(`a${escaped}b \\n c`)).toBe(`a${REDACTED}b \\n c`);
    expect(redactor.text(`x=${encodeURIComponent(API_KEY)}&y=%20`)).toBe(`x=${REDACTED}&y=%20`);
    // A base64 echo goes as a whole token (`key:` or `user:key` around the secret).
    expect(redactor.text(`Authorization: Basic ${btoa(`${API_KEY}:`)}, ok`)).toBe(
      `Authorization: Basic ${REDACTED}, ok`,
    );
  });

  it("a secret a dump or a wrapped line took apart: the whole run replaced, the words around it kept", () => {
    const redactor = createRedactor([API_KEY]);
    const pairs = [...new TextEncoder().encode(API_KEY)].map((byte) => byte.toString(16).padStart(2, "0"));
    expect(redactor.text(`bytes: ${pairs.join(" ")} (end)`)).toBe(`bytes: ${REDACTED} (end)`);
    expect(redactor.text(`key = b"${pairs.map((pair) => `\\x${pair}`).join("")}"`)).toBe(`key = b"\\x${REDACTED}"`);
    expect(redactor.text(`[${pairs.map((pair) => `0x${pair}`).join(", ")}]`)).toBe(`[0x${REDACTED}]`);
    expect(redactor.text(`spaced: ${[...API_KEY].join(" ")} !`)).toBe(`spaced: ${REDACTED} !`);
    // Wrapped base64 goes as a whole token across its line breaks, as one line would.
    const wrapped = (btoa(`Authorization: Bearer ${API_KEY}`).match(/.{1,20}/g) ?? []).join("\r\n");
    expect(redactor.text(`body:\r\n${wrapped}\r\n\r\n-- end`)).toBe(`body:\r\n${REDACTED}\r\n\r\n-- end`);
    // Without the secret, nothing is taken: dumps, spaced letters and wrapped lines of other bytes stay as they were.
    for (const text of ["de ad be ef 00 11 22 33", "s p a c e d  o u t", "QUJD\r\nREVG\r\n", "0x10, 0x20, 0x30"]) {
      expect(redactor.text(text)).toBe(text);
    }
    // Content handed on as data is not read for these forms (each would cost a pass over every text).
    const data = createRedactor([API_KEY], { credentialShapes: false, separatedForms: false });
    expect(data.text(`bytes: ${pairs.join(" ")}`)).toBe(`bytes: ${pairs.join(" ")}`);
    expect(data.text(`raw ${API_KEY}`)).toBe(`raw ${REDACTED}`);
  });

  it("leaves text without secrets exactly as it was", () => {
    const redactor = createRedactor([API_KEY, JWT, TOKEN, pem]);
    const ordinary = [
      "Basic authentication is required for this route",
      "Bearer token missing",
      "100% done + 50% more = 150%",
      'path C:\\Users\\me and a JSON text {"a":"\\u00e9\\n"}',
      "dGhpcyBpcyBqdXN0IHNvbWUgb3JkaW5hcnkgYmFzZTY0IHRleHQ=",
      "agent bc-00000000-0000-0000-0000-000000000001 is busy (409)",
      "",
    ];
    for (const text of ordinary) expect(redactor.text(text)).toBe(text);
  });

  it("knows a private key by its parts: the base64 body, each line, and the Ed25519 seed (a JWK's d)", async () => {
    const { exportJWK, importPKCS8 } = await import("jose");
    const jwk = await exportJWK(await importPKCS8(pem, "EdDSA", { extractable: true }));
    const body = pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    const redactor = createRedactor([pem]);
    for (const part of [body, jwk.d as string, btoa(`{"d":"${jwk.d}"}`)]) {
      expect(redactor.text(`echo: ${part}.`)).toBe(`echo: ${REDACTED}.`);
    }
    // The JWT's signature alone is enough to rebuild it; the public header and claims are not secret.
    const [header, , signature] = JWT.split(".");
    expect(createRedactor([JWT]).text(`sig=${signature} header=${header}`)).toBe(`sig=${REDACTED} header=${header}`);
  });

  it("removes credential-shaped values it was not told about, a PEM cut short included", () => {
    const cut = pem.slice(0, 60);
    const out = redactText(`Bearer abc.def123 and Basic dXNlcjpwYXNz and ${cut}`);
    expect(out).toBe(`Bearer ${REDACTED} and Basic ${REDACTED} and ${REDACTED}`);
  });

  it("redacts every string and key of a value, without merging two redacted keys", () => {
    const redactor = createRedactor([API_KEY, TOKEN]);
    const cycle: Record<string, unknown> = { note: TOKEN };
    cycle.self = cycle;
    const value = { [API_KEY]: 1, [TOKEN]: 2, list: [`a ${API_KEY}`, 3, null], date: new Date(0), cycle };
    const out = redactor.value(value) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual([REDACTED, `${REDACTED}#2`, "list", "date", "cycle"]);
    expect(out.list).toEqual([`a ${REDACTED}`, 3, null]);
    expect(out.date).toBe(value.date);
    expect((out.cycle as Record<string, unknown>).note).toBe(REDACTED);
    expect((out.cycle as Record<string, unknown>).self).toBe(out.cycle);
    expect(value[API_KEY]).toBe(1);
  });
});

describe("secretsInHeaders", () => {
  it("lists credential header values, the credential after the scheme, and a Basic user and password", () => {
    const secrets = secretsInHeaders({
      Authorization: `Basic ${btoa("me:hunter2-password")}`,
      "x-api-key": "xk_123456",
      accept: "application/json",
    });
    expect(secrets).toEqual(expect.arrayContaining(["me", "hunter2-password", "xk_123456"]));
    expect(secrets).not.toContain("application/json");
  });
});
