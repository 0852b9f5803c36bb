import { getEventListeners } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ForgeClient } from "../../../src/forge/forge-client.js";
import type { CheckRunsSource } from "../../../src/reactive/index.js";

// A forge written from the spec (Code Forge API § Check run semantics, List Check Runs For Commit under /v1/forge,
// pagination `{checkRuns, nextPageToken}`, 429 with Retry-After), served on 127.0.0.1 for the reactive tests.

export const SHA = "c".repeat(40);
export const T = (second: number) => `2026-11-28T10:00:${String(second).padStart(2, "0")}.000Z`;

export interface Run {
  id: string;
  key: string;
  name: string;
  sha: string;
  externalId: string;
  status: string;
  conclusion?: string;
  externalUpdatedAt: string;
  createdAt: string;
  updatedAt: string;
  checkSuite: { id: string };
}

export function run(id: string, second: number, status = "in_progress", key = "build"): Run {
  return {
    id,
    key,
    name: key,
    sha: SHA,
    externalId: `ext-${id}`,
    status,
    ...(status === "completed" ? { conclusion: "success" } : {}),
    externalUpdatedAt: T(second),
    createdAt: T(0),
    updatedAt: T(second),
    checkSuite: { id: "suite-1" },
  };
}

/** A forge serving List Check Runs For Commit; `mode` decides the answer, `hold` parks answers until released. */
export async function startForge() {
  const state = {
    runs: [] as Run[],
    mode: "ok" as "ok" | "500" | "403" | "429",
    hold: false,
    requests: 0,
    open: 0,
    held: [] as Array<() => void>,
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    state.requests++;
    state.open++;
    let closed = false;
    const done = () => {
      if (!closed) {
        closed = true;
        state.open--;
      }
    };
    response.on("close", done);
    const answer = () => {
      if (closed) return;
      const path = new URL(request.url ?? "/", "http://x").pathname;
      if (path !== `/v1/forge/repos/acme/web/commits/${SHA}/check-runs`) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: "not_found", message: "no such route" }));
      } else if (state.mode === "ok") {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ checkRuns: snapshotRuns, nextPageToken: "" }));
      } else if (state.mode === "429") {
        // Over budget (spec: Rate limits): 429 with Retry-After and Remaining 0.
        response.writeHead(429, {
          "content-type": "application/json",
          "retry-after": "1",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-resource": "core",
        });
        response.end(JSON.stringify({ code: 8, message: "rate limit exceeded" }));
      } else {
        const status = state.mode === "500" ? 500 : 403;
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: status === 500 ? "internal" : "permission_denied", message: "no" }));
      }
    };
    // The listing reflects the state when the request arrived, whenever it is answered.
    const snapshotRuns = structuredClone(state.runs);
    if (state.hold) state.held.push(answer);
    else answer();
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const forge = new ForgeClient({ token: "fut_spec_forge_token", baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
  const release = () => {
    for (const answer of state.held.splice(0)) answer();
  };
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { state, forge, release, close };
}

/** Captures the abort signals the view hands to the forge, to count their listeners once stopped. */
export function signalSpy(forge: CheckRunsSource) {
  const signals: AbortSignal[] = [];
  const source: CheckRunsSource = {
    repo: (owner, name) => ({
      checkRuns: {
        listForCommit: (sha, params, options) => {
          if (options?.signal) signals.push(options.signal);
          return forge.repo(owner, name).checkRuns.listForCommit(sha, params, options);
        },
      },
    }),
  };
  const listeners = () => signals.reduce((sum, signal) => sum + getEventListeners(signal, "abort").length, 0);
  return { source, listeners };
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export async function until(done: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) return false;
    await wait(5);
  }
  return true;
}
export const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
