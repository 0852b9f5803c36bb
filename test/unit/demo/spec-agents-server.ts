// A small Cloud Agents API server written from /work/shared/spec/cloud-agents-api.md alone (not from the SDK's fake),
// posing as the real service for the demo: one API key (Bearer or Basic), POST /v1/agents, GET /v1/agents (pages),
// GET .../runs/{runId}/stream (SSE, status replayed, ids on events, result then done) and the spec's error body.
// It records every request so tests can check the paths the demo used and what it sent.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SpecServer {
  url: string;
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

export interface SpecServerOptions {
  apiKey: string;
  /** Stream behaviour: "normal", or "hang" (opens the stream, sends one status, then nothing but heartbeats). */
  stream?: "normal" | "hang";
  /** The first this many POST /v1/agents are answered 429 with `Retry-After: 1` (the spec's rate-limit answer). */
  throttleCreates?: number;
}

const now = () => new Date().toISOString();

function authorized(req: IncomingMessage, key: string): boolean {
  const header = req.headers.authorization ?? "";
  if (header === `Bearer ${key}`) return true;
  if (header.startsWith("Basic ")) {
    const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
    return decoded === `${key}:`;
  }
  return false;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { error: { code, message } });

export async function startSpecServer(options: SpecServerOptions): Promise<SpecServer> {
  const requests: SpecServer["requests"] = [];
  const agents: {
    id: string;
    name: string;
    status: string;
    env: { type: string };
    url: string;
    createdAt: string;
    updatedAt: string;
    latestRunId: string;
  }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let throttled = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    requests.push({ method: req.method ?? "", path: url.pathname, authorization: req.headers.authorization });
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      if (!authorized(req, options.apiKey)) return error(res, 401, "api_key_not_found", "Invalid API key");
      const parts = url.pathname.split("/").filter(Boolean);
      if (parts[0] !== "v1" || parts[1] !== "agents") return error(res, 404, "not_found", `No route ${url.pathname}`);
      if (req.method === "POST" && parts.length === 2 && throttled < (options.throttleCreates ?? 0)) {
        throttled++;
        res.writeHead(429, {
          "content-type": "application/json",
          "retry-after": "1",
          "x-ratelimit-limit": "10",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + 1),
        });
        return void res.end(JSON.stringify({ error: { code: "rate_limit_exceeded", message: "Too many requests" } }));
      }
      if (req.method === "POST" && parts.length === 2) {
        const body = JSON.parse(raw || "{}") as { name?: string; prompt?: { text?: string } };
        if (!body.prompt?.text) return error(res, 400, "validation_error", "prompt.text is required");
        const id = `bc-${randomUUID()}`;
        const runId = `run-${randomUUID()}`;
        const t = now();
        const agent = {
          id,
          name: body.name ?? body.prompt.text.slice(0, 40),
          status: "ACTIVE",
          env: { type: "cloud" },
          url: `https://app.example.com/agents/${id}`,
          createdAt: t,
          updatedAt: t,
          latestRunId: runId,
        };
        agents.unshift(agent);
        const run = { id: runId, agentId: id, status: "CREATING", createdAt: t, updatedAt: t };
        return json(res, 201, { agent: { ...agent, repos: [] }, run });
      }
      if (req.method === "GET" && parts.length === 2) {
        const limit = Number(url.searchParams.get("limit") ?? 20);
        const start = Number(url.searchParams.get("cursor") ?? 0);
        const items = agents.slice(start, start + limit);
        const next = start + limit < agents.length ? { nextCursor: String(start + limit) } : {};
        return json(res, 200, { items, ...next });
      }
      if (req.method === "GET" && parts.length === 6 && parts[3] === "runs" && parts[5] === "stream") {
        const runId = parts[4] ?? "";
        res.writeHead(200, {
          "content-type": "text/event-stream",
          "x-service-stream-retention-seconds": "3600",
        });
        const send = (event: string, data: unknown, id?: string) =>
          res.write(`${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        send("status", { runId, status: "RUNNING" });
        if (options.stream === "hang") {
          const beat = setInterval(() => send("heartbeat", {}), 200);
          timers.add(beat);
          res.on("close", () => clearInterval(beat));
          return;
        }
        send("assistant", { text: "Working on it." }, "e1");
        send("tool_call", { callId: "c1", name: "read_file", status: "running", args: { path: "README.md" } }, "e2");
        send("tool_call", { callId: "c1", name: "read_file", status: "completed", args: { path: "README.md" } }, "e3");
        send("result", { runId, status: "FINISHED", text: "All done.", durationMs: 1200 }, "e4");
        send("done", {}, "e5");
        return void res.end();
      }
      return error(res, 404, "agent_not_found", "Agent not found");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearInterval(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
