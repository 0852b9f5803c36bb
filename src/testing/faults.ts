import { AGENTS_OPERATIONS } from "../agents/operations.js";
import { fakeArgumentError } from "./argument-errors.js";
import { matchPath } from "./path-match.js";

/** The run stream, the only operation stream faults hit. */
const STREAM = AGENTS_OPERATIONS["runs.stream"];

/** Fields every fault has. */
export interface FaultBase {
  /**
   * Which requests it hits: `"METHOD /path"` with `:name` segments (`"GET /v1/agents/:id"`), a bare
   * `"/path"` or `"* /path"` for any method, or `"*"` for every request. Default `"*"`.
   */
  route?: string;
  /** How many matching requests it hits before it is used up. Default 1; `Infinity` for always. */
  times?: number;
}

/** 429 rate_limit_exceeded with `Retry-After` and `X-RateLimit-*` (remaining 0). */
export interface RateLimitFault extends FaultBase {
  kind: "rate_limit";
  /** Default 1. */
  retryAfterSeconds?: number;
  /** Send `Retry-After` as an HTTP date instead of seconds. */
  retryAfterDate?: boolean;
}

/** A 5xx answer: 500 internal_error, or 502/503/504 upstream_error. */
export interface ServerErrorFault extends FaultBase {
  kind: "server_error";
  /** Default 500. */
  status?: 500 | 502 | 503 | 504;
}

/** Waits `ms` (through the `sleep` option, observing the request's signal), then goes on. */
export interface LatencyFault extends FaultBase {
  kind: "latency";
  ms: number;
}

/** The connection drops before the request is applied: `fetch` rejects with `TypeError("fetch failed")`. */
export interface DisconnectBeforeFault extends FaultBase {
  kind: "disconnect_before";
}

/** The request is applied (state changes!), then the connection drops before the answer arrives. */
export interface DisconnectAfterFault extends FaultBase {
  kind: "disconnect_after";
}

/**
 * The run stream's body fails part-way: after `afterEvents` whole SSE events (every event sent on
 * the connection counts, the initial status and heartbeats too), or after `afterBytes` bytes,
 * whichever comes first. With `midEvent`, half of the next event's bytes go out first. The body then
 * errors with `TypeError("network error")` (`mode: "error"`, the default) or ends cleanly (`"close"`).
 * Neither limit given: `afterEvents: 1`. Only hits run stream requests.
 */
export interface StreamDropFault extends FaultBase {
  kind: "stream_drop";
  afterEvents?: number;
  afterBytes?: number;
  midEvent?: boolean;
  mode?: "error" | "close";
}

/**
 * After `afterEvents` events (default 1) the run stream sends nothing more, heartbeats included,
 * yet stays open until the client aborts or cancels it. Only hits run stream requests.
 */
export interface StreamStallFault extends FaultBase {
  kind: "stream_stall";
  afterEvents?: number;
}

/**
 * The whole run stream arrives in `chunkBytes`-byte pieces (default 3, so UTF-8 sequences and lines
 * split), `delayMs` apart through `sleep` (default 0). Only hits run stream requests.
 */
export interface StreamDripFault extends FaultBase {
  kind: "stream_drip";
  chunkBytes?: number;
  delayMs?: number;
}

/** The faults that shape a run stream's body rather than the answer. */
export type StreamFault = StreamDropFault | StreamStallFault | StreamDripFault;

/** A fault to inject with `fake.faults.add()`. */
export type Fault =
  | RateLimitFault
  | ServerErrorFault
  | LatencyFault
  | DisconnectBeforeFault
  | DisconnectAfterFault
  | StreamFault;

/** The kinds of {@link Fault}. */
export type FaultKind = Fault["kind"];

/** A fault that was added; `remove()` takes it out before it is used up. */
export interface FaultHandle {
  readonly fault: Readonly<Fault>;
  /** Matching requests it has hit so far. */
  readonly hits: number;
  /** Hits left (`Infinity` for an endless fault); 0 once used up or removed. */
  readonly remaining: number;
  remove(): void;
}

/** The faults to apply to one request: every matching latency, then at most one other fault. */
export interface FaultPlan {
  latencies: LatencyFault[];
  fault?: Exclude<Fault, LatencyFault>;
}

interface Entry {
  fault: Fault;
  method: string;
  pattern: string;
  remaining: number;
  hits: number;
}

const KINDS: readonly FaultKind[] = [
  "rate_limit",
  "server_error",
  "latency",
  "disconnect_before",
  "disconnect_after",
  "stream_drop",
  "stream_stall",
  "stream_drip",
];

/** True for the faults that shape a stream body. */
export function isStreamFault(fault: Fault): fault is StreamFault {
  return fault.kind === "stream_drop" || fault.kind === "stream_stall" || fault.kind === "stream_drip";
}

function checkCount(value: unknown, name: string, min: number): void {
  if (value !== undefined && !(Number.isInteger(value) && (value as number) >= min))
    throw fakeArgumentError(`fake.faults.add: \`${name}\` must be an integer >= ${min}.`);
}

