// The secret sweep: every secret kind × every encoding × every echo place × every API client, searched for in
// every surface of the error and in every log record. Asserts a count of zero. An independent echo server
// (below, from the issue alone) plays the API; see secret-echo.ts for the encodings, places and detector.
import { inspect } from "node:util";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import type { Logger, LogRecord } from "../../../src/core/options.js";
import { ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";
import { countLeaks, ENCODINGS, needlesOf, SHAPES, surfacesOf, THROWS } from "./secret-echo.js";

const BASE_URL = "https://api.example.test";
// Chosen so that every escape matters: `/` (JSON `\/`), `+` (form encoding), `~`, `.`, `-`, `_`.
const AGENTS_KEY = "sk_live_Aa0/Bb1+Cc2~Dd3.Ee4-Ff5_Gg6Hh7";
const TEAM_KEY = "key_team_9f8e7d6c5b4a39281706f5e4d3c2b1a0";
const ORG_KEY = "key_org_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0+/=";
const USER_TOKEN = "fut_user/Token+With.Odd~Chars-0123456789";

/** What the echo answers next: which secret, in which encoding, in which shape (or a thrown fetch). */
interface Plan {
  secret: (received: string) => string;
  encode: (secret: string) => string;
  answer: { respond: (v: string) => Response } | { fail: (v: string, auth: string) => unknown };
}

/** The credential a request carried: a Bearer value, or the Basic username (the key) and password. */
function received(request: Request): string {
  const header = request.headers.get("authorization") ?? "";
  if (header.startsWith("Bearer ")) return header.slice(7);
  if (header.startsWith("Basic ")) {
    const [user, pass] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
    return pass || user || "";
  }
  return "";
}

/** The echo API: mints installation tokens, and otherwise answers with the planned echo. */
function echoServer() {
  const seen = new Set<string>();
  let plan: Plan | undefined;
  let minted = 0;
  const fetch = async (request: Request): Promise<Response> => {
    const credential = received(request);
    if (credential) seen.add(credential);
    if (request.method === "POST" && /\/access_tokens$/.test(new URL(request.url).pathname)) {
      const token = `oit_${(++minted).toString().padStart(4, "0")}Installation/Token+${crypto.randomUUID()}`;
      seen.add(token);
      return Response.json({ token, expiresAt: "2999-01-01T00:00:00Z" }, { status: 201 });
    }
    if (!plan) throw new Error("no plan");
    const value = plan.encode(plan.secret(credential));
    if ("fail" in plan.answer) throw plan.answer.fail(value, request.headers.get("authorization") ?? "");
    return plan.answer.respond(value);
  };
  return {
    fetch,
    seen,
    setPlan: (next: Plan) => {
      plan = next;
    },
  };
}

function captureLogger() {
  const lines: Array<[string, string, LogRecord]> = [];
  const sink = (level: string) => (message: string, record: LogRecord) => void lines.push([level, message, record]);
  const logger: Logger = { debug: sink("debug"), info: sink("info"), warn: sink("warn"), error: sink("error") };
  return { logger, lines };
}

const common = (fetch: (r: Request) => Promise<Response>, logger: Logger) => ({
  baseUrl: BASE_URL,
  fetch,
  logger,
  maxRetries: 0,
  sleep: async () => {},
});

let pem = "";
let pemBody = "";
beforeAll(async () => {
  pem = (await generateAppKeyPair()).privateKey;
  pemBody = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\s+/g, "");
});

/**
 * One API client, the call the sweep makes with it, and the secrets it holds (by kind). `received` is the
 * credential the request carried; the others are secrets the server never needs but might still echo.
 */
interface ClientCase {
  name: string;
  build: (fetch: (r: Request) => Promise<Response>, logger: Logger) => () => PromiseLike<unknown>;
  secrets: () => Array<[kind: string, pick: (received: string, jwtSeen: string) => string]>;
}

/** What `request()` validates the body against: a field no echo answer has. */
const STRICT = v.object({ required: v.literal("present") });

const fromRequest: [string, (received: string) => string] = ["the request's credential", (r) => r];

