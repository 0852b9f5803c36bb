import { describe, expect, it } from "vitest";
import { AGENTS_OPERATIONS } from "../../../src/agents/index.js";
import { DEFAULT_RELAY_OPERATIONS } from "../../../src/relay/index.js";
import { pageRequest, relaySetup } from "./relay-helpers.js";

// CORS, as a browser applies it (Fetch standard § CORS protocol): a page on another origin than the relay can read an
// answer only when it carries `Access-Control-Allow-Origin` naming that origin, and may send a JSON POST (or any
// `Last-Event-ID`/`Idempotency-Key` header) only after an OPTIONS preflight answered 2xx with the method and headers
// allowed. `allowedOrigins` (exact origins) is the list of such pages: they, and only they, get these headers; every
// answer then says `Vary: Origin` (it depends on the Origin). Before: `allowedOrigins` only lifted the 403 on state-changing
// requests, while no answer carried any CORS header and a preflight got 405 — a page the option names could not use
// the relay at all, and a shared cache keyed without Origin could hand one origin's answer to another.

const ALLOWED = ["https://app.example.com", "http://localhost:5173"];
const REFUSED = [
  "https://evil.test",
  "null",
  "https://app.example.com.evil.test",
  "https://evil-app.example.com",
  "https://sub.app.example.com",
  "http://app.example.com",
  "https://app.example.com:8443",
  "https://APP.EXAMPLE.COM",
  "https://app.example.com/",
  "https://app.example.co",
  "http://localhost:5174",
  "http://localhost",
  "https://app.example.com, https://evil.test",
  "*",
];

const varies = (response: Response) =>
  (response.headers.get("vary") ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim())
    .includes("origin");

async function setup() {
  const setup = relaySetup({ allowedOrigins: ALLOWED });
  const { agent, run } = await setup.upstream.agents.create({ prompt: { text: "x" } });
  await setup.upstream.runs.wait(agent.id, run.id);
  const routes = DEFAULT_RELAY_OPERATIONS.map((name) => {
    const { method, path } = AGENTS_OPERATIONS[name];
    return { name, method, path: path.replace("{agentId}", agent.id).replace("{runId}", run.id) };
  });
  return { ...setup, routes };
}

function preflight(path: string, origin: string, method: string): Request {
  return pageRequest("OPTIONS", path, {
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "content-type,idempotency-key,last-event-id",
    },
  });
}

function actual(method: string, path: string, origin: string): Request {
  const headers: Record<string, string> = { origin };
  if (method === "GET") return pageRequest(method, path, { headers });
  headers["content-type"] = "application/json";
  return pageRequest(method, path, { headers, body: JSON.stringify({ prompt: { text: "hi" } }) });
}

describe("relay: CORS for the origins in allowedOrigins, and for no other", () => {
  it("preflights: every exposed route × every origin — allowed get 2xx with their origin, others no CORS header", async () => {
    const { relay, routes, upstreamRequests } = await setup();
    const before = upstreamRequests();
    const failures: string[] = [];
    for (const { name, method, path } of routes) {
      for (const origin of [...ALLOWED, ...REFUSED]) {
        const response = await relay(preflight(path, origin, method));
        const h = response.headers;
        const label = `${name} OPTIONS from ${origin}: ${response.status}`;
        if (!varies(response)) failures.push(`${label} without Vary: Origin`);
        if (ALLOWED.includes(origin)) {
          const methods = (h.get("access-control-allow-methods") ?? "").split(",").map((m) => m.trim());
          const headers = (h.get("access-control-allow-headers") ?? "").toLowerCase();
          if (response.status < 200 || response.status > 299) failures.push(`${label}, not 2xx`);
          if (h.get("access-control-allow-origin") !== origin) failures.push(`${label}, ACAO not the origin`);
          if (h.get("access-control-allow-credentials") !== "true") failures.push(`${label}, no credentials`);
          if (!methods.includes(method)) failures.push(`${label}, methods ${methods}`);
          for (const needed of ["content-type", "idempotency-key", "last-event-id"]) {
            if (!headers.includes(needed)) failures.push(`${label}, headers lack ${needed}`);
          }
        } else {
          for (const [key] of h) if (key.startsWith("access-control-")) failures.push(`${label} carries ${key}`);
          if (response.status >= 200 && response.status <= 299) failures.push(`${label}, a 2xx`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(upstreamRequests()).toBe(before);
  });

  it("answers: every exposed route × every origin — readable (ACAO) by allowed origins only, all Vary: Origin", async () => {
    const { relay, routes } = await setup();
    const failures: string[] = [];
    let allowedOk = 0;
    for (const { name, method, path } of routes) {
      for (const origin of [...ALLOWED, ...REFUSED]) {
        const response = await relay(actual(method, path, origin));
        await response.body?.cancel();
        const h = response.headers;
        const label = `${name} ${method} from ${origin}: ${response.status}`;
        if (!varies(response)) failures.push(`${label} without Vary: Origin`);
        if (ALLOWED.includes(origin)) {
          if (h.get("access-control-allow-origin") !== origin) failures.push(`${label}, ACAO not the origin`);
          if (h.get("access-control-allow-credentials") !== "true") failures.push(`${label}, no credentials`);
          if (!(h.get("access-control-expose-headers") ?? "").toLowerCase().includes("retry-after")) {
            failures.push(`${label}, Retry-After not exposed`);
          }
          if (response.status !== 403) allowedOk++;
          else failures.push(`${label}, refused`);
        } else {
          for (const [key] of h) if (key.startsWith("access-control-")) failures.push(`${label} carries ${key}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(allowedOk).toBe(routes.length * ALLOWED.length);
  });

  it("an answer the app's authorize returns (an immutable Response) gets the same headers", async () => {
    const { relay } = relaySetup({
      allowedOrigins: ALLOWED,
      authorize: () => Response.redirect("https://login.example.com/", 302),
    });
    const origin = ALLOWED[0] as string;
    const response = await relay(actual("GET", "/v1/agents/bc-00000000-0000-4000-8000-000000000001", origin));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://login.example.com/");
    expect(response.headers.get("access-control-allow-origin")).toBe(origin);
    expect(varies(response)).toBe(true);
  });

  it("without allowedOrigins: no CORS header to any origin, and a preflight is not answered 2xx", async () => {
    const { relay, upstream } = relaySetup();
    const { agent } = await upstream.agents.create({ prompt: { text: "x" } });
    const failures: string[] = [];
    for (const origin of [...ALLOWED, ...REFUSED]) {
      for (const request of [
        preflight(`/v1/agents/${agent.id}/runs`, origin, "POST"),
        actual("GET", `/v1/agents/${agent.id}`, origin),
      ]) {
        const response = await relay(request);
        for (const [key] of response.headers) {
          if (key.startsWith("access-control-")) failures.push(`${request.method} from ${origin} carries ${key}`);
        }
        if (request.method === "OPTIONS" && response.status < 300) failures.push(`OPTIONS from ${origin}: 2xx`);
      }
    }
    expect(failures).toEqual([]);
  });
});
