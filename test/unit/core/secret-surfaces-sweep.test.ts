// Secrets echoed in the forms the main sweep (secret-sweep.test.ts) leaves out: a whole token upper- or lower-cased
// (a proxy normalising a header), written backwards, base64-encoded twice (of the key and of `user:key`), base64
// upper-cased, quoted-printable (soft line breaks, `=3D`), broken across lines after its punctuation (LF, and a
// folded CRLF header line), joined by zero-width characters. Every secret kind × every surface (message, String(),
// stack, JSON.stringify, toJSON(), util.inspect, console.log output, every property and cause, the logger at every
// level through a logger and through the console) × every encoding × every place (error body, `www-authenticate`,
// `x-debug`, status text, a text body, a throwing fetch): a count of zero. The relay's key is swept through the
// page-facing answer. Forms and detector are written here with Buffer, sharing no code with src/core/redact.ts.
import { Console } from "node:console";
import { generateKeyPairSync, webcrypto } from "node:crypto";
import { Writable } from "node:stream";
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import type { Logger, LogRecord } from "../../../src/core/options.js";
import { ForgeApp, ForgeClient } from "../../../src/forge/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { countLeaks, needlesOf } from "./secret-echo.js";

const AGENTS_KEY = "sk_live_Aa0/Bb1+Cc2~Dd3.Ee4-Ff5_Gg6Hh7";
const TEAM_KEY = "key_team_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const ORG_KEY = "key_org_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0+/=";
const USER_TOKEN = "fut_user/Token+With.Odd~Chars-0123456789";
const RELAY_KEY = "sk_relay_Kk1.Ll2~Mm3/Nn4+Oo5-Pp6_Qq7Rr8";
const BASE_URL = "https://api.example.test";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
/** Quoted-printable as a mail gateway writes it: `=` as `=3D`, a soft line break (`=` CRLF) every 19 characters. */
const quotedPrintable = (text: string) => (text.replaceAll("=", "=3D").match(/.{1,19}/g) ?? []).join("=\r\n");
/** A line break after the secret's first `.`, `~`, `+` or `/` (else after its 11th character). */
const breakAfterPunctuation = (text: string, lineEnd: string) => {
  const at = text.search(/[.~+/]/);
  const cut = at < 0 ? 11 : at + 1;
  return `${text.slice(0, cut)}${lineEnd}${text.slice(cut)}`;
};

/** The forms this sweep echoes a secret in. */
const ENCODINGS: ReadonlyArray<[name: string, encode: (secret: string) => string]> = [
  ["upper-cased", (s) => s.toUpperCase()],
  ["lower-cased", (s) => s.toLowerCase()],
  ["reversed", (s) => [...s].reverse().join("")],
  ["base64 twice", (s) => b64(b64(s))],
  ["base64url of base64", (s) => b64url(b64(s))],
  ["base64 twice of user:key", (s) => b64(b64(`x-access-token:${s}`))],
  ["base64 of `Bearer key`", (s) => b64(`Bearer ${s}`)],
  ["base64, upper-cased", (s) => b64(s).toUpperCase()],
  ["base64 of key:, upper-cased", (s) => b64(`${s}:`).toUpperCase()],
  ["percent-encoded, upper-cased", (s) => encodeURIComponent(s).toUpperCase()],
  ["quoted-printable", quotedPrintable],
  ["broken after punctuation (LF)", (s) => breakAfterPunctuation(s, "\n")],
  ["broken after punctuation (folded CRLF header line)", (s) => breakAfterPunctuation(s, "\r\n\t")],
  ["joined by zero-width spaces", (s) => [...s].join("\u200b")],
  ["joined by soft hyphens, upper-cased", (s) => [...s.toUpperCase()].join("\u00ad")],
];

// ---- leak detection (independent of the SDK) ----

const INVISIBLE = /[\s\u00ad\u200b-\u200d\u2060\ufeff]+/g;
/** A text as a reader sees it: JSON and inspect escapes undone, soft line breaks and invisible characters gone, lower case. */
const normalise = (text: string) =>
  text
    .replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\\[rnt]/g, " ")
    .replace(/=\r?\n/g, "")
    .replace(INVISIBLE, "")
    .toLowerCase();

/** 20-character windows of the echoed form: any one of them in a surface betrays the secret. */
function windowsOf(echoed: string): string[] {
  const flat = normalise(echoed);
  if (flat.length <= 20) return [flat];
  const out: string[] = [];
  for (let at = 0; at + 20 <= flat.length; at += 5) out.push(flat.slice(at, at + 20));
  return out;
}

function leaked(text: string, windows: readonly string[], needles: readonly string[]): boolean {
  const flat = normalise(text);
  return windows.some((window) => flat.includes(window)) || countLeaks(text, needles) > 0;
}

