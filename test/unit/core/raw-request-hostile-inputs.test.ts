// `request()` on every client, given query values, bodies and headers that `fetch` or `JSON.stringify` would send
// otherwise than the caller wrote (NaN, a Map's lost entries, a Blob written as `{}`, a body on a GET, a `Host`
// header): each is refused before the network with a request ValidationError naming the field, on every client;
// what is accepted reaches a node:http server exactly as written.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ValidationError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let baseUrl = "";
let seen: Seen[] = [];
/** Status of the next answers (503 first, to see retries), then 200. */
let failFirst = 0;
let privateKey = "";

beforeAll(async () => {
  privateKey = (await generateAppKeyPair()).privateKey;
  server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += String(chunk);
    response.setHeader("content-type", "application/json");
    if (request.url?.endsWith("/access_tokens")) {
      response.writeHead(201).end(JSON.stringify({ token: "inst-token-1", expiresAt: "2999-01-01T00:00:00Z" }));
      return;
    }
    seen.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers, body });
    if (failFirst > 0) {
      failFirst--;
      response.writeHead(503).end(JSON.stringify({ code: "error", message: "busy" }));
      return;
    }
    response.writeHead(200).end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

type AnyRequest = (request: Record<string, unknown>) => PromiseLike<unknown>;

function clients(maxRetries = 0): Array<[string, AnyRequest]> {
  const common = { baseUrl, maxRetries, sleep: async () => {}, random: () => 0 };
  const agents = new AgentsClient({ apiKey: "agents-key-1", ...common });
  const admin = new AdminClient({ apiKey: "team-key-1", rateBudgets: false, ...common });
  const org = new OrganizationClient({ apiKey: "org-key-1", organizationId: "org_1", rateBudgets: false, ...common });
  const forge = new ForgeClient({ token: "user-token-1", ...common });
  const app = new ForgeApp({ appId: "app_1", privateKey, pointsBudget: false, ...common });
  const installation = app.installation("inst_1");
  return [
    ["agents", (r) => agents.request(r as never)],
    ["admin", (r) => admin.request(r as never)],
    ["organization", (r) => org.request(r as never)],
    ["forge user", (r) => forge.request(r as never)],
    ["forge app", (r) => app.request(r as never)],
    ["forge installation", (r) => installation.request(r as never)],
  ];
}

const form = new FormData();
form.set("a", "1");

/** A hostile field and the issue path the refusal must name. */
const REFUSED: Array<[string, Record<string, unknown>, string]> = [
  ["query NaN", { method: "GET", query: { limit: Number.NaN } }, "limit"],
  ["query Infinity", { method: "GET", query: { limit: Number.POSITIVE_INFINITY } }, "limit"],
  ["query -Infinity in an array", { method: "GET", query: { ids: [1, Number.NEGATIVE_INFINITY] } }, "ids"],
  ["query Date", { method: "GET", query: { since: new Date(0) } }, "since"],
  ["query nested object", { method: "GET", query: { filter: { a: 1 } } }, "filter"],
  ["query nested array", { method: "GET", query: { ids: [[1, 2]] } }, "ids"],
  ["query null in an array", { method: "GET", query: { ids: ["a", null] } }, "ids"],
  ["query BigInt", { method: "GET", query: { n: 10n } }, "n"],
  ["query URLSearchParams", { method: "GET", query: new URLSearchParams("a=1") }, "query"],
  ["query Map", { method: "GET", query: new Map([["a", "1"]]) }, "query"],
  ["body Blob", { method: "POST", body: new Blob(["abc"]) }, "body"],
  ["body FormData", { method: "POST", body: form }, "body"],
  ["body ArrayBuffer", { method: "POST", body: new ArrayBuffer(4) }, "body"],
  ["body Uint8Array", { method: "POST", body: new Uint8Array([1, 2]) }, "body"],
  ["body Map", { method: "POST", body: new Map([["a", 1]]) }, "body"],
  ["body Set", { method: "PUT", body: new Set([1]) }, "body"],
  ["body ReadableStream", { method: "POST", body: new ReadableStream() }, "body"],
  ["body URLSearchParams", { method: "PATCH", body: new URLSearchParams("a=1") }, "body"],
  ["body nested Blob", { method: "POST", body: { file: new Blob(["abc"]) } }, "file"],
  ["body nested in array", { method: "POST", body: { items: [{ a: 1 }, { b: new Uint8Array(1) }] } }, "items[1].b"],
  ["body NaN", { method: "POST", body: { n: Number.NaN } }, "n"],
  ["body function", { method: "POST", body: { f: () => 1 } }, "f"],
  ["body function at the top", { method: "POST", body: () => 1 }, "body"],
  ["body on GET", { method: "GET", body: { a: 1 } }, "body"],
  ["body on HEAD", { method: "HEAD", body: {} }, "body"],
  ["header Host", { method: "GET", headers: { Host: "evil.example" } }, "headers.Host"],
  [
    "header Content-Length",
    { method: "POST", body: { a: 1 }, headers: { "Content-Length": "1" } },
    "headers.Content-Length",
  ],
  [
    "header Transfer-Encoding",
    { method: "GET", headers: { "transfer-encoding": "chunked" } },
    "headers.transfer-encoding",
  ],
  ["header Connection", { method: "GET", headers: { Connection: "close" } }, "headers.Connection"],
  ["header Expect", { method: "POST", body: {}, headers: { Expect: "100-continue" } }, "headers.Expect"],
  ["a Headers instance", { method: "GET", headers: new Headers({ "x-trace": "1" }) }, "headers"],
  [
    "two idempotency keys",
    { method: "POST", idempotencyKey: "a", headers: { "Idempotency-Key": "b" } },
    "headers.Idempotency-Key",
  ],
];

