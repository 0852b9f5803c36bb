// Every cursor / page-token list of the three APIs, walked against a scripted node:http server on 127.0.0.1 that pages
// exactly as the specs say (Cloud Agents and assistant-bot `cursor` → `nextCursor`, omitted or null on the last page;
// forge `pageToken` → `nextPageToken`, empty on the last page). Each sweep collects what went wrong per operation and
// asserts the list is empty.
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS } from "../../../src/admin/operations.js";
import { AGENTS_OPERATIONS } from "../../../src/agents/operations.js";
import { AbortError, AgentlineError } from "../../../src/core/errors.js";
import { MAX_EMPTY_PAGES_IN_A_ROW } from "../../../src/core/pagination.js";
import { FORGE_OPERATIONS } from "../../../src/forge/operations.js";
import { countedSignal } from "../counted-signal.js";
import {
  clientsFor,
  everyOperation,
  findOptionsPosition,
  type OperationCase,
  type ScriptedServer,
  scriptedServer,
  trackSdkTimers,
} from "./every-operation-fixtures.js";
import { argument, methodOf } from "./route-invokers.js";

interface Shape {
  items: string;
  next: string;
  cursor: string;
}
type Table = Record<string, { list?: Shape }>;
const TABLES: Record<string, Table> = {
  agents: AGENTS_OPERATIONS as unknown as Table,
  admin: ADMIN_OPERATIONS as unknown as Table,
  forge: FORGE_OPERATIONS as unknown as Table,
  installation: FORGE_OPERATIONS as unknown as Table,
};
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
const T = "2024-05-01T00:00:00Z";

/** A valid item of the list, told apart by `i`. */
function item(name: string, i: number): Record<string, unknown> {
  if (name === "agents.list")
    return {
      id: `bc-${uuid(i)}`,
      status: "ACTIVE",
      env: { type: "cloud" },
      url: "https://x.example/a",
      createdAt: T,
      updatedAt: T,
    };
  if (name === "runs.list")
    return { id: `run-${uuid(i)}`, agentId: `bc-${uuid(0)}`, status: "FINISHED", createdAt: T, updatedAt: T };
  const common = { id: `id${i}`, appId: "app_1", name: `n${i}`, permission: "read", path: `p${i}`, status: "added" };
  return {
    ...common,
    ref: `refs/heads/b${i}`,
    number: name === "pulls.list" ? String(i) : i,
    sha: "a".repeat(40),
    color: "ffffff",
    tag: i,
  };
}

const PAGES = 3;
const PER_PAGE = 2;
type Mode = "spec" | "repeat" | "empty-forever" | "fresh-forever" | "hang-after-first";

interface Listed {
  op: OperationCase;
  name: string;
  shape: Shape;
  at: number;
}

let server: ScriptedServer;
const lists: Listed[] = [];
/** Per operation: the query of each request, in order. */
const queries = new Map<string, URLSearchParams[]>();

function serve(mode: Mode) {
  queries.clear();
  server.set((req: IncomingMessage, res: ServerResponse) => {
    const op = String(req.headers["x-op"]);
    const listed = lists.find((l) => l.op.name === op);
    const url = new URL(req.url ?? "/", "http://x");
    queries.set(op, [...(queries.get(op) ?? []), url.searchParams]);
    if (!listed) return res.writeHead(500).end("{}");
    const { shape, name } = listed;
    const token = url.searchParams.get(shape.cursor);
    const index = token === null ? 0 : Number(token.replace(/^t/, ""));
    if (mode === "hang-after-first" && index > 0) return; // never answered
    let items = Array.from({ length: PER_PAGE }, (_, k) => item(name, index * PER_PAGE + k + 1));
    let next: string | null = index + 1 < PAGES ? `t${index + 1}` : shape.next === "nextPageToken" ? "" : null;
    if (mode === "repeat") next = "t1";
    if (mode === "empty-forever" || mode === "fresh-forever") {
      next = `t${index + 1}`;
      if (mode === "empty-forever" && index > 0) items = [];
    }
    const body: Record<string, unknown> = { [shape.items]: items };
    if (next !== null || shape.next === "nextPageToken") body[shape.next] = next ?? "";
    else if (name.startsWith("assistantBot")) body[shape.next] = null;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  });
}

/** Calls the list with `options`; returns its PagePromise (boxed: awaiting the list itself fetches its first page). */
async function listOf(listed: Listed, options: Record<string, unknown> = {}) {
  const clients = await clientsFor(server.url, { maxRetries: 0 });
  const method = methodOf(clients, listed.op.invoker, listed.op.values);
  if (!method) throw new Error(`${listed.op.name} is not a method`);
  const args = (listed.op.invoker.args ?? []).map((arg) => argument(arg, clients, listed.op.values));
  while (args.length < listed.at) args.push(undefined);
  args[listed.at] = { ...options, headers: { "x-op": listed.op.name } };
  return { list: method(...args) as List };
}

