// A secret given where it does not belong (in the wrong option, in `baseUrl`'s user:password@ or query, with a line
// break inside): the error that refuses it names the option and rule, and shows no part of the secret. Every secret
// kind × every misplacement; any 8 characters of the secret (as is or URL-encoded) in any surface count as a leak.
import { generateKeyPairSync } from "node:crypto";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient } from "../../../src/forge/index.js";

const PEM = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const PEM_BODY = PEM.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, "");

const SECRETS: ReadonlyArray<[kind: string, secret: string]> = [
  ["agents API key", "sk_live_Aa0/Bb1+Cc2~Dd3.Ee4-Ff5_Gg6Hh7"],
  ["admin team key", "key_team_9f8e7d6c5b4a39281706f5e4d3c2b1a0"],
  ["admin organization key", "key_org_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0+/="],
  ["installation token", "oit_0001Installation.Token~0f1e2d3c4b5a"],
  ["user token", "fut_user/Token+With.Odd~Chars-0123456789"],
  ["app JWT", "eyJhbGciOiJFZERTQSJ9.eyJpc3MiOiJhcHBfMSIsImV4cCI6OTl9.c2lnbmF0dXJlX29mX3RoZV9hcHBfand0XzAxMjM"],
  ["private key PEM", PEM],
];

const BASE = "https://api.example.test";
const fetch = async () => Response.json({});
const split = (s: string) => `${s.slice(0, 12)}\n${s.slice(12)}`;
const enc = encodeURIComponent;

/** Each misplacement: a constructor (or call) that must throw an AgentlineError before the network. */
const MISPLACED: ReadonlyArray<[name: string, run: (s: string) => unknown]> = [
  [
    "logLevel: secret",
    (s) => new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: BASE, logLevel: s as "debug" }),
  ],
  [
    "forge logLevel: secret",
    (s) => new ForgeClient({ token: "fut_0123456789", baseUrl: BASE, logLevel: s as "debug" }),
  ],
  ["baseUrl: secret", (s) => new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: s })],
  [
    "baseUrl user:secret@",
    (s) => new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: `https://u:${enc(s)}@a.test` }),
  ],
  ["baseUrl secret@", (s) => new AdminClient({ apiKey: "k_0123456789", baseUrl: `https://${enc(s)}@a.test` })],
  [
    "baseUrl ?key=secret",
    (s) =>
      new OrganizationClient({ apiKey: "k_0123456789", organizationId: "org_1", baseUrl: `${BASE}/?key=${enc(s)}` }),
  ],
  ["baseUrl #secret", (s) => new ForgeClient({ token: "fut_0123456789", baseUrl: `${BASE}/#${enc(s)}` })],
  [
    "baseUrl raw user:secret@",
    (s) => new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: `https://u:${s}@a.test` }),
  ],
  ["apiKey with a line break inside", (s) => new AgentsClient({ apiKey: split(s), baseUrl: BASE, fetch })],
  ["apiKey with a NUL", (s) => new AgentsClient({ apiKey: `${s}\u0000x`, baseUrl: BASE, fetch })],
  ["token with a line break inside", (s) => new ForgeClient({ token: split(s), baseUrl: BASE, fetch })],
  [
    "privateKey: a secret that is no PEM",
    (s) =>
      new ForgeApp({ appId: "app_1", privateKey: s.replace(/-----[A-Z ]+-----/g, ""), baseUrl: BASE, fetch }).getApp(),
  ],
  [
    "privateKey: a PEM whose body is broken",
    (s) =>
      new ForgeApp({
        appId: "app_1",
        privateKey: `-----BEGIN PRIVATE KEY-----\n${s.replace(/-----[A-Z ]+-----/g, "").trim()}!!\n-----END PRIVATE KEY-----\n`,
        baseUrl: BASE,
        fetch,
      }).getApp(),
  ],
  [
    "call header value with a line break",
    (s) =>
      new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: BASE, fetch }).agents.list(
        {},
        { headers: { "x-api-key": split(s) } },
      ),
  ],
  [
    "header name: `Authorization: Bearer secret`",
    (s) =>
      new ForgeClient({ token: "fut_0123456789", baseUrl: BASE, headers: { [`Authorization: Bearer ${s}`]: "x" } }),
  ],
  [
    "call header name: secret, value not a string",
    (s) =>
      new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: BASE, fetch }).agents.list(
        {},
        { headers: { [s]: 5 as unknown as string } },
      ),
  ],
  [
    "routes name: secret",
    (s) => new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: BASE, routes: { [s]: {} } }),
  ],
  [
    "authScheme: secret",
    (s) => new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: BASE, authScheme: s as "basic" }),
  ],
  [
    "client header value with a line break",
    (s) =>
      new AgentsClient({
        apiKey: "sk_test_0123456789",
        baseUrl: BASE,
        fetch,
        headers: { authorization: `Bearer ${split(s)}` },
      }),
  ],
];

function windows(secret: string): string[] {
  const core = secret.includes("PRIVATE KEY") ? PEM_BODY : secret;
  const out: string[] = [];
  for (const form of [core, enc(core)]) for (let at = 0; at + 8 <= form.length; at++) out.push(form.slice(at, at + 8));
  return out;
}

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe(`secrets in the wrong place: ${SECRETS.length} secret kinds × ${MISPLACED.length} misplacements`, () => {
  it("each is refused with an AgentlineError that shows no 8 characters of the secret in any surface", async () => {
    const leaks: string[] = [];
    const unrefused: string[] = [];
    for (const [kind, secret] of SECRETS) {
      const needles = windows(secret);
      for (const [name, run] of MISPLACED) {
        const error = await thrown(() => run(secret));
        if (!(error instanceof AgentlineError)) {
          unrefused.push(`${kind} / ${name}: ${String(error)}`);
          continue;
        }
        const surfaces = [
          error.message,
          String(error),
          error.stack ?? "",
          JSON.stringify(error),
          inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
        ].join("\n");
        const hit = needles.find((needle) => surfaces.includes(needle));
        if (hit) leaks.push(`${kind} / ${name}: ${JSON.stringify(hit)} in ${JSON.stringify(error.message)}`);
      }
    }
    expect(unrefused).toEqual([]);
    expect(leaks).toEqual([]);
  });

  it("a wrong logLevel that is a plain word is still named in the error", () => {
    expect(
      () => new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: BASE, logLevel: "verbose" as "debug" }),
    ).toThrow(/`logLevel` must be one of off, error, warn, info, debug \(got "verbose"\)/);
    expect(
      () => new AgentsClient({ apiKey: "sk_test_0123456789", baseUrl: BASE, logLevel: "sk_live_0123" as "debug" }),
    ).toThrow(/\(got a string of 12 characters\)/);
  });
});