function checkStreamFault(fault: StreamFault): void {
  if (fault.kind === "stream_drip") {
    checkCount(fault.chunkBytes, "chunkBytes", 1);
    if (fault.delayMs !== undefined && !(Number.isFinite(fault.delayMs) && fault.delayMs >= 0))
      throw fakeArgumentError("fake.faults.add: `delayMs` of a stream_drip fault must be a finite number >= 0.");
    return;
  }
  checkCount(fault.afterEvents, "afterEvents", 0);
  if (fault.kind === "stream_stall") return;
  checkCount(fault.afterBytes, "afterBytes", 0);
  if (fault.midEvent !== undefined && typeof fault.midEvent !== "boolean")
    throw fakeArgumentError("fake.faults.add: `midEvent` must be a boolean.");
  if (fault.midEvent && fault.afterEvents === undefined && fault.afterBytes !== undefined)
    throw fakeArgumentError(
      "fake.faults.add: `midEvent` cuts the event after `afterEvents`; it has no meaning with `afterBytes` alone.",
    );
  if (fault.mode !== undefined && fault.mode !== "error" && fault.mode !== "close")
    throw fakeArgumentError('fake.faults.add: `mode` of a stream_drop fault must be "error" or "close".');
}

function parseRoute(route: string): { method: string; pattern: string } {
  const text = typeof route === "string" ? route.trim() : "";
  if (text === "*") return { method: "*", pattern: "*" };
  const match = /^(?:([A-Za-z]+|\*)\s+)?(\/\S*)$/.exec(text);
  if (!match)
    throw fakeArgumentError(
      `fake.faults.add: route ${typeof route === "string" ? JSON.stringify(route) : `(a ${typeof route})`} must look like "GET /v1/agents/:id", "/v1/agents" or "*".`,
    );
  return { method: (match[1] ?? "*").toUpperCase(), pattern: match[2] as string };
}

function check(fault: Fault): void {
  if (typeof fault !== "object" || fault === null || Array.isArray(fault))
    throw fakeArgumentError('fake.faults.add: pass a fault object such as { kind: "server_error" }.');
  const kind: unknown = fault.kind;
  if (!KINDS.includes(kind as FaultKind))
    throw fakeArgumentError(
      `fake.faults.add: unknown fault kind ${typeof kind === "string" ? JSON.stringify(kind) : `(a ${typeof kind})`}; use one of ${KINDS.join(", ")}.`,
    );
  const times = fault.times ?? 1;
  if (!(times === Number.POSITIVE_INFINITY || (Number.isInteger(times) && times >= 1))) {
    throw fakeArgumentError("fake.faults.add: `times` must be an integer >= 1 or Infinity.");
  }
  if (fault.kind === "latency" && !(Number.isFinite(fault.ms) && fault.ms >= 0)) {
    throw fakeArgumentError("fake.faults.add: a latency fault needs `ms`, a finite number >= 0.");
  }
  if (fault.kind === "server_error" && fault.status !== undefined && ![500, 502, 503, 504].includes(fault.status)) {
    throw fakeArgumentError("fake.faults.add: `status` of a server_error fault must be 500, 502, 503 or 504.");
  }
  if (
    fault.kind === "rate_limit" &&
    fault.retryAfterSeconds !== undefined &&
    !(Number.isInteger(fault.retryAfterSeconds) && fault.retryAfterSeconds >= 0)
  ) {
    throw fakeArgumentError("fake.faults.add: `retryAfterSeconds` must be an integer >= 0.");
  }
  if (fault.kind === "rate_limit" && fault.retryAfterDate !== undefined && typeof fault.retryAfterDate !== "boolean")
    throw fakeArgumentError("fake.faults.add: `retryAfterDate` must be a boolean.");
  if (isStreamFault(fault)) checkStreamFault(fault);
}

/** The fake's fault registry: faults fire in the order they were added. */
export class FaultRegistry {
  private entries: Entry[] = [];

  /** Adds a fault; it hits the next `times` matching requests. */
  add(fault: Fault): FaultHandle {
    check(fault);
    const entry: Entry = {
      fault: { ...fault },
      ...parseRoute(fault.route ?? "*"),
      remaining: fault.times ?? 1,
      hits: 0,
    };
    this.entries.push(entry);
    const registry = this;
    return {
      fault: entry.fault,
      get hits() {
        return entry.hits;
      },
      get remaining() {
        return entry.remaining;
      },
      remove() {
        entry.remaining = 0;
        registry.entries = registry.entries.filter((e) => e !== entry);
      },
    };
  }

  /** Removes every fault. */
  clear(): void {
    for (const entry of this.entries) entry.remaining = 0;
    this.entries = [];
  }

  /** Picks (and uses up one hit of) the faults that match a request. */
  take(method: string, path: string): FaultPlan {
    const plan: FaultPlan = { latencies: [] };
    for (const entry of this.entries) {
      if (entry.method !== "*" && entry.method !== method) continue;
      if (entry.pattern !== "*" && matchPath(entry.pattern, path) === undefined) continue;
      // A stream fault on a broad route ("*") must not be used up by requests that have no stream.
      if (isStreamFault(entry.fault) && (method !== STREAM.method || matchPath(STREAM.path, path) === undefined))
        continue;
      if (entry.fault.kind === "latency") plan.latencies.push(entry.fault);
      else if (plan.fault === undefined) plan.fault = entry.fault;
      else continue;
      entry.hits += 1;
      entry.remaining -= 1;
    }
    this.entries = this.entries.filter((e) => e.remaining > 0);
    return plan;
  }
}
