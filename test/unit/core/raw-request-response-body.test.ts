// `asResponse()` and `withResponse()` of `request()` on every client, against a node:http server: for each kind of
// answer (a JSON object, a JSON page, a binary download, an event stream), the body reaches the caller exactly once,
// byte for byte and unread, never parsed or validated by `asResponse()`; the other ways to read the same call say
// the body was handed out instead of answering `undefined` or the same body twice.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";

let server: Server;
let baseUrl = "";
let privateKey = "";

/** What the server answers on each path below any prefix. */
const KINDS: Record<string, { type: string; body: Uint8Array }> = {
  single: { type: "application/json", body: new TextEncoder().encode('{"id":"x-1","name":"é ✓"}') },
  page: { type: "application/json", body: new TextEncoder().encode('{"items":[{"id":"a"}],"nextCursor":"c2"}') },
  download: { type: "application/octet-stream", body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0x0a]) },
  stream: { type: "text/event-stream", body: new TextEncoder().encode("id: 1\nevent: status\ndata: {}\n\n") },
};

beforeAll(async () => {
  privateKey = (await generateAppKeyPair()).privateKey;
  server = createServer((request, response) => {
    if (request.url?.endsWith("/access_tokens")) {
      response.writeHead(201, { "content-type": "application/json" });
      response.end(JSON.stringify({ token: "inst-token-1", expiresAt: "2999-01-01T00:00:00Z" }));
      return;
    }
    const kind = KINDS[request.url?.split("/").pop() ?? ""];
    if (!kind) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { code: "not_found", message: "no" }, code: 5, message: "no" }));
      return;
    }
    response.writeHead(200, { "content-type": kind.type, "x-request-id": "req-7" });
    response.end(kind.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface RawCall extends PromiseLike<unknown> {
  asResponse(): Promise<Response>;
  withResponse(): Promise<{ data: unknown; response: Response }>;
}
type AnyRequest = (request: Record<string, unknown>) => RawCall;

function clients(): Array<[string, AnyRequest]> {
  const common = { baseUrl, maxRetries: 0 };
  const agents = new AgentsClient({ apiKey: "agents-key-1", ...common });
  const admin = new AdminClient({ apiKey: "team-key-1", rateBudgets: false, ...common });
  const org = new OrganizationClient({ apiKey: "org-key-1", organizationId: "org_1", rateBudgets: false, ...common });
  const forge = new ForgeClient({ token: "user-token-1", ...common });
  const app = new ForgeApp({ appId: "app_1", privateKey, pointsBudget: false, ...common });
  const installation = app.installation("inst_1");
  return [
    ["agents", (r) => agents.request(r as never) as RawCall],
    ["admin", (r) => admin.request(r as never) as RawCall],
    ["organization", (r) => org.request(r as never) as RawCall],
    ["forge user", (r) => forge.request(r as never) as RawCall],
    ["forge app", (r) => app.request(r as never) as RawCall],
    ["forge installation", (r) => installation.request(r as never) as RawCall],
  ];
}

/** A schema no answer here satisfies: `asResponse()` must not apply it. */
const NEVER_MATCHES = v.object({ neverThere: v.literal(true) });

async function rejection(promise: PromiseLike<unknown>): Promise<string> {
  try {
    await promise;
    return "resolved";
  } catch (error) {
    return error instanceof AgentlineError ? String(error.code) : `foreign ${String(error)}`;
  }
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, index) => byte === b[index]);

describe("request(): the body reaches the caller exactly once", () => {
  it("sweep: 6 clients × 4 kinds, asResponse() chained: exact bytes, unread, unvalidated; await and withResponse() refuse: 0 otherwise", async () => {
    const wrong: string[] = [];
    for (const [client, request] of clients()) {
      for (const [kind, { body, type }] of Object.entries(KINDS)) {
        const call = request({ method: "GET", path: `/v1/x/${kind}`, schema: NEVER_MATCHES });
        const response = await call.asResponse().catch((error: unknown) => error);
        if (!(response instanceof Response)) {
          wrong.push(`${client} ${kind}: asResponse() rejected with ${String(response)}`);
          continue;
        }
        if (response.bodyUsed) wrong.push(`${client} ${kind}: body already used`);
        if (response.headers.get("content-type") !== type) wrong.push(`${client} ${kind}: type`);
        const bytes = new Uint8Array(await response.arrayBuffer());
        if (!same(bytes, body)) wrong.push(`${client} ${kind}: bytes ${[...bytes].join(",")}`);
        if ((await rejection(response.text())) === "resolved") wrong.push(`${client} ${kind}: body read twice`);
        if ((await call.asResponse()) !== response) wrong.push(`${client} ${kind}: a second asResponse() differs`);
        const awaited = await rejection(call);
        if (awaited !== "body_not_parsed") wrong.push(`${client} ${kind}: await gave ${awaited}`);
        const withResponse = await rejection(call.withResponse());
        if (withResponse !== "body_not_parsed") wrong.push(`${client} ${kind}: withResponse() gave ${withResponse}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("sweep: 6 clients, withResponse() asked first and asResponse() chained after it: withResponse() refuses: 0 otherwise", async () => {
    const wrong: string[] = [];
    for (const [client, request] of clients()) {
      const call = request({ method: "GET", path: "/v1/x/single" });
      const pair = call.withResponse();
      const response = await call.asResponse();
      const got = await rejection(pair);
      if (got !== "body_not_parsed") wrong.push(`${client}: withResponse() gave ${got}`);
      if ((await response.text()) !== '{"id":"x-1","name":"é ✓"}') wrong.push(`${client}: body`);
    }
    expect(wrong).toEqual([]);
  });

  it("sweep: 6 clients × 2 JSON kinds, data awaited first: withResponse() keeps the read original, asResponse() an unread exact copy", async () => {
    const wrong: string[] = [];
    for (const [client, request] of clients()) {
      for (const kind of ["single", "page"]) {
        const call = request({ method: "GET", path: `/v1/x/${kind}` });
        const data = await call;
        const { data: pairData, response } = await call.withResponse();
        if (pairData !== data) wrong.push(`${client} ${kind}: withResponse() data differs`);
        if (!response.bodyUsed) wrong.push(`${client} ${kind}: withResponse() body unread after parsing`);
        const copy = await call.asResponse();
        if (copy.bodyUsed || copy.status !== 200 || copy.headers.get("x-request-id") !== "req-7")
          wrong.push(`${client} ${kind}: copy ${copy.status} ${copy.bodyUsed}`);
        const text = await copy.text();
        if (text !== new TextDecoder().decode(KINDS[kind]?.body)) wrong.push(`${client} ${kind}: copy text ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
