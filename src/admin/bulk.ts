import { argumentError, unreadableArgument } from "../core/arguments.js";
import { AbortError, AgentlineError, isAgentlineError, ValidationError } from "../core/errors.js";
import { redactCredentials } from "../core/redact.js";
import { type BulkFailure, describeFailures, failuresOf } from "./bulk-failures.js";

export type { BulkFailure } from "./bulk-failures.js";

/** Splits `items` into consecutive chunks of at most `size`, in order (`[]` gives no chunk). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!(Number.isInteger(size) && size > 0)) {
    throw new ValidationError([{ path: "size", rule: "positive_integer", message: "must be an integer ≥ 1" }]);
  }
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

/** A chunk the server refused as a whole, or that got no answer. */
export interface FailedChunk<Input> {
  index: number;
  items: Input[];
  error: unknown;
  /**
   * True when the server answered with an error status: per the spec a 4xx or 5xx changes nothing,
   * so the chunk was certainly not applied. False for a lost connection, timeout or abort: it may
   * have been applied (the bulk routes are idempotent, so resending is safe).
   */
  rejected: boolean;
}

/** A chunk that was never sent because an earlier one failed or the signal fired. */
export interface UnsentChunk<Input> {
  index: number;
  items: Input[];
}

/** What a bulk call did with each chunk; every input item is in exactly one of the three lists. */
export interface ChunkedReport<Input, Result, Merged = Result[]> {
  /** True when every chunk was applied. */
  ok: boolean;
  /** Indexes of the chunks the server accepted, ascending. */
  applied: number[];
  /** Their results, in the same order as `applied`. */
  results: Result[];
  /** `merge(results)`: the applied chunks' results folded in request order. */
  merged: Merged;
  failed: FailedChunk<Input>[];
  notAttempted: UnsentChunk<Input>[];
}

/** What to do when a chunk is rejected whole. */
export type ChunkErrorMode = "throw" | "stop" | "continue";

/** Options of a bulk call. */
export interface RunChunkedOptions<Input, Result, Merged> {
  items: readonly Input[];
  /** The route's documented maximum per request (100 spend limits, 100 teamIds, 500 sync entries, …). */
  size: number;
  /** Sends one chunk; a throw means the whole chunk was rejected. */
  send: (items: Input[], index: number) => Promise<Result>;
  /** Folds the applied chunks' results in request order; default: the array itself. */
  merge?: (results: NoInfer<Result>[]) => Merged;
  /**
   * On a rejected chunk: `"throw"` (default) stops and throws a {@link BulkPartialError} carrying the
   * report; `"stop"` stops and returns the report; `"continue"` sends the remaining chunks and returns it.
   */
  onChunkError?: ChunkErrorMode;
  /** Checked before each chunk; once fired, the remaining chunks are left unsent. */
  signal?: AbortSignal;
  /** Scrubs the client's secrets from the reasons a {@link BulkPartialError} quotes. */
  redact?: ((text: string) => string) | undefined;
}

/** Options of a {@link BulkPartialError}. */
export interface BulkPartialErrorOptions {
  /** Scrubs the client's secrets from every reason (default: anything credential-shaped). */
  redact?: ((text: string) => string) | undefined;
}

/** A chunked bulk call that did not apply every chunk; `.report` says which did and what to resend. */
export class BulkPartialError<Input = unknown, Result = unknown, Merged = unknown> extends AgentlineError {
  readonly report: ChunkedReport<Input, Result, Merged>;
  /** The server's reason for each chunk rejected whole and each failed row of an applied chunk, by chunk and row. */
  readonly failures: readonly BulkFailure[];

  constructor(report: ChunkedReport<Input, Result, Merged>, cause?: unknown, options?: BulkPartialErrorOptions) {
    // Built from something else (a wrong argument), it still comes out as an error: one with an empty report.
    if (!isChunkedReport(report))
      report = { ok: false, applied: [], results: [], failed: [], notAttempted: [] } as never;
    const redact = typeof options?.redact === "function" ? options.redact : redactCredentials;
    const failures = failuresOf(report, redact);
    const total = report.applied.length + report.failed.length + report.notAttempted.length;
    super(
      `A bulk call stopped: ${report.applied.length} of ${total} chunks applied, ${report.failed.length} failed, ` +
        `${report.notAttempted.length} not attempted.${describeFailures(failures)} ` +
        "Resend `retryFailed(error.report)` to finish it.",
      { code: "bulk_partial_failure", cause },
    );
    this.report = report;
    this.failures = failures;
  }

  override toJSON(): Record<string, unknown> {
    // Counts, indexes and the server's reasons only: items may hold emails and other personal data.
    return {
      ...super.toJSON(),
      applied: this.report.applied,
      failed: this.report.failed.map(({ index, rejected }) => ({ index, rejected })),
      notAttempted: this.report.notAttempted.map(({ index }) => index),
      failures: this.failures,
    };
  }
}