/** Every surface of an error: message, String(), stack, JSON, toJSON(), inspect, console.log, properties, causes. */
function surfacesOf(error: unknown): Array<[string, string]> {
  const e = error as Error & { toJSON?: () => unknown };
  let logged = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  new Console({ stdout: sink, stderr: sink, colorMode: false }).log(error);
  const props: string[] = [];
  const walk = (value: unknown, depth: number, seen: Set<unknown>) => {
    if (typeof value === "string") props.push(value);
    if (typeof value !== "object" || value === null || seen.has(value) || depth > 10) return;
    seen.add(value);
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key === "string") props.push(key);
      walk((value as Record<PropertyKey, unknown>)[key], depth + 1, seen);
    }
  };
  walk(error, 0, new Set());
  return [
    ["message", String(e?.message)],
    ["String(err)", String(error)],
    ["stack", String(e?.stack)],
    ["JSON.stringify", JSON.stringify(error) ?? ""],
    ["toJSON()", JSON.stringify(typeof e?.toJSON === "function" ? e.toJSON() : null)],
    ["util.inspect", inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true })],
    ["console.log", logged],
    ["properties and causes", props.join("\n")],
  ];
}

// ---- the echo server ----

const headerSafe = (value: string) => /^[\t\x20-\x7e]*$/.test(value);

/** Where an answer carries the echo; each answer fails the call. */
const PLACES: ReadonlyArray<[name: string, answer: (echo: string, authorization: string) => Response]> = [
  [
    "error body (message, code, nested)",
    (echo, authorization) =>
      Response.json(
        { error: { code: "unauthorized", message: `bad credential ${echo}` }, message: echo, echo: { authorization } },
        { status: 401 },
      ),
  ],
  [
    "www-authenticate, x-debug, x-request-id and status text",
    (echo) => {
      const safe = headerSafe(echo) ? echo : "-";
      return new Response(JSON.stringify({ error: { code: "forbidden", message: "no" } }), {
        status: 403,
        statusText: safe,
        headers: {
          "content-type": "application/json",
          "www-authenticate": `Bearer error="invalid_token", error_description="${safe}"`,
          "x-debug": `auth=${safe}`,
          "x-request-id": safe,
        },
      });
    },
  ],
  [
    "text body",
    (echo) =>
      new Response(`<pre>upstream said:\n${echo}\n</pre>`, { status: 502, headers: { "content-type": "text/html" } }),
  ],
];

/** The credential a request carried: a Bearer value, or the Basic password (else the username). */
function credentialOf(authorization: string): string {
  if (authorization.startsWith("Bearer ")) return authorization.slice(7);
  const [user = "", pass = ""] = Buffer.from(authorization.slice(6), "base64").toString("utf8").split(":");
  return pass || user;
}

interface Echo {
  /** Which secret the next failing answer echoes, given the credential received; and how. */
  plan: { pick: (credential: string) => string; encode: (s: string) => string; place: number | "throw" };
  seen: Set<string>;
}

function echoFetch(echo: Echo) {
  let minted = 0;
  return async (request: Request): Promise<Response> => {
    const authorization = request.headers.get("authorization") ?? "";
    const credential = credentialOf(authorization);
    if (credential) echo.seen.add(credential);
    if (authorization) echo.seen.add(authorization.replace(/^\w+ /, ""));
    if (request.method === "POST" && request.url.endsWith("/access_tokens")) {
      const token = `oit_${++minted}Installation.Token~${crypto.randomUUID()}`;
      return Response.json({ token, expiresAt: "2999-01-01T00:00:00Z" }, { status: 201 });
    }
    const echoed = echo.plan.encode(echo.plan.pick(credential));
    if (echo.plan.place === "throw") {
      throw new TypeError(`fetch failed: ${echoed}`, {
        cause: Object.assign(new Error(`socket hang up (authorization: ${echoed})`), { code: "ECONNRESET", echoed }),
      });
    }
    return (PLACES[echo.plan.place] as (typeof PLACES)[number])[1](echoed, authorization);
  };
}

function captureLogger() {
  const lines: string[] = [];
  const levels = new Set<string>();
  const sink = (level: string) => (message: string, record: LogRecord) => {
    levels.add(level);
    lines.push(`${message}\n${JSON.stringify(record)}\n${inspect(record, { depth: Number.POSITIVE_INFINITY })}`);
  };
  const logger: Logger = { debug: sink("debug"), info: sink("info"), warn: sink("warn"), error: sink("error") };
  return { logger, lines, levels };
}