const CASES: ClientCase[] = [
  {
    name: "agents (Bearer API key)",
    build: (fetch, logger) => {
      const client = new AgentsClient({ apiKey: AGENTS_KEY, ...common(fetch, logger) });
      return () => client.agents.list();
    },
    secrets: () => [fromRequest],
  },
  {
    name: "agents (Basic API key)",
    build: (fetch, logger) => {
      const client = new AgentsClient({ apiKey: AGENTS_KEY, authScheme: "basic", ...common(fetch, logger) });
      return () => client.agents.get("bc-1");
    },
    secrets: () => [fromRequest],
  },
  {
    name: "admin team key",
    build: (fetch, logger) => {
      const client = new AdminClient({ apiKey: TEAM_KEY, rateBudgets: false, ...common(fetch, logger) });
      return () => client.members.list();
    },
    secrets: () => [fromRequest],
  },
  {
    name: "admin organization key",
    build: (fetch, logger) => {
      const client = new OrganizationClient({
        apiKey: ORG_KEY,
        organizationId: "org_1",
        rateBudgets: false,
        ...common(fetch, logger),
      });
      return () => client.members.list();
    },
    secrets: () => [fromRequest],
  },
  {
    name: "forge app (JWT, private key)",
    build: (fetch, logger) => {
      const app = new ForgeApp({ appId: "app_1", privateKey: pem, pointsBudget: false, ...common(fetch, logger) });
      return () => app.getApp();
    },
    secrets: () => [fromRequest, ["private key PEM", () => pem], ["private key base64 body", () => pemBody]],
  },
  {
    name: "forge installation (token, minting JWT, private key)",
    build: (fetch, logger) => {
      const app = new ForgeApp({ appId: "app_1", privateKey: pem, pointsBudget: false, ...common(fetch, logger) });
      const forge = app.installation("inst_1");
      return () => forge.installationRepos.list();
    },
    secrets: () => [
      fromRequest,
      ["the JWT that minted the token", (_r, jwt) => jwt],
      ["private key PEM", () => pem],
      ["private key base64 body", () => pemBody],
    ],
  },
  {
    name: "forge user token",
    build: (fetch, logger) => {
      const client = new ForgeClient({ token: USER_TOKEN, ...common(fetch, logger) });
      return () => client.rateLimit();
    },
    secrets: () => [fromRequest],
  },
  // request(), the escape hatch, on every client kind: the same redaction on its errors and on every log record,
  // retry records (info) included (one retry allowed here). The schema makes a 2xx that breaks it fail, as above.
  {
    name: "agents request() (Bearer API key, one retry)",
    build: (fetch, logger) => {
      const client = new AgentsClient({ apiKey: AGENTS_KEY, ...common(fetch, logger), maxRetries: 1 });
      return () => client.request({ method: "GET", path: "/v1/agents", schema: STRICT });
    },
    secrets: () => [fromRequest],
  },
  {
    name: "admin request() (team key)",
    build: (fetch, logger) => {
      const client = new AdminClient({ apiKey: TEAM_KEY, rateBudgets: false, ...common(fetch, logger) });
      return () => client.request({ method: "POST", path: "/teams/new-route", body: { a: 1 }, schema: STRICT });
    },
    secrets: () => [fromRequest],
  },
  {
    name: "organization request() (organization key)",
    build: (fetch, logger) => {
      const client = new OrganizationClient({
        apiKey: ORG_KEY,
        organizationId: "org_1",
        rateBudgets: false,
        ...common(fetch, logger),
      });
      return () => client.request({ method: "GET", path: "/organizations/members", schema: STRICT });
    },
    secrets: () => [fromRequest],
  },
  {
    name: "forge installation request() (token, minting JWT, private key)",
    build: (fetch, logger) => {
      const app = new ForgeApp({ appId: "app_1", privateKey: pem, pointsBudget: false, ...common(fetch, logger) });
      const forge = app.installation("inst_1");
      return () => forge.request({ method: "GET", path: "/repos/acme/web/labels", schema: STRICT });
    },
    secrets: () => [
      fromRequest,
      ["the JWT that minted the token", (_r, jwt) => jwt],
      ["private key PEM", () => pem],
      ["private key base64 body", () => pemBody],
    ],
  },
  {
    name: "forge app request() (JWT, private key)",
    build: (fetch, logger) => {
      const app = new ForgeApp({ appId: "app_1", privateKey: pem, pointsBudget: false, ...common(fetch, logger) });
      return () => app.request({ method: "GET", path: "/app", schema: STRICT });
    },
    secrets: () => [fromRequest, ["private key PEM", () => pem], ["private key base64 body", () => pemBody]],
  },
  {
    name: "forge user request() (user token)",
    build: (fetch, logger) => {
      const client = new ForgeClient({ token: USER_TOKEN, ...common(fetch, logger) });
      return () => client.request({ method: "GET", path: "/rate_limit", schema: STRICT });
    },
    secrets: () => [fromRequest],
  },
];

