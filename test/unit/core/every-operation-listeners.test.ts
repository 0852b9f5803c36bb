// Every public REST operation of the three clients (Cloud Agents but the run stream, Team Admin, Organization, the
// forge with a user token, and the forge through an app's installation client) × every way a server can answer badly,
// on real sockets (a node:http server of this test's own) and the SDK's real timers, with a caller's AbortSignal whose
// listeners are counted. Once each call settles: 0 listeners on the caller's signal, 0 SDK timers pending, 0 requests
// left open on the server; an abort during a retry's wait rejects at once with the caller's AbortError; a Retry-After
// over `maxRetryAfterMs` fails at once (README "Every wait is bounded"), and `timeoutMs` bounds each attempt, body
// included (README "Retries, timeouts, hooks, logs").
import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AbortError, ApiError, ConnectionError, TimeoutError } from "../../../src/core/errors.js";
import {
  type Behaviour,
  callWith,
  clientsFor,
  errorBody,
  everyOperation,
  findOptionsPosition,
  type OperationCase,
  type ScriptedServer,
  scriptedServer,
  trackSdkTimers,
} from "./every-operation-fixtures.js";

let server: ScriptedServer;
const operations: OperationCase[] = everyOperation();
const unreachable: string[] = [];
/** Operations an installation client refuses before the network (they need a user token). */
const refused: string[] = [];

beforeAll(async () => {
  server = await scriptedServer();
  server.set((_req, res) => res.end("{}"));
  for (const operation of operations) {
    const at = await findOptionsPosition(server, operation);
    if (at === undefined) unreachable.push(operation.name);
    else if (at === "refused") refused.push(operation.name);
    else operation.optionsAt = at;
  }
}, 120_000);
afterAll(() => server.close());

const tooMany = (status: number, retryAfter: string | (() => string)): Behaviour => {
  return (req, res) => {
    const headers: Record<string, string> = { "content-type": "application/json", "x-ratelimit-remaining": "0" };
    headers["retry-after"] = typeof retryAfter === "function" ? retryAfter() : retryAfter;
    res.writeHead(status, headers);
    res.end(errorBody(req.url, status));
  };
};

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toUTCString();

/** What a scenario does with one call, and what its outcome must be. */
interface Scenario {
  name: string;
  behaviour: Behaviour;
  clientOptions?: Record<string, unknown>;
  callOptions?: Record<string, unknown>;
  /** Abort the caller's signal once this holds (polled), then the call must reject with that AbortError at once. */
  abortWhen?: (hits: number, sleeps: number) => boolean;
  /** The outcome's problem, if any (`ms`: how long the call took). */
  check?: (outcome: unknown, ms: number) => string | undefined;
}

/** A bulk call's partial failure is read as the error that stopped it. */
const unwrap = (outcome: unknown): unknown =>
  (outcome as { code?: unknown })?.code === "bulk_partial_failure" ? (outcome as { cause?: unknown }).cause : outcome;

/** An AbortError, or a bulk call's partial failure caused by one. */
const aborted = (outcome: unknown): AbortError | undefined => {
  if (outcome instanceof AbortError) return outcome;
  const cause = (outcome as { cause?: unknown })?.cause;
  return cause instanceof AbortError ? cause : undefined;
};
const isAbort = (outcome: unknown) => (aborted(outcome) ? undefined : `not an AbortError: ${show(outcome)}`);
function show(outcome: unknown): string {
  return outcome instanceof Error ? `${outcome.name}: ${outcome.message.slice(0, 120)}` : String(outcome);
}

