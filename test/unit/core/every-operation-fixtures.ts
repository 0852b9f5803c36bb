// What the every-operation sweeps share: a scripted node:http server on 127.0.0.1 (one behaviour per scenario, told
// apart from the fake service so it cannot share the SDK's readings), every public operation of the three REST clients
// as data (from route-invokers.ts, minus the run stream and the key-set discovery), the position of each method's call
// options (found by probing with an aborted signal), and a tracker of the SDK's own timers still pending.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AbortError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";
import {
  ADMIN_INVOKERS,
  AGENTS_INVOKERS,
  adminValues,
  argument,
  type Clients,
  FORGE_INVOKERS,
  type Invoker,
  methodOf,
  type Values,
} from "./route-invokers.js";

/** How the server answers a request that is not a token mint. */
export type Behaviour = (request: IncomingMessage, response: ServerResponse, socket: Socket, hit: number) => void;

/** A scripted server: its URL, the behaviour it applies now, and what is still open on it. */
export interface ScriptedServer {
  url: string;
  set(behaviour: Behaviour, mint?: Behaviour): void;
  /** Requests (not mints) received so far, by the `x-op` header their call sent. */
  hits(op: string): number;
  /** Requests received whose socket is still open and whose answer was not finished. */
  openRequests(): string[];
  close(): Promise<void>;
}

const MINT_OK: Behaviour = (_req, res) => {
  res.writeHead(201, { "content-type": "application/json" });
  res.end(JSON.stringify({ token: `oit_${"a".repeat(32)}`, expiresAt: new Date(Date.now() + 600_000).toISOString() }));
};