const { privateKey: nodeKey } = generateKeyPairSync("ed25519");
const PEM = nodeKey.export({ type: "pkcs8", format: "pem" }).toString();
const PEM_BODY = PEM.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, "");
const CRYPTO_KEY = await webcrypto.subtle.importKey(
  "pkcs8",
  nodeKey.export({ type: "pkcs8", format: "der" }),
  { name: "Ed25519" },
  false,
  ["sign"],
);

type Build = (fetch: (r: Request) => Promise<Response>, logger: Logger) => () => PromiseLike<unknown>;
const common = (fetch: (r: Request) => Promise<Response>, logger: Logger) => ({
  baseUrl: BASE_URL,
  fetch,
  logger,
  maxRetries: 0,
  sleep: async () => {},
});
const jwtOf = (seen: Set<string>) => [...seen].filter((s) => s.startsWith("eyJ")).at(-1) ?? "";
const tokenOf = (seen: Set<string>) => [...seen].filter((s) => s.startsWith("oit_")).at(-1) ?? "";

/** Each secret kind: the client holding it, and how the echo picks it (from what the request carried, or known). */
const KINDS: ReadonlyArray<[kind: string, build: Build, pick: (credential: string, seen: Set<string>) => string]> = [
  [
    "agents API key (Bearer)",
    (f, l) => () => new AgentsClient({ apiKey: AGENTS_KEY, ...common(f, l) }).agents.list(),
    (c) => c,
  ],
  [
    "agents API key (Basic)",
    (f, l) => () => new AgentsClient({ apiKey: AGENTS_KEY, authScheme: "basic", ...common(f, l) }).agents.get("bc-1"),
    (c) => c,
  ],
  [
    "agents Basic header value",
    (f, l) => () => new AgentsClient({ apiKey: AGENTS_KEY, authScheme: "basic", ...common(f, l) }).agents.list(),
    () => b64(`${AGENTS_KEY}:`),
  ],
  [
    "admin team key (Basic)",
    (f, l) => () => new AdminClient({ apiKey: TEAM_KEY, rateBudgets: false, ...common(f, l) }).members.list(),
    (c) => c,
  ],
  [
    "admin organization key (Basic)",
    (f, l) => () =>
      new OrganizationClient({
        apiKey: ORG_KEY,
        organizationId: "org_1",
        rateBudgets: false,
        ...common(f, l),
      }).members.list(),
    (c) => c,
  ],
  [
    "forge app JWT (PEM key)",
    (f, l) => () => new ForgeApp({ appId: "app_1", privateKey: PEM, pointsBudget: false, ...common(f, l) }).getApp(),
    (c) => c,
  ],
  [
    "forge private key PEM body",
    (f, l) => () => new ForgeApp({ appId: "app_1", privateKey: PEM, pointsBudget: false, ...common(f, l) }).getApp(),
    () => PEM_BODY,
  ],
  [
    "forge app JWT (CryptoKey)",
    (f, l) => () =>
      new ForgeApp({ appId: "app_1", privateKey: CRYPTO_KEY, pointsBudget: false, ...common(f, l) }).getApp(),
    (c) => c,
  ],
  [
    "installation token",
    (f, l) => {
      const app = new ForgeApp({ appId: "app_1", privateKey: PEM, pointsBudget: false, ...common(f, l) });
      return () => app.installation("inst_1").installationRepos.list();
    },
    (_c, seen) => tokenOf(seen),
  ],
  [
    "the JWT that minted the installation token",
    (f, l) => {
      const app = new ForgeApp({ appId: "app_1", privateKey: CRYPTO_KEY, pointsBudget: false, ...common(f, l) });
      return () => app.installation("inst_1").installationRepos.list();
    },
    (_c, seen) => jwtOf(seen),
  ],
  ["forge user token", (f, l) => () => new ForgeClient({ token: USER_TOKEN, ...common(f, l) }).rateLimit(), (c) => c],
];

const PLACE_COUNT = PLACES.length + 1;
const totals = { calls: 0, checks: 0, leaks: [] as string[], levels: new Set<string>() };