const SCENARIOS: Scenario[] = [
  { name: "200 {}", behaviour: (_req, res) => res.end("{}") },
  {
    name: "503 then 200",
    behaviour: (req, res, _socket, hit) => {
      if (hit > 1) return void res.end("{}");
      res.writeHead(503, { "content-type": "application/json" });
      res.end(errorBody(req.url, 503));
    },
    clientOptions: { random: () => 0 },
  },
  {
    name: "429 Retry-After 30 (seconds), aborted in the wait",
    behaviour: tooMany(429, "30"),
    abortWhen: (hits, sleeps) => hits >= 1 && sleeps > 0,
    check: isAbort,
  },
  {
    name: "429 Retry-After HTTP-date +30 s, aborted in the wait",
    behaviour: tooMany(429, () => inSeconds(30)),
    abortWhen: (hits, sleeps) => hits >= 1 && sleeps > 0,
    check: isAbort,
  },
  {
    name: "429 Retry-After -5 (backoff), aborted in the wait",
    behaviour: tooMany(429, "-5"),
    clientOptions: { random: () => 0.99 },
    abortWhen: (hits, sleeps) => hits >= 1 && sleeps > 0,
    check: isAbort,
  },
  {
    name: "429 Retry-After garbage (backoff), aborted in the wait",
    behaviour: tooMany(429, "soon"),
    clientOptions: { random: () => 0.99 },
    abortWhen: (hits, sleeps) => hits >= 1 && sleeps > 0,
    check: isAbort,
  },
  {
    name: "429 Retry-After 86400 (over the cap): fails at once",
    behaviour: tooMany(429, "86400"),
    check: (result, ms) => {
      const outcome = unwrap(result);
      if (!(outcome instanceof ApiError) || outcome.status !== 429) return `not a 429 ApiError: ${show(outcome)}`;
      return ms > 2_000 ? `took ${ms} ms` : undefined;
    },
  },
  {
    name: "never answers headers, timeoutMs 300",
    behaviour: () => {},
    clientOptions: { maxRetries: 0 },
    callOptions: { timeoutMs: 300 },
    check: (result, ms, outcome = unwrap(result)) =>
      outcome instanceof TimeoutError
        ? ms > 3_000
          ? `took ${ms} ms`
          : undefined
        : `not a TimeoutError: ${show(outcome)}`,
  },
  {
    name: "never answers headers, aborted",
    behaviour: () => {},
    abortWhen: (hits) => hits >= 1,
    check: isAbort,
  },
  {
    name: "headers then a stalled body, timeoutMs 300",
    behaviour: (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"items": [');
    },
    clientOptions: { maxRetries: 0 },
    callOptions: { timeoutMs: 300 },
  },
  {
    name: "headers then a stalled body, aborted",
    behaviour: (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
      res.write('{"items": [');
    },
    abortWhen: (hits) => hits >= 1,
  },
  {
    name: "connection dropped",
    behaviour: (_req, _res, socket) => socket.destroy(),
    clientOptions: { random: () => 0 },
    check: (result, _ms, outcome = unwrap(result)) =>
      outcome instanceof ConnectionError || outcome instanceof ApiError ? undefined : `${show(outcome)}`,
  },
];

const tick = () => new Promise((resolve) => setImmediate(resolve));

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/** Runs one operation under one scenario; the listeners left on its signal and what went wrong. */
async function runOne(scenario: Scenario, operation: OperationCase, sleeps: () => number): Promise<string[]> {
  const problems: string[] = [];
  const clients = await clientsFor(server.url, { maxRetries: 2, ...scenario.clientOptions });
  const controller = new AbortController();
  const { signal } = controller;
  // Node's own count: a `once` listener that fired is gone, one added and never removed is not.
  const attached = () => getEventListeners(signal, "abort").length;
  const reason = new Error("caller stop");
  const started = Date.now();
  let settledAt = 0;
  const settled = callWith(clients, operation, { signal, ...scenario.callOptions }, Number(operation.optionsAt)).then(
    (value) => value,
    (error: unknown) => error,
  );
  void settled.then(() => {
    settledAt = Date.now();
  });
  let abortedAt = 0;
  if (scenario.abortWhen) {
    const ready = await until(
      () => settledAt > 0 || scenario.abortWhen?.(server.hits(operation.name), sleeps()) === true,
      5_000,
    );
    if (settledAt > 0) problems.push(`settled before the abort: ${show(await settled)}`);
    else if (!ready) problems.push("never reached the point to abort");
    abortedAt = Date.now();
    controller.abort(reason);
  }
  const outcome = await settled;
  const ms = Date.now() - started;
  if (abortedAt && settledAt === 0) await tick();
  if (abortedAt && settledAt - abortedAt > 500) problems.push(`rejected ${settledAt - abortedAt} ms after the abort`);
  // The cause is the caller's reason, or (aborted mid-fetch) a redacted copy of it.
  const cause = aborted(outcome)?.cause;
  if (abortedAt && aborted(outcome) && cause !== reason && (cause as Error)?.message !== reason.message)
    problems.push(`the AbortError lost the caller's reason: ${show(cause)}`);
  // A download answers at its headers, body unread: cancelled here (its listener is streamed-download-release's case).
  const download = (outcome as { body?: unknown })?.body instanceof ReadableStream;
  if (download) await (outcome as { body: ReadableStream }).body.cancel();
  const problem = download ? undefined : scenario.check?.(outcome, ms);
  if (problem) problems.push(problem);
  await tick();
  if (!download && attached() > 0) problems.push(`${attached()} listeners left on the caller's signal`);
  return problems;
}

describe("every operation × every bad server, with a caller's signal", () => {
  it("probes find the call options of every operation", () => {
    expect(unreachable).toEqual([]);
    expect(operations.length).toBeGreaterThan(200);
    expect(refused.every((name) => name.startsWith("installation:"))).toBe(true);
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.name}: 0 listeners, 0 SDK timers, 0 open requests`, async () => {
      server.set(scenario.behaviour);
      const timers = trackSdkTimers();
      const failures: string[] = [];
      const counts = { operations: 0, withProblems: 0 };
      try {
        // A wait scenario runs one call at a time, so the SDK's pending sleeps are that call's own.
        const chunk = scenario.abortWhen ? 1 : 12;
        for (let i = 0; i < operations.length; i += chunk) {
          const batch = operations
            .slice(i, i + chunk)
            .filter((operation) => typeof operation.optionsAt === "number")
            // A download settles at its headers, before any abort: streamed-download-release.test.ts covers it.
            .filter((operation) => !(scenario.abortWhen && operation.name.endsWith("contents.tarball")));
          const results = await Promise.all(batch.map((operation) => runOne(scenario, operation, timers.sleeps)));
          for (const [j, problems] of results.entries()) {
            counts.operations += 1;
            if (problems.length) counts.withProblems += 1;
            for (const problem of problems) failures.push(`${batch[j]?.name}: ${problem}`);
          }
        }
        await until(() => timers.pending().length === 0 && server.openRequests().length === 0, 2_000);
        const pending = timers.pending();
        if (pending.length) failures.push(`${pending.length} SDK timers pending: ${[...new Set(pending)].join(", ")}`);
        const open = server.openRequests();
        if (open.length)
          failures.push(`${open.length} requests still open: ${[...new Set(open)].slice(0, 20).join(", ")}`);
      } finally {
        timers.stop();
      }
      if (failures.length) console.log(failures.join("\n"));
      console.log(`${scenario.name}: ${counts.operations} operations, ${counts.withProblems} with problems`);
      expect(failures).toEqual([]);
    }, 300_000);
  }
});
