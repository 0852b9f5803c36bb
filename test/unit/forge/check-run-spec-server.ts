// A small check-run forge written from the spec alone (Code Forge API § Check run semantics, § Other constants),
// not from src/testing or src/forge/check-runs: post, batch upsert (`checkRuns[]` in, `results[]` out, request
// order), get, and annotations (1..25 per append, 100 per run, ResourceExhausted 429 beyond). It can apply a
// request and then destroy the socket, so the caller loses an answer the forge already acted on.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const PREFIX = /^\/v1\/forge\/repos\/[^/]+\/[^/]+/;
const FUTURE_MS = 60_000;
const DEADLINE_MS = 24 * 3_600_000;

interface StoredRun {
  id: string;
  fields: Record<string, unknown>;
  /** Milliseconds of externalUpdatedAt (the spec orders at millisecond precision). */
  at: number;
  annotations: Array<Record<string, unknown>>;
}

/** Milliseconds of an RFC 3339 time, truncated to the millisecond; NaN when it is not one. */
export function specMillis(text: unknown): number {
  if (typeof text !== "string") return Number.NaN;
  const match = /^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(text);
  if (!match) return Number.NaN;
  const millis = (match[2] ?? ".").slice(1, 4).padEnd(3, "0");
  return Date.parse(`${(match[1] as string).replace(/[ t]/, "T")}.${millis}${(match[3] as string).toUpperCase()}`);
}

/** Why the forge refuses a post with InvalidArgument 400, or undefined. */
function refusal(post: Record<string, unknown>, now: number): string | undefined {
  if (typeof post !== "object" || post === null || Array.isArray(post)) return "a post must be an object";
  if (post.status === "rerequested") return "status: only the forge sets rerequested";
  if (!["queued", "in_progress", "completed"].includes(post.status as string)) return "status";
  for (const field of ["externalUpdatedAt", "startedAt", "completedAt", "deadlineAt"]) {
    if (post[field] !== undefined && Number.isNaN(specMillis(post[field]))) return `${field}: not RFC 3339`;
  }
  for (const field of ["externalUpdatedAt", "startedAt", "completedAt"]) {
    if (post[field] !== undefined && specMillis(post[field]) - now > FUTURE_MS) return `${field}: future`;
  }
  if (post.startedAt !== undefined && post.completedAt !== undefined) {
    if (specMillis(post.completedAt) < specMillis(post.startedAt)) return "completedAt before startedAt";
  }
  if (post.deadlineAt !== undefined && specMillis(post.deadlineAt) - now > DEADLINE_MS) return "deadlineAt";
  return undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Starts the forge on 127.0.0.1; `now` is its clock. */
export async function startCheckRunForge(now: () => number) {
  const runs = new Map<string, StoredRun>();
  const byId = new Map<string, StoredRun>();
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let sequence = 0;
  /** Routes (`METHOD /suffix`) whose next answer is lost after the forge applied the request. */
  const dropNext = new Set<string>();

  function upsert(post: Record<string, unknown>): { checkRun: Record<string, unknown>; outcome: string } {
    const suite = post.suite as { key?: unknown; externalId?: unknown } | undefined;
    const identity = JSON.stringify([post.sha, suite?.key, suite?.externalId, post.key, post.externalId]);
    const at = specMillis(post.externalUpdatedAt);
    const stored = runs.get(identity);
    if (!stored) {
      sequence += 1;
      const run: StoredRun = { id: `cr_${sequence}`, fields: post, at, annotations: [] };
      runs.set(identity, run);
      byId.set(run.id, run);
      return { checkRun: { ...post, id: run.id }, outcome: "created" };
    }
    const reopening = stored.fields.status === "completed" && post.status !== "completed";
    if (at < stored.at || (at === stored.at && reopening)) {
      return { checkRun: { ...stored.fields, id: stored.id }, outcome: "ignored_stale" };
    }
    if (same(stored.fields, post)) return { checkRun: { ...stored.fields, id: stored.id }, outcome: "unchanged" };
    stored.fields = post;
    stored.at = at;
    return { checkRun: { ...post, id: stored.id }, outcome: "updated" };
  }

  function route(method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    const invalid = (message: string): [number, unknown] => [400, { code: 3, message, details: [] }];
    if (method === "POST" && path === "/check-runs") {
      const why = refusal(body, now());
      return why ? invalid(why) : [200, upsert(body)];
    }
    if (method === "POST" && path === "/check-runs:batchUpsert") {
      const posts = body.checkRuns;
      if (!Array.isArray(posts) || posts.length === 0) return invalid("checkRuns: required");
      for (const [index, post] of posts.entries()) {
        const why = refusal(post, now());
        if (why) return invalid(`checkRuns[${index}].${why}`);
      }
      return [200, { results: posts.map((post) => upsert(post)) }];
    }
    const annotations = /^\/check-runs\/([^/]+)\/annotations$/.exec(path);
    const run = annotations ? byId.get(decodeURIComponent(annotations[1] as string)) : undefined;
    if (annotations && !run) return [404, { code: 5, message: "check run not found", details: [] }];
    if (run && method === "POST") {
      const batch = body.annotations;
      if (!Array.isArray(batch) || batch.length < 1 || batch.length > 25) return invalid("annotations: 1..25");
      if (run.annotations.length + batch.length > 100) {
        return [429, { code: 8, message: "a run holds at most 100 annotations", details: [] }];
      }
      const added = batch.map((annotation, index) => ({ ...annotation, id: `an_${run.annotations.length + index}` }));
      run.annotations.push(...added);
      return [200, { annotations: added }];
    }
    if (run && method === "GET") return [200, { annotations: run.annotations, nextPageToken: "" }];
    return [404, { code: 5, message: `no route ${method} ${path}`, details: [] }];
  }

  function handle(req: IncomingMessage, res: ServerResponse, text: string): void {
    const method = req.method ?? "";
    const path = (req.url ?? "").split("?")[0]?.replace(PREFIX, "") ?? "";
    let body: Record<string, unknown> = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = {};
    }
    requests.push({ method, path, body });
    const [status, answer] = route(method, path, body);
    const line = `${method} ${path.replace(/^\/check-runs\/[^/]+\//, "/check-runs/{id}/")}`;
    if (dropNext.delete(line)) {
      req.socket.destroy(); // applied, but the answer never reaches the caller
      return;
    }
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer));
  }

  const server: Server = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => handle(req, res, text));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    /** Every stored run attempt, one per (sha, suite key, suite externalId, key, externalId). */
    runs: () => [...runs.values()],
    annotationsOf: (id: string) => byId.get(id)?.annotations ?? [],
    /** Loses the next answer of `METHOD /suffix` (annotations as `/check-runs/{id}/annotations`). */
    dropNextAnswer: (line: string) => dropNext.add(line),
    reset: () => {
      runs.clear();
      byId.clear();
      requests.length = 0;
      dropNext.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
