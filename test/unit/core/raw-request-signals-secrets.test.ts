// `request()` on every client, against a node:http server that hangs, streams or echoes what it was sent: the call's
// `timeoutMs` and `signal` end it as for a built-in method (typed, nothing left running), a streamed body taken with
// `asResponse()` still follows the signal, and no error, `toJSON()` or log record shows the client's credential or a
// secret header the caller added to this one call, however the server echoes it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AbortError, AgentlineError, TimeoutError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";

let server: Server;
let baseUrl = "";
let privateKey = "";
let arrived = 0;
const PER_CALL_SECRET = "sk_live_percall_9f8e7d6c5b4a39281706";

beforeAll(async () => {
  privateKey = (await generateAppKeyPair()).privateKey;
  server = createServer((request, response) => {
    if (request.url?.endsWith("/access_tokens")) {
      response.writeHead(201, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ token: "ghs_installation_token_0123456789abcdef", expiresAt: "2999-01-01T00:00:00Z" }),
      );
      return;
    }
    arrived++;
    const kind = request.url?.split("?")[0]?.split("/").pop();
    if (kind === "hang") return; // never answers
    if (kind === "trickle") {
      response.writeHead(200, { "content-type": "application/octet-stream" });
      response.write("first;");
      return; // the rest never comes
    }
    // Echoes every credential it was sent, in the body, a header and the status text.
    const echo = `${request.headers.authorization} ${request.headers["x-api-key"]}`;
    response.writeHead(400, `Bad ${request.headers["x-api-key"]}`, {
      "content-type": "application/json",
      "x-debug": echo.replace(/[^\x20-\x7e]/g, ""),
    });
    response.end(JSON.stringify({ error: { code: "bad", message: echo }, code: "error", message: echo }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface RawCall extends PromiseLike<unknown> {
  asResponse(): Promise<Response>;
}
type AnyRequest = (request: Record<string, unknown>) => RawCall;
const SECRETS = {
  agents: "key_agents_0123456789abcdefghij",
  team: "key_team_0123456789abcdefghijkl",
  org: "key_org_0123456789abcdefghijklm",
  user: "gho_user_token_0123456789abcdef",
};

function clients(logs: string[]): Array<[string, AnyRequest]> {
  const log = (...args: unknown[]) => logs.push(JSON.stringify(args));
  const logger = { debug: log, info: log, warn: log, error: log };
  const common = { baseUrl, maxRetries: 0, logger };
  const agents = new AgentsClient({ apiKey: SECRETS.agents, ...common });
  const admin = new AdminClient({ apiKey: SECRETS.team, rateBudgets: false, ...common });
  const org = new OrganizationClient({ apiKey: SECRETS.org, organizationId: "org_1", rateBudgets: false, ...common });
  const forge = new ForgeClient({ token: SECRETS.user, ...common });
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

async function failure(call: PromiseLike<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("request(): signals, timeouts and secrets", () => {
  it("sweep: 6 clients: timeoutMs, an abort in flight and an aborted signal end the call, typed: 0 otherwise", async () => {
    const wrong: string[] = [];
    for (const [client, request] of clients([])) {
      const timedOut = await failure(request({ method: "GET", path: "/v1/x/hang", timeoutMs: 50 }));
      if (!(timedOut instanceof TimeoutError)) wrong.push(`${client} timeout: ${String(timedOut)}`);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 30);
      const aborted = await failure(request({ method: "GET", path: "/v1/x/hang", signal: controller.signal }));
      if (!(aborted instanceof AbortError)) wrong.push(`${client} abort: ${String(aborted)}`);
      const before = arrived;
      const early = await failure(request({ method: "GET", path: "/v1/x/hang", signal: AbortSignal.abort() }));
      if (!(early instanceof AbortError)) wrong.push(`${client} aborted signal: ${String(early)}`);
      if (arrived !== before) wrong.push(`${client} aborted signal: sent`);
    }
    expect(wrong).toEqual([]);
  });

  it("sweep: 6 clients: a body taken with asResponse() still ends when the call's signal aborts: 0 otherwise", async () => {
    const wrong: string[] = [];
    for (const [client, request] of clients([])) {
      const controller = new AbortController();
      const response = await request({ method: "GET", path: "/v1/x/trickle", signal: controller.signal }).asResponse();
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      if (first !== "first;") wrong.push(`${client}: first chunk ${first}`);
      controller.abort();
      const ended = await reader.read().then(
        (result) => (result.done ? "done" : "more"),
        () => "errored",
      );
      if (ended === "more") wrong.push(`${client}: body went on after the abort`);
    }
    expect(wrong).toEqual([]);
  });

  it("sweep: 6 clients: an error echoing every credential shows none in its message, toJSON() or the logs: 0 otherwise", async () => {
    const logs: string[] = [];
    const wrong: string[] = [];
    const secrets = [...Object.values(SECRETS), PER_CALL_SECRET, "ghs_installation_token_0123456789abcdef"];
    for (const [client, request] of clients(logs)) {
      logs.length = 0;
      const error = await failure(
        request({ method: "POST", path: "/v1/x/echo", body: {}, headers: { "X-Api-Key": PER_CALL_SECRET } }),
      );
      if (!(error instanceof AgentlineError)) {
        wrong.push(`${client}: ${String(error)}`);
        continue;
      }
      // The echo reached the error (redacted): the sweep looks where the secrets would be.
      if (!/Bearer|Basic/.test(error.message)) wrong.push(`${client}: the echo is not in the message`);
      const surfaces = [
        error.message,
        JSON.stringify(error),
        JSON.stringify(error.toJSON?.()),
        String(error.stack),
        ...logs,
      ];
      for (const secret of secrets) {
        if (surfaces.some((surface) => surface.includes(secret))) wrong.push(`${client}: shows ${secret.slice(0, 8)}…`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