function answeredWithStatus(error: unknown): boolean {
  return isAgentlineError(error) && typeof (error as { status?: unknown }).status === "number";
}

/**
 * Sends `items` in chunks of `size`, one after another in request order, and accounts for every
 * chunk: applied, failed (rejected whole) or not attempted. Nothing is silently dropped.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export async function runChunked<Input, Result, Merged = Result[]>(
  options: RunChunkedOptions<Input, Result, Merged>,
): Promise<ChunkedReport<Input, Result, Merged>> {
  const chunks = chunk(options.items, options.size);
  const mode = options.onChunkError ?? "throw";
  const merge = options.merge ?? ((results: Result[]) => results as unknown as Merged);
  const applied: number[] = [];
  const results: Result[] = [];
  const failed: FailedChunk<Input>[] = [];
  const notAttempted: UnsentChunk<Input>[] = [];
  let stopped = false;
  let stopError: unknown;
  for (const [index, items] of chunks.entries()) {
    if (stopped || options.signal?.aborted) {
      notAttempted.push({ index, items });
      continue;
    }
    try {
      results.push(await options.send(items, index));
      applied.push(index);
    } catch (error) {
      failed.push({ index, items, error, rejected: answeredWithStatus(error) });
      if (mode !== "continue" && !stopped) {
        stopped = true;
        stopError = error;
      }
    }
  }
  const report: ChunkedReport<Input, Result, Merged> = {
    ok: failed.length === 0 && notAttempted.length === 0,
    applied,
    results,
    merged: merge(results),
    failed,
    notAttempted,
  };
  if (report.ok || mode !== "throw") return report;
  const cause = stopped ? stopError : new AbortError(undefined, options.signal?.reason);
  throw new BulkPartialError(report, cause, { redact: options.redact });
}

/** One input of a row-level bulk call beside the row the server returned for it. */
export interface BulkRow<Row, Input> {
  input: Input;
  /** `undefined` when the response had no row for this input (treated as not applied). */
  row: Row | undefined;
  status: "ok" | "failed" | "missing";
}

/** A row-level bulk result that keeps each input beside its row, so failed rows can be resent alone. */
export interface BulkResult<Row, Input> {
  rows: BulkRow<Row, Input>[];
  okCount: number;
  failedCount: number;
  /** Rows the server returned that match no input (kept, never dropped). */
  unmatched: Row[];
}

/** The row statuses the spec documents as applied: spend limits (`updated`, `unchanged`), sync and bulk model access (`success`). */
const APPLIED_ROW_STATUSES: ReadonlySet<unknown> = /* @__PURE__ */ new Set(["updated", "unchanged", "success"]);

/**
 * Whether a result row failed. A row counts as applied only when its `status` is a documented success value
 * (`updated`, `unchanged`, `success`) and it carries no error message; a failed or error row, a row without a
 * status and a row with a status the spec does not name are all failures, so a failure is never counted as
 * applied and `retryFailed` resends it (the bulk routes are idempotent).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export function isFailedRow(row: unknown): boolean {
  if (typeof row !== "object" || row === null) return true;
  const { status, error, errorMessage } = row as Record<string, unknown>;
  if (!APPLIED_ROW_STATUSES.has(status)) return true;
  return (typeof error === "string" && error !== "") || (typeof errorMessage === "string" && errorMessage !== "");
}

/** How {@link pairRows} matches rows to inputs. */
export interface PairRowsOptions<Row, Input> {
  /** Default {@link isFailedRow}. */
  isFailed?: (row: Row) => boolean;
  /**
   * Match by key (e.g. `teamId`) when the route does not promise request order; without it rows are
   * matched by position (the spend-limit route answers "in request order").
   */
  key?: { input: (input: Input) => unknown; row: (row: Row) => unknown };
  /**
   * With `key`: whether a row may be the input's answer, for rows that do not echo the key as sent (a sync row echoes
   * an invalid `userId` as 0). Rows are then taken by position when every row belongs to the input at its place (the
   * server kept request order), else by key, and a row whose key names no input goes to the first input left that it
   * belongs to.
   */
  belongs?: (input: Input, row: Row) => boolean;
}

