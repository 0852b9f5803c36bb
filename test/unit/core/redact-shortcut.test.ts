// The redactor's shortcut (a text that cannot hold a secret in any reading is returned as is, without building its
// decoded readings) must never change an answer. A lone `%` at the end decodes to nothing and ends every token, so
// `redact(text + "%")` always takes the full path: the two must agree on every text, to the character.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor, redactCredentials } from "../../../src/core/redact.js";
import { ENCODINGS } from "./secret-echo.js";

const SECRETS = [
  "sk_live_Aa0/Bb1+Cc2~Dd3.Ee4-Ff5_Gg6Hh7",
  "relay key with spaces 0123",
  'quote"back\\slash/key-0123456789',
  "oit_0001Installation/Token+0f1e2d3c",
];

/** Pieces that make texts hard for the shortcut: escapes, half escapes, anchors, and encodings of each secret. */
function pieces(secret: string): string[] {
  return [
    ...ENCODINGS.map((encoding) => encoding.encode(secret)),
    secret.slice(0, 7),
    secret.slice(7),
    "\\",
    "\\\\",
    "\\u",
    "\\u00",
    "\\/",
    '\\"',
    "\\n",
    "/",
    '"',
    "%",
    "%2",
    "%2F",
    "%25",
    "&#",
    "&#x2F;",
    "&#47;",
    "&amp;",
    "&quot;",
    "&",
    "+",
    " ",
    "Bearer ",
    "bAsIc ",
    "eyJ",
    "eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJhcHBfMSJ9.c2lnbmF0dXJl",
    "oit_",
    "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----",
    "lorem ipsum ",
    '{"text":"',
    "0123456789abcdef",
  ];
}

const full = (redact: (text: string) => string) => (text: string) => {
  const out = redact(`${text}%`);
  expect(out.endsWith("%")).toBe(true);
  return out.slice(0, -1);
};

describe("the redactor's shortcut", () => {
  it("gives the full path's answer on 4 secrets × 2,500 texts built from escapes, anchors and encodings: 0 differ", () => {
    let differ = 0;
    let texts = 0;
    let redactedTexts = 0;
    for (const secret of SECRETS) {
      const redactor = createRedactor([secret]);
      const reference = full(redactor.text);
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...pieces(secret)), { maxLength: 12 }), (parts) => {
          const text = parts.join("");
          texts++;
          const answer = redactor.text(text);
          if (answer !== text) redactedTexts++;
          if (answer !== reference(text)) differ++;
        }),
        { numRuns: 2500, seed: 20261128 },
      );
    }
    console.log(`redactor shortcut: ${texts} texts, ${redactedTexts} redacted, ${differ} differ from the full path`);
    expect(texts).toBe(SECRETS.length * 2500);
    expect(redactedTexts).toBeGreaterThan(texts / 2);
    expect(differ).toBe(0);
  });

  it("secrets only (credential shapes left alone): the full path's answer on 4 secrets × 2,500 texts, 0 differ", () => {
    let differ = 0;
    for (const secret of SECRETS) {
      const redactor = createRedactor([secret], { credentialShapes: false });
      const reference = full(redactor.text);
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...pieces(secret)), { maxLength: 12 }), (parts) => {
          const text = parts.join("");
          const answer = redactor.text(text);
          if (answer !== reference(text)) differ++;
        }),
        { numRuns: 2500, seed: 20261129 },
      );
    }
    expect(differ).toBe(0);
    // A token that is not one of the secrets stays as written; a secret does not.
    const secretsOnly = createRedactor([SECRETS[0] as string], { credentialShapes: false });
    for (const kept of [
      "Bearer eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJhcHBfMSJ9.c2lnbmF0dXJl",
      "oit_0001Other/Token+0f1e2d3c",
    ]) {
      expect(secretsOnly.text(kept)).toBe(kept);
      expect(createRedactor([SECRETS[0] as string]).text(kept)).not.toBe(kept);
    }
    expect(createRedactor([SECRETS[0] as string], { credentialShapes: false }).text(`Bearer ${SECRETS[0]}`)).toBe(
      "Bearer [redacted]",
    );
  });

  it("gives the full path's answer for credential shapes with no secrets listed (2,500 texts: 0 differ)", () => {
    const reference = full(redactCredentials);
    let differ = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces("zzzz")), { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        if (redactCredentials(text) !== reference(text)) differ++;
      }),
      { numRuns: 2500, seed: 7 },
    );
    expect(differ).toBe(0);
  });

  it("returns the very same text when nothing is found, with or without decodable escapes", () => {
    const redactor = createRedactor([SECRETS[0] as string]);
    for (const text of ['{"text":"lorem ipsum\\n"}', "100% of \\u0041 and \\/"]) expect(redactor.text(text)).toBe(text);
  });
});