describe("request(): hostile query values, bodies and headers", () => {
  it(`sweep: 6 clients × ${REFUSED.length} hostile inputs: each refused before the network naming the field: 0 otherwise`, async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const [client, request] of clients()) {
      for (const [name, fields, path] of REFUSED) {
        seen = [];
        let error: unknown;
        try {
          await request({ path: "/v1/anything", ...fields });
        } catch (caught) {
          error = caught;
        }
        const issues = error instanceof ValidationError ? error.issues.map((issue) => issue.path) : [];
        if (seen.length > 0) wrong.push(`${client} ${name}: sent ${seen[0]?.method} ${seen[0]?.url}`);
        else if (!(error instanceof ValidationError) || error.direction !== "request")
          wrong.push(`${client} ${name}: ${String(error)}`);
        else if (!issues.includes(path)) wrong.push(`${client} ${name}: names ${issues.join(", ")}, not ${path}`);
        else refused++;
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBe(6 * REFUSED.length);
  });

  it("accepted values reach the server exactly as JSON writes them, on every client", async () => {
    const wrong: string[] = [];
    const body = { s: "é ✓", n: -0, d: new Date(0), nested: [{ ok: true, gone: undefined }], nil: null };
    for (const [client, request] of clients()) {
      seen = [];
      await request({
        method: "POST",
        path: "/v1/anything",
        query: { a: ["x y", 1, true], skip: undefined, none: null, empty: "" },
        body,
        headers: { "X-Trace": "t-1" },
      });
      const [got] = seen;
      const url = got?.url.replace(/^\/v1\/forge/, "");
      if (url !== "/v1/anything?a=x+y&a=1&a=true&empty=") wrong.push(`${client} url ${url}`);
      if (got?.body !== JSON.stringify(body)) wrong.push(`${client} body ${got?.body}`);
      if (got?.headers["x-trace"] !== "t-1") wrong.push(`${client} header ${got?.headers["x-trace"]}`);
      if (got?.headers["content-type"] !== "application/json")
        wrong.push(`${client} type ${got?.headers["content-type"]}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a body that refers back to itself many times over is refused as circular, at once, on every client", async () => {
    const wrong: string[] = [];
    const node: Record<string, unknown> = {};
    for (const key of "abcdefghij") node[key] = node; // 10 ways back at every level: a walk without a cycle check never ends
    for (const [client, request] of clients()) {
      seen = [];
      const started = Date.now();
      const error = await Promise.resolve(request({ method: "POST", path: "/v1/anything", body: { node } })).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      if (!(error instanceof ValidationError) || !/circular/.test(error.message))
        wrong.push(`${client}: ${String(error)}`);
      if (seen.length > 0 || Date.now() - started > 1_000) wrong.push(`${client}: sent, or slow`);
    }
    expect(wrong).toEqual([]);
  });

  it("an Authorization header never replaces the client's credential: 6 of 6 send their own", async () => {
    const wrong: string[] = [];
    for (const [client, request] of clients()) {
      seen = [];
      await request({ method: "GET", path: "/v1/anything", headers: { Authorization: "Bearer someone-else" } });
      const sent = String(seen[0]?.headers.authorization);
      if (sent.includes("someone-else") || !/^(Bearer|Basic) \S+$/.test(sent)) wrong.push(`${client}: ${sent}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a POST carrying an Idempotency-Key header is repeated after a 503 with that key, as with `idempotencyKey`", async () => {
    const wrong: string[] = [];
    for (const [client, request] of clients(2)) {
      for (const [how, fields] of [
        ["header", { headers: { "Idempotency-Key": "key-1" } }],
        ["field", { idempotencyKey: "key-1" }],
      ] as const) {
        seen = [];
        failFirst = 1;
        await request({ method: "POST", path: "/v1/anything", body: {}, ...fields }).then(
          () => undefined,
          () => undefined,
        );
        failFirst = 0;
        const keys = seen.map((request) => request.headers["idempotency-key"]);
        if (keys.length !== 2 || keys.some((key) => key !== "key-1")) wrong.push(`${client} ${how}: ${keys.join(",")}`);
      }
      // Without a key, a POST outside the known operations is not repeated after an ambiguous failure.
      seen = [];
      failFirst = 1;
      await request({ method: "POST", path: "/v1/anything", body: {} }).then(
        () => undefined,
        () => undefined,
      );
      failFirst = 0;
      if (seen.length !== 1) wrong.push(`${client} no key: sent ${seen.length} times`);
    }
    expect(wrong).toEqual([]);
  });
});