/** Pairs a response's `results[]` with the inputs that were sent. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export function pairRows<Row, Input>(
  inputs: readonly Input[],
  rows: readonly Row[],
  options: PairRowsOptions<Row, Input> = {},
): BulkResult<Row, Input> {
  const isFailed = options.isFailed ?? isFailedRow;
  const matched: (Row | undefined)[] = [];
  const unmatched: Row[] = [];
  const { belongs } = options;
  const inOrder =
    belongs !== undefined &&
    rows.length === inputs.length &&
    inputs.every((input, i) => belongs(input, rows[i] as Row));
  if (options.key && !inOrder) {
    const { input: inputKey, row: rowKey } = options.key;
    // Queues per key, so duplicate inputs each take their own row in order.
    const byKey = new Map<unknown, Row[]>();
    for (const row of rows) {
      const key = rowKey(row);
      const queue = byKey.get(key);
      if (queue) queue.push(row);
      else byKey.set(key, [row]);
    }
    for (const input of inputs) matched.push(byKey.get(inputKey(input))?.shift());
    for (const queue of byKey.values()) unmatched.push(...queue);
    for (const [i, input] of inputs.entries()) {
      if (matched[i] !== undefined || !belongs) continue;
      const at = unmatched.findIndex((row) => belongs(input, row));
      if (at >= 0) matched[i] = unmatched.splice(at, 1)[0];
    }
  } else {
    for (let i = 0; i < inputs.length; i++) matched.push(rows[i]);
    unmatched.push(...rows.slice(inputs.length));
  }
  const result: BulkResult<Row, Input> = { rows: [], okCount: 0, failedCount: 0, unmatched };
  for (const [i, input] of inputs.entries()) {
    const row = matched[i];
    const status = row === undefined ? "missing" : isFailed(row) ? "failed" : "ok";
    result.rows.push({ input, row, status });
    if (status === "ok") result.okCount++;
    else result.failedCount++;
  }
  return result;
}

/** Concatenates chunk results in request order (a `merge` for {@link runChunked}). */
export function mergeBulkResults<Row, Input>(results: readonly BulkResult<Row, Input>[]): BulkResult<Row, Input> {
  const merged: BulkResult<Row, Input> = { rows: [], okCount: 0, failedCount: 0, unmatched: [] };
  for (const result of results) {
    merged.rows.push(...result.rows);
    merged.okCount += result.okCount;
    merged.failedCount += result.failedCount;
    merged.unmatched.push(...result.unmatched);
  }
  return merged;
}

function isBulkResult(value: unknown): value is BulkResult<unknown, unknown> {
  return typeof value === "object" && value !== null && Array.isArray((value as { rows?: unknown }).rows);
}

function isChunkedReport(value: unknown): value is ChunkedReport<unknown, unknown, unknown> {
  const report = value as Partial<Record<keyof ChunkedReport<unknown, unknown>, unknown>> | null;
  return (
    typeof report === "object" &&
    report !== null &&
    [report.applied, report.results, report.failed, report.notAttempted].every(Array.isArray)
  );
}

/**
 * The inputs to resend, in request order: from a {@link BulkResult}, the inputs of failed and missing
 * rows; from a {@link ChunkedReport}, also every item of failed and unsent chunks (and the failed rows
 * of applied chunks whose results are `BulkResult`s).
 */
export function retryFailed<Row, Input>(result: BulkResult<Row, Input>): Input[];
export function retryFailed<Input, Result, Merged>(report: ChunkedReport<Input, Result, Merged>): Input[];
/** From anything carrying a report (a bulk helper's whole result, a {@link BulkPartialError}): its report's inputs. */
export function retryFailed<Input, Result, Merged>(holder: { report: ChunkedReport<Input, Result, Merged> }): Input[];
export function retryFailed(
  result:
    | BulkResult<unknown, unknown>
    | ChunkedReport<unknown, unknown, unknown>
    | { report: ChunkedReport<unknown, unknown, unknown> },
): unknown[] {
  // Read inside one guard: a getter or proxy that throws is this argument's fault, named, not a raw error.
  try {
    return inputsToResend(result);
  } catch (error) {
    if (isAgentlineError(error)) throw error;
    throw unreadableArgument("retryFailed", "`result`", "invalid_argument", error);
  }
}

function inputsToResend(result: unknown): unknown[] {
  // A whole result (`rows` beside its `report`) or a BulkPartialError: the report, which also holds the chunks
  // rejected whole or never sent. Its `rows` alone would resend failed rows and silently drop those chunks.
  const report = typeof result === "object" && result !== null ? (result as { report?: unknown }).report : undefined;
  if (!isChunkedReport(result) && isChunkedReport(report)) return inputsToResend(report);
  if (isBulkResult(result)) return result.rows.filter((row) => row.status !== "ok").map((row) => row.input);
  if (!isChunkedReport(result)) {
    throw argumentError(result, "result", "retryFailed", "a bulk call's result, or the `report` of a BulkPartialError");
  }
  const byIndex = new Map<number, unknown[]>();
  for (const [at, index] of result.applied.entries()) {
    const chunkResult = result.results[at];
    if (isBulkResult(chunkResult)) byIndex.set(index, inputsToResend(chunkResult));
  }
  for (const { index, items } of [...result.failed, ...result.notAttempted]) byIndex.set(index, items);
  return [...byIndex.entries()].sort(([a], [b]) => a - b).flatMap(([, items]) => items);
}