type List = PromiseLike<{ items: unknown[] }> & AsyncIterable<{ id?: unknown; tag?: unknown }>;
const key = (value: { id?: unknown; tag?: unknown; number?: unknown }) =>
  JSON.stringify(value.tag ?? value.id ?? value.number);
const expected = (name: string, count: number) =>
  Array.from({ length: count }, (_, k) => key(item(name, k + 1) as never));

beforeAll(async () => {
  server = await scriptedServer();
  for (const op of everyOperation()) {
    const [api, name] = op.name.split(":") as [string, string];
    const shape = TABLES[api]?.[name]?.list;
    if (!shape) continue;
    const at = await findOptionsPosition(server, op);
    if (at === "refused") continue; // a credential the route does not take (installation client on app routes)
    if (typeof at !== "number") throw new Error(`${op.name}: no call options position`);
    lists.push({ op, name, shape, at });
  }
}, 60_000);
afterAll(() => server.close());

describe("every cursor / page-token list against a server that pages as the spec says", () => {
  it("finds the lists to sweep", () => {
    expect(lists.length).toBeGreaterThanOrEqual(40);
  });

  it("for await yields every item once, in order, with one request per page and the same filters on every page", async () => {
    serve("spec");
    const failures: string[] = [];
    for (const listed of lists) {
      const seen: string[] = [];
      for await (const value of (await listOf(listed)).list) seen.push(key(value as never));
      const want = expected(listed.name, PAGES * PER_PAGE);
      if (JSON.stringify(seen) !== JSON.stringify(want)) failures.push(`${listed.op.name}: items ${seen.join(",")}`);
      const sent = queries.get(listed.op.name) ?? [];
      if (sent.length !== PAGES) failures.push(`${listed.op.name}: ${sent.length} requests`);
      const rest = sent.map((q) => {
        const copy = new URLSearchParams(q);
        copy.delete(listed.shape.cursor);
        return copy.toString();
      });
      if (new Set(rest).size > 1) failures.push(`${listed.op.name}: later pages change the query: ${rest.join(" | ")}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("every cursor / page-token list: stopping, sharing and bounds", () => {
  it("break after k items (0, 1, a page boundary, the last) sends nothing more and leaves nothing behind", async () => {
    serve("spec");
    const failures: string[] = [];
    const timers = trackSdkTimers();
    try {
      for (const listed of lists) {
        for (const k of [0, 1, PER_PAGE, PAGES * PER_PAGE]) {
          queries.clear();
          const counted = countedSignal();
          const { list } = await listOf(listed, { signal: counted.signal });
          let taken = 0;
          if (k > 0) {
            for await (const _ of list) {
              taken += 1;
              if (taken === k) break;
            }
          } else {
            await list[Symbol.asyncIterator]().return?.();
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
          const sent = queries.get(listed.op.name)?.length ?? 0;
          const want = k === 0 ? 0 : Math.ceil(k / PER_PAGE);
          const where = `${listed.op.name} k=${k}`;
          if (sent !== want) failures.push(`${where}: ${sent} requests, expected ${want}`);
          if (counted.attached() !== 0) failures.push(`${where}: ${counted.attached()} abort listeners`);
          if (server.openRequests().length) failures.push(`${where}: open ${server.openRequests().join(",")}`);
          if (timers.pending().length) failures.push(`${where}: timers ${timers.pending().join(",")}`);
        }
      }
    } finally {
      timers.stop();
    }
    expect(failures).toEqual([]);
  });

  it("iterator.return() mid-page ends the walk with no further request, listener, open request or timer", async () => {
    serve("spec");
    const failures: string[] = [];
    const timers = trackSdkTimers();
    try {
      for (const listed of lists) {
        queries.clear();
        const counted = countedSignal();
        const iterator = (await listOf(listed, { signal: counted.signal })).list[Symbol.asyncIterator]();
        await iterator.next();
        const ended = await iterator.return?.();
        const after = await iterator.next();
        await new Promise((resolve) => setTimeout(resolve, 5));
        const where = listed.op.name;
        if (!ended?.done || !after.done) failures.push(`${where}: not done after return()`);
        if ((queries.get(where)?.length ?? 0) !== 1) failures.push(`${where}: ${queries.get(where)?.length} requests`);
        if (counted.attached() !== 0) failures.push(`${where}: ${counted.attached()} abort listeners`);
        if (server.openRequests().length) failures.push(`${where}: open requests`);
        if (timers.pending().length) failures.push(`${where}: timers ${timers.pending().join(",")}`);
      }
    } finally {
      timers.stop();
    }
    expect(failures).toEqual([]);
  });

  it("awaiting the list then iterating it fetches the first page once; two iterations at once do not interfere", async () => {
    serve("spec");
    const failures: string[] = [];
    const want = JSON.stringify(expected("", 0));
    for (const listed of lists) {
      const all = JSON.stringify(expected(listed.name, PAGES * PER_PAGE));
      queries.clear();
      const { list } = await listOf(listed);
      const first = await list;
      if (first.items.length !== PER_PAGE) failures.push(`${listed.op.name}: first page of ${first.items.length}`);
      const seen: string[] = [];
      for await (const value of list) seen.push(key(value as never));
      if (JSON.stringify(seen) !== all) failures.push(`${listed.op.name}: after await: ${seen.join(",")}`);
      if (queries.get(listed.op.name)?.length !== PAGES)
        failures.push(`${listed.op.name}: await + iterate sent ${queries.get(listed.op.name)?.length} requests`);
      const both = await Promise.all(
        [0, 1].map(async () => {
          const out: string[] = [];
          for await (const value of list) out.push(key(value as never));
          return JSON.stringify(out);
        }),
      );
      if (both.some((one) => one !== all)) failures.push(`${listed.op.name}: concurrent walks ${both.join(" vs ")}`);
    }
    expect(want).toBe("[]");
    expect(failures).toEqual([]);
  });

  it("a server that repeats a cursor, or hands out empty pages with a next cursor, cannot make a walk endless", async () => {
    const failures: string[] = [];
    for (const mode of ["repeat", "empty-forever"] as const) {
      serve(mode);
      for (const listed of lists) {
        const { list } = await listOf(listed);
        let count = 0;
        let stopped: unknown;
        const iterator = list[Symbol.asyncIterator]();
        // Each step is raced against a deadline: an endless walk of empty pages never yields, so a `break` cannot stop it.
        for (;;) {
          const step = await Promise.race([
            iterator.next(),
            new Promise<"hung">((r) => setTimeout(() => r("hung"), 300)),
          ]).catch((error: unknown) => {
            stopped = error;
            return "failed" as const;
          });
          if (step === "hung" || step === "failed" || step.done) break;
          count += 1;
          if (count > 50) break;
        }
        const requests = queries.get(listed.op.name)?.length ?? 0;
        // repeat: pages t0 and t1, then t1 again is not followed (quietly: it would only repeat them); empty-forever:
        // one full page, then the empty ones until the walk fails with `pagination_stalled` (`pages()` is not bounded).
        const want = mode === "repeat" ? [2 * PER_PAGE, 2] : [PER_PAGE, 1 + MAX_EMPTY_PAGES_IN_A_ROW];
        const code = stopped instanceof AgentlineError ? stopped.code : String(stopped);
        if (
          count !== want[0] ||
          requests !== want[1] ||
          code !== (mode === "repeat" ? "undefined" : "pagination_stalled")
        )
          failures.push(`${mode} ${listed.op.name}: ${count} items, ${requests} requests, ${code}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it("a signal aborted while a later page is in flight rejects promptly with AbortError and leaves nothing open", async () => {
    serve("hang-after-first");
    const failures: string[] = [];
    for (const listed of lists) {
      const counted = countedSignal();
      const { list } = await listOf(listed, { signal: counted.signal });
      const walk = (async () => {
        for await (const _ of list);
      })().then(
        () => "resolved",
        (error: unknown) => error,
      );
      while ((queries.get(listed.op.name)?.length ?? 0) < 2) await new Promise((resolve) => setTimeout(resolve, 2));
      const started = Date.now();
      counted.controller.abort();
      const outcome = await Promise.race([walk, new Promise((resolve) => setTimeout(() => resolve("hung"), 1000))]);
      const where = listed.op.name;
      if (!(outcome instanceof AbortError)) failures.push(`${where}: ${String(outcome)}`);
      if (Date.now() - started > 500) failures.push(`${where}: took ${Date.now() - started} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (counted.attached() !== 0) failures.push(`${where}: ${counted.attached()} abort listeners`);
      if (server.openRequests().length) failures.push(`${where}: open ${server.openRequests().join(",")}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("every cursor / page-token list: the spec's size bounds", () => {
  it("refuses a limit / pageSize outside 1..100 before the network, naming the field", async () => {
    serve("spec");
    const failures: string[] = [];
    for (const listed of lists) {
      const field = listed.shape.cursor === "pageToken" ? "pageSize" : "limit";
      for (const size of [0, 101, 1.5]) {
        queries.clear();
        const clients = await clientsFor(server.url, { maxRetries: 0 });
        const method = methodOf(clients, listed.op.invoker, listed.op.values);
        const args = (listed.op.invoker.args ?? []).map((arg) => argument(arg, clients, listed.op.values));
        args[listed.at - 1] = { ...(args[listed.at - 1] as object), [field]: size };
        args[listed.at] = { headers: { "x-op": listed.op.name } };
        const outcome = await Promise.resolve()
          .then(() => method?.(...args) as PromiseLike<unknown>)
          .then(
            () => "accepted",
            (error: unknown) => error,
          );
        const issues = (outcome as { issues?: { path?: string }[] })?.issues ?? [];
        const where = `${listed.op.name} ${field}=${size}`;
        if (!issues.some((issue) => String(issue.path).includes(field))) failures.push(`${where}: ${String(outcome)}`);
        if (queries.get(listed.op.name)?.length) failures.push(`${where}: sent`);
      }
    }
    expect(failures).toEqual([]);
  });
});