const ANSWERS = [
  ...SHAPES.map((shape) => ({ name: shape.name, answer: { respond: shape.respond } })),
  ...THROWS.map((thrown) => ({ name: thrown.name, answer: { fail: thrown.fail } })),
];
const PLACES = [...SHAPES, ...THROWS].reduce((n, shape) => n + shape.places.length, 0);

const FORM_NAMES = [...new Set(ENCODINGS.map((encoding) => encoding.form))];
const totals = { calls: 0, surfaces: 0, leaks: 0, levels: {} as Record<string, number> };

describe(`secret sweep: ${CASES.length} clients × secret kinds × ${ENCODINGS.length} encodings × ${PLACES} places in ${ANSWERS.length} answers`, () => {
  for (const clientCase of CASES) {
    for (const [kind, pick] of clientCase.secrets()) {
      for (const form of FORM_NAMES) {
        it(`${clientCase.name}, ${kind}, ${form}: no secret in any error surface or log record`, async () => {
          const echo = echoServer();
          const { logger, lines } = captureLogger();
          const call = clientCase.build(echo.fetch, logger);
          const leaks: string[] = [];
          const unfailed: string[] = [];
          // The JWT the forge saw last (every JWT is an `eyJ` value; installation and user tokens are not).
          const jwtSeen = () => [...echo.seen].filter((s) => s.startsWith("eyJ")).at(-1) ?? "";
          for (const encoding of ENCODINGS.filter((e) => e.form === form)) {
            for (const { name, answer } of ANSWERS) {
              const where = `${encoding.name} / ${name}`;
              echo.setPlan({ secret: (r) => pick(r, jwtSeen()), encode: encoding.encode, answer });
              lines.length = 0;
              const error = await call().then(
                () => undefined,
                (e: unknown) => e,
              );
              totals.calls++;
              if (error === undefined) unfailed.push(where);
              const needles = [...echo.seen, pem, pemBody].flatMap(needlesOf);
              const surfaces = [
                ...surfacesOf(error),
                ...lines.map(([level, message, record]): [string, string] => [
                  `log ${level}`,
                  `${message}\n${JSON.stringify(record)}\n${inspect(record, { depth: Number.POSITIVE_INFINITY })}`,
                ]),
              ];
              for (const [level] of lines) totals.levels[level] = (totals.levels[level] ?? 0) + 1;
              for (const [surface, text] of surfaces) {
                totals.surfaces++;
                if (countLeaks(text, needles) > 0) leaks.push(`${where} → ${surface}`);
              }
            }
          }
          totals.leaks += leaks.length;
          expect(unfailed).toEqual([]);
          expect(leaks).toEqual([]);
        });
      }
    }
  }

  // Last in the file (tests in a file run in order): the count for the report.
  it("the whole sweep: 20,999 calls, every surface searched, 0 hits", () => {
    console.info(
      `secret sweep: ${totals.calls} calls, ${totals.surfaces} surfaces searched, ${totals.leaks} hits; log records by level ${JSON.stringify(totals.levels)}`,
    );
    expect(totals.calls).toBe(20_999);
    // Records of every level went through the search.
    for (const level of ["error", "warn", "info", "debug"]) expect(totals.levels[level] ?? 0).toBeGreaterThan(0);
    expect(totals.leaks).toBe(0);
  });
});