describe(`secret surfaces: ${KINDS.length} secret kinds × ${ENCODINGS.length} encodings × ${PLACE_COUNT} places × every surface`, () => {
  afterEach(() => vi.restoreAllMocks());

  for (const [kind, build, pick] of KINDS) {
    it(`${kind}: 0 leaks in errors and log records`, async () => {
      const echo: Echo = { plan: { pick: () => "", encode: (s) => s, place: 0 }, seen: new Set() };
      const { logger, lines, levels } = captureLogger();
      const call = build(echoFetch(echo), logger);
      const leaks: string[] = [];
      for (const [encodingName, encode] of ENCODINGS) {
        for (const place of [...PLACES.keys(), "throw" as const]) {
          lines.length = 0;
          let echoed = "";
          echo.plan = { pick: (c) => pick(c, echo.seen), encode: (s) => (echoed = encode(s)), place };
          const error = await call().then(
            () => undefined,
            (e: unknown) => e,
          );
          totals.calls++;
          const where = `${encodingName} / ${place === "throw" ? "fetch throws" : PLACES[place]?.[0]}`;
          if (error === undefined || echoed === "") {
            leaks.push(`${where}: no failure or nothing echoed`);
            continue;
          }
          const windows = windowsOf(echoed);
          const needles = [...echo.seen, PEM_BODY].flatMap(needlesOf);
          const surfaces = [...surfacesOf(error), ...lines.map((line): [string, string] => ["log record", line])];
          for (const [surface, text] of surfaces) {
            totals.checks++;
            if (leaked(text, windows, needles)) leaks.push(`${where} → ${surface}`);
          }
        }
      }
      for (const level of levels) totals.levels.add(level);
      totals.leaks.push(...leaks.map((leak) => `${kind}: ${leak}`));
      expect(leaks).toEqual([]);
    });
  }

  it("the console logger (logLevel debug, no logger) prints no secret at any level", async () => {
    let printed = "";
    const methods = new Set<string>();
    for (const method of ["debug", "info", "warn", "error", "log"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        methods.add(method);
        printed += `${args.map((arg) => (typeof arg === "string" ? arg : inspect(arg, { depth: 20 }))).join(" ")}\n`;
      });
    }
    const echo: Echo = { plan: { pick: (c) => c, encode: (s) => s, place: 0 }, seen: new Set() };
    const failing = echoFetch(echo);
    // A retry answered 200, echoing the key in its headers: a debug record of the response.
    let retried = false;
    const fetch = async (request: Request) => {
      if (!retried) {
        retried = true;
        return failing(request);
      }
      const echoed = echo.plan.encode(AGENTS_KEY);
      return Response.json(
        { items: [] },
        { headers: headerSafe(echoed) ? { "x-debug": echoed, "www-authenticate": `Bearer ${echoed}` } : {} },
      );
    };
    const client = new AgentsClient({
      apiKey: AGENTS_KEY,
      baseUrl: BASE_URL,
      fetch: async (request) => (echo.plan.place === 2 ? fetch(request) : failing(request)),
      logLevel: "debug",
      maxRetries: 1,
      sleep: async () => {},
    });
    const leaks: string[] = [];
    for (const [encodingName, encode] of ENCODINGS) {
      for (const place of [...PLACES.keys(), "throw" as const]) {
        printed = "";
        echo.plan = { pick: (c) => c, encode, place };
        retried = false;
        await client.agents.list().catch(() => undefined);
        expect(printed).not.toBe("");
        if (leaked(printed, windowsOf(encode(AGENTS_KEY)), needlesOf(AGENTS_KEY)))
          leaks.push(`${encodingName} / ${place}`);
      }
    }
    // A 502 retried once (info), its failure (error), the 401 and 403 (warn), a 502 retried into a 200 echoing the key in its headers (debug).
    expect([...methods].sort()).toEqual(["debug", "error", "info", "warn"]);
    expect(leaks).toEqual([]);
  });

  it(`the relay's key, echoed by its upstream in ${ENCODINGS.length} encodings × ${PLACE_COUNT} places: 0 leaks in what the page gets`, async () => {
    const leaks: string[] = [];
    for (const [encodingName, encode] of ENCODINGS) {
      for (const place of [...PLACES.keys(), "throw" as const]) {
        const echo: Echo = { plan: { pick: (c) => c, encode, place }, seen: new Set() };
        const relay = createAgentsRelay({
          client: new AgentsClient({ apiKey: RELAY_KEY, baseUrl: BASE_URL, fetch: echoFetch(echo), maxRetries: 0 }),
          authorize: () => true,
        });
        const response = await relay(new Request("http://app.test/v1/agents/bc-1"));
        let bytes = `${response.status} ${response.statusText}\n`;
        response.headers.forEach((value, name) => {
          bytes += `${name}: ${value}\n`;
        });
        bytes += await response.text();
        expect(response.ok).toBe(false);
        if (leaked(bytes, windowsOf(encode(RELAY_KEY)), needlesOf(RELAY_KEY))) leaks.push(`${encodingName} / ${place}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("the count: every call failed, every surface and log level searched, 0 leaks", () => {
    console.info(
      `secret surfaces: ${totals.calls} calls, ${totals.checks} surfaces searched, ${totals.leaks.length} leaks; log levels ${[...totals.levels].sort().join(", ")}`,
    );
    expect(totals.calls).toBe(KINDS.length * ENCODINGS.length * PLACE_COUNT);
    for (const level of ["error", "warn", "debug"]) expect(totals.levels.has(level)).toBe(true);
    expect(totals.leaks).toEqual([]);
  });
});
