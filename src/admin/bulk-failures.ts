import { isAgentlineError } from "../core/errors.js";

// The reasons a BulkPartialError quotes: the server's message for each chunk rejected whole and the `error` /
// `errorMessage` of each failed row of the chunks it applied, by chunk and row (redacted by the caller's function).

/**
 * Why one chunk, or one row of an applied chunk, failed: the server's reason, redacted like every message.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints)
 */
export interface BulkFailure {
  /** The chunk's index. */
  chunk: number;
  /** The row's position in its chunk: a failed row of an applied chunk (absent for a chunk rejected whole). */
  row?: number;
  /** The row's position among all the call's inputs, when every earlier chunk's length is known. */
  item?: number;
  /** The HTTP status that rejected the chunk whole, when the server answered. */
  status?: number;
  /** The server's reason (its message, or the row's `error` / `errorMessage`), or what went wrong on the way. */
  reason: string;
}

/** The longest reason the message quotes, and how many reasons it quotes (the `failures` data keeps them all). */
const REASON_CHARS = 200;
const REASONS_IN_MESSAGE = 5;

// The shapes read here, structurally (a ChunkedReport and the BulkResult of a chunk), so this module needs nothing of
// bulk.ts, which builds the error from it.
interface ChunkReport {
  applied: readonly number[];
  results: readonly unknown[];
  failed: ReadonlyArray<{ index: number; items: readonly unknown[]; error: unknown }>;
  notAttempted: ReadonlyArray<{ index: number; items: readonly unknown[] }>;
}
interface ChunkRow {
  row: unknown;
  status: string;
}

function isBulkResult(value: unknown): value is { rows: ChunkRow[] } {
  return typeof value === "object" && value !== null && Array.isArray((value as { rows?: unknown }).rows);
}

// What a failed chunk's error says: an API error's own message (already scrubbed by the transport), else its text.
function chunkReason(error: unknown): { status?: number; reason: string } {
  const fields = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>;
  const status = isAgentlineError(error) && typeof fields.status === "number" ? fields.status : undefined;
  const server = typeof fields.serverMessage === "string" && fields.serverMessage !== "" ? fields.serverMessage : "";
  const text = server || (error instanceof Error ? error.message : String(error));
  return status === undefined ? { reason: text } : { status, reason: text };
}

// What a failed row of an applied chunk says: its `error` or `errorMessage`.
function rowReason(row: ChunkRow): string {
  if (row.status === "missing") return "the response has no row for this input";
  const fields = (typeof row.row === "object" && row.row !== null ? row.row : {}) as Record<string, unknown>;
  for (const key of ["error", "errorMessage", "message"]) {
    if (typeof fields[key] === "string" && fields[key] !== "") return fields[key];
  }
  return `failed (status: ${typeof fields.status === "string" ? fields.status : "none"})`;
}

export function failuresOf(report: ChunkReport, redact: (text: string) => string): BulkFailure[] {
  // Each chunk's length, to give a row its position among all inputs (unknown after an applied chunk without rows).
  const lengths = new Map<number, number>();
  for (const [at, index] of report.applied.entries()) {
    const result = report.results[at];
    if (isBulkResult(result)) lengths.set(index, result.rows.length);
  }
  for (const { index, items } of [...report.failed, ...report.notAttempted]) lengths.set(index, items.length);
  const offsetOf = (chunk: number): number | undefined => {
    let offset = 0;
    for (let index = 0; index < chunk; index++) {
      const length = lengths.get(index);
      if (length === undefined) return undefined;
      offset += length;
    }
    return offset;
  };
  const failures: BulkFailure[] = [];
  for (const [at, chunk] of report.applied.entries()) {
    const result = report.results[at];
    if (!isBulkResult(result)) continue;
    const offset = offsetOf(chunk);
    for (const [row, entry] of result.rows.entries()) {
      if (entry.status === "ok") continue;
      const reason = redact(rowReason(entry));
      failures.push(offset === undefined ? { chunk, row, reason } : { chunk, row, item: offset + row, reason });
    }
  }
  for (const { index, error } of report.failed) {
    const { status, reason } = chunkReason(error);
    const text = redact(reason);
    failures.push(status === undefined ? { chunk: index, reason: text } : { chunk: index, status, reason: text });
  }
  return failures.sort((a, b) => a.chunk - b.chunk || (a.row ?? -1) - (b.row ?? -1));
}

export function describeFailures(failures: readonly BulkFailure[]): string {
  if (failures.length === 0) return "";
  const quoted = failures.slice(0, REASONS_IN_MESSAGE).map((failure) => {
    const where =
      failure.row === undefined
        ? `chunk ${failure.chunk}${failure.status === undefined ? "" : ` (${failure.status})`}`
        : `chunk ${failure.chunk} row ${failure.row}${failure.item === undefined ? "" : ` (item ${failure.item})`}`;
    const reason = failure.reason.length > REASON_CHARS ? `${failure.reason.slice(0, REASON_CHARS)}…` : failure.reason;
    return `${where}: ${reason}`;
  });
  const more = failures.length > REASONS_IN_MESSAGE ? ` (and ${failures.length - REASONS_IN_MESSAGE} more)` : "";
  return ` Failures: ${quoted.join("; ")}${more}.`;
}