export async function scriptedServer(): Promise<ScriptedServer> {
  let behaviour: Behaviour = (_req, res) => res.end("{}");
  let mint: Behaviour = MINT_OK;
  const hits = new Map<string, number>();
  const open = new Map<IncomingMessage, string>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const op = String(req.headers["x-op"] ?? `${req.method} ${req.url}`);
    const socket = req.socket;
    open.set(req, op);
    const done = () => {
      open.delete(req);
      socket.off("close", done);
    };
    res.on("finish", done);
    socket.on("close", done);
    if (req.url?.endsWith("/access_tokens")) return mint(req, res, socket, 0);
    const hit = (hits.get(op) ?? 0) + 1;
    hits.set(op, hit);
    behaviour(req, res, socket, hit);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set(next, nextMint = MINT_OK) {
      behaviour = next;
      mint = nextMint;
      hits.clear();
    },
    hits: (op) => hits.get(op) ?? 0,
    openRequests: () => [...open.values()],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The error body of the API a path belongs to. */
export function errorBody(url: string | undefined, status: number): string {
  if (url?.startsWith("/v1/forge"))
    return JSON.stringify({ code: status === 429 ? 8 : 14, message: "no", details: [] });
  return JSON.stringify({ error: { code: status === 429 ? "rate_limit_exceeded" : "unavailable", message: "no" } });
}

/** One public operation: its name, the client it is reached from and how. */
export interface OperationCase {
  name: string;
  invoker: Invoker;
  values: Values;
  /** Where its call options go among the arguments (found by {@link findOptionsPosition}). */
  optionsAt?: number;
}

const FORGE_VALUES: Values = {
  owner: "acme",
  repo: "widgets",
  ref: "heads/main",
  path: "docs/a.md",
  basehead: "main",
  pullNumber: "7",
  namespaceSlug: "acme",
  ownerSlug: "acme",
};

function forgeValues(): Values {
  return new Proxy(FORGE_VALUES as Record<string, unknown>, {
    get: (target, key: string) => target[key] ?? `${key}-1`,
    has: (target, key) => key !== "repoId" && (key in target || typeof key === "string"),
  });
}

/**
 * Every public REST operation: Cloud Agents (but the run stream), Team Admin, Organization, and the forge reached with
 * a user token and (`installation:` prefix) through an app's installation client, which mints a token first.
 */
export function everyOperation(): OperationCase[] {
  const cases: OperationCase[] = [];
  for (const [name, invoker] of Object.entries(AGENTS_INVOKERS)) {
    if (name === "runs.stream") continue;
    cases.push({ name: `agents:${name}`, invoker, values: { agentId: "bc-1", runId: "run-1" } });
  }
  for (const [name, invoker] of Object.entries(ADMIN_INVOKERS)) {
    cases.push({ name: `admin:${name}`, invoker, values: adminValues(name) });
  }
  for (let [name, invoker] of Object.entries(FORGE_INVOKERS)) {
    // Key-set discovery is the webhooks' (ForgeKeys); `installationToken` takes no call options (see the report).
    if (invoker.method.startsWith("webhooks:") || name === "installationToken") continue;
    if (name === "webhooks.redeliver") invoker = { ...invoker, args: [["dlv_1"]] };
    cases.push({ name: `forge:${name}`, invoker, values: forgeValues() });
    if (invoker.method.startsWith("forge.")) {
      cases.push({
        name: `installation:${name}`,
        invoker: { ...invoker, method: invoker.method.replace(/^forge\./, "installation.") },
        values: forgeValues(),
      });
    }
  }
  return cases;
}

let keyPair: Promise<{ privateKey: string; publicKey: string }> | undefined;

/** Fresh clients on `baseUrl` (fresh budgets and token caches per call), with `extra` client options. */
export async function clientsFor(
  baseUrl: string,
  extra: Record<string, unknown>,
): Promise<Clients & { installation: ForgeClient }> {
  keyPair ??= generateAppKeyPair();
  const keys = await keyPair;
  const common = { baseUrl, ...extra };
  const app = new ForgeApp({ appId: "app_1", privateKey: keys.privateKey, ...common });
  return {
    agents: new AgentsClient({ apiKey: "test-key", ...common }),
    admin: new AdminClient({ apiKey: "team-key", ...common }),
    org: new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", ...common }),
    forge: new ForgeClient({ token: "user-token", ...common }),
    app,
    installation: await app.installation("inst_1"),
    publicKey: keys.publicKey,
  };
}

/** Calls the operation with `options` at `at`; settles whatever it returns (a list: its first page). */
export async function callWith(
  clients: Clients,
  operation: OperationCase,
  options: Record<string, unknown>,
  at: number,
): Promise<unknown> {
  const method = methodOf(clients, operation.invoker, operation.values);
  if (!method) throw new Error(`${operation.invoker.method} is not a method`);
  const args = (operation.invoker.args ?? []).map((arg) => argument(arg, clients, operation.values));
  while (args.length < at) args.push(undefined);
  args[at] = { ...options, headers: { "x-op": operation.name } };
  return await (method(...args) as PromiseLike<unknown>);
}

/**
 * Where the method takes its call options: the first position after its arguments at which an already aborted
 * signal rejects the call with an AbortError before anything is sent; `undefined` when none does.
 */
export async function findOptionsPosition(
  server: ScriptedServer,
  operation: OperationCase,
): Promise<number | "refused" | undefined> {
  const base = operation.invoker.args?.length ?? 0;
  const refusal = await callWith(await clientsFor(server.url, { maxRetries: 0 }), operation, {}, base).then(
    () => undefined,
    (error: unknown) => (error as { code?: unknown })?.code,
  );
  if (refusal === "wrong_credential") return "refused";
  for (let at = base; at <= base + 2; at++) {
    const clients = await clientsFor(server.url, { maxRetries: 0 });
    const controller = new AbortController();
    controller.abort(new Error("probe"));
    const before = server.hits(operation.name);
    const outcome = await callWith(clients, operation, { signal: controller.signal }, at).then(
      () => undefined,
      (error: unknown) => error,
    );
    // A bulk call reports an abort as a partial failure (nothing applied) caused by the AbortError.
    const abort = outcome instanceof AbortError || (outcome as { cause?: unknown })?.cause instanceof AbortError;
    if (abort && server.hits(operation.name) === before) return at;
  }
  return undefined;
}

/**
 * The timers created by the SDK's own code (a stack through `src/`) from now on that neither fired nor were cleared;
 * `sleeps()` counts those that are not an attempt's timeout. `stop()` puts the globals back.
 */
export function trackSdkTimers() {
  const live = new Map<unknown, string>();
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const stack = new Error().stack ?? "";
    const ours = /[/\\]src[/\\](core|agents|admin|forge)[/\\]/.test(stack);
    const handle = realSet(() => {
      live.delete(handle);
      callback(...args);
    }, ms);
    if (ours) live.set(handle, /AttemptGuard/.test(stack) ? "attempt" : `wait ${ms}`);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle?: Parameters<typeof clearTimeout>[0]) => {
    live.delete(handle);
    realClear(handle);
  }) as typeof clearTimeout;
  return {
    pending: () => [...live.values()],
    sleeps: () => [...live.values()].filter((kind) => kind !== "attempt").length,
    stop: () => {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    },
  };
}
