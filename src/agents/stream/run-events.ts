import * as v from "valibot";
import { argumentError } from "../../core/arguments.js";
import type { AgentlineError } from "../../core/errors.js";
import { openEnum, parseResponse } from "../../core/schema.js";
import { isPlainObject } from "../../core/validation.js";
import { RUN_STATUSES, type RunStatus } from "../schemas/constants.js";
import { type RunGit, RunGitSchema, type ToolCallData, ToolCallDataSchema } from "../schemas/resources.js";
import { responseObject } from "../schemas/response-object.js";

/** `status` event data. @see {@link https://github.com/agentline/agentline#run-streams | README: Run streams} (spec: Cloud Agents API § Events) */
export const StatusEventDataSchema = responseObject({ runId: v.string(), status: openEnum(RUN_STATUSES) });

/** `result` event data. @see {@link https://github.com/agentline/agentline#run-streams | README: Run streams} (spec: Cloud Agents API § Events) */
export const ResultEventDataSchema = responseObject({
  runId: v.string(),
  status: openEnum(RUN_STATUSES),
  text: v.optional(v.string()),
  durationMs: v.optional(v.number()),
  git: v.optional(RunGitSchema),
});

/** What every run event carries: the SSE `id` (absent on `status` and heartbeats) and the raw `data` text. */
interface RunEventBase {
  id?: string | undefined;
  /** The event's `data` exactly as it arrived (empty for synthesized events). */
  raw: string;
}

/** The run's status; sent first on every (re)connection, without an id. */
export interface StatusEvent extends RunEventBase {
  type: "status";
  data: { runId: string; status: RunStatus };
}
/** A tool invocation: a `running` update, then a `completed` one sharing `callId`. */
export interface ToolCallEvent extends RunEventBase {
  type: "tool_call";
  data: ToolCallData;
}
/** The run's end. `synthesized` when the stream had expired and the client read the run instead. */
export interface ResultEvent extends RunEventBase {
  type: "result";
  data: {
    runId: string;
    status: RunStatus;
    text?: string | undefined;
    durationMs?: number | undefined;
    git?: RunGit | undefined;
  };
  synthesized?: boolean;
}
/** Assistant or thinking text; `text` is extracted best-effort from the undocumented data shape. */
export interface TextEvent extends RunEventBase {
  type: "assistant" | "thinking";
  data: unknown;
  text: string | undefined;
}
/** A failure reported inside the stream (data shape undocumented; `code`/`message` when present). */
export interface ErrorEvent extends RunEventBase {
  type: "error";
  data: unknown;
  code: string | undefined;
  message: string | undefined;
}
/** `heartbeat`, `done` and `interaction_update` (richer update sharing a sibling's id; may be ignored). */
export interface OpaqueEvent extends RunEventBase {
  type: "heartbeat" | "done" | "interaction_update";
  data: unknown;
}
/** An event type this SDK does not know: passed through with its name in `event`. */
export interface UnknownRunEvent extends RunEventBase {
  type: "unknown";
  /** The SSE `event:` name as sent. */
  event: string;
  data: unknown;
}

/** One event of a run stream. @see {@link https://github.com/agentline/agentline#run-streams | README: Run streams} (spec: Cloud Agents API § Events) */
export type RunEvent =
  | StatusEvent
  | ToolCallEvent
  | ResultEvent
  | TextEvent
  | ErrorEvent
  | OpaqueEvent
  | UnknownRunEvent;

/** Parses JSON without throwing: undocumented data may be a bare string or anything else. */
function parseData(raw: string): unknown {
  // Most payloads are objects; skip the throw (slow) for text that cannot be JSON at all.
  const first = raw.charCodeAt(0);
  if (
    raw === "" ||
    (first !== 123 &&
      first !== 91 &&
      first !== 34 &&
      !(first >= 45 && first <= 57) &&
      raw !== "null" &&
      raw !== "true" &&
      raw !== "false")
  ) {
    return raw;
  }
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Text from an undocumented payload: `text`, then `delta`, then `content`, then a bare string. */
export function extractText(data: unknown): string | undefined {
  if (typeof data === "string") return data;
  if (!isPlainObject(data)) return undefined;
  // Spelled out rather than looped over a key list: this runs for most events of a run.
  if (typeof data.text === "string") return data.text;
  if (typeof data.delta === "string") return data.delta;
  return typeof data.content === "string" ? data.content : undefined;
}

/** The error for a wrong argument of {@link toRunEvent} (off the hot path). */
function wrongMessagePart(type: unknown, raw: unknown, id: unknown): AgentlineError {
  if (typeof raw !== "string") return argumentError(raw, "raw", "toRunEvent", "the SSE message's data, a string");
  if (typeof (type ?? "") !== "string") {
    return argumentError(type, "type", "toRunEvent", "the SSE event name, a string (or undefined for `message`)");
  }
  return argumentError(id, "id", "toRunEvent", "the SSE id, a string or undefined");
}

const KNOWN_OPAQUE = new Set(["heartbeat", "done", "interaction_update"]);

/**
 * Turns one SSE message into a {@link RunEvent}. Documented shapes (status, tool_call, result) are
 * validated leniently (unknown fields kept); undocumented ones never throw.
 */
export function toRunEvent(type: string | undefined, raw: string, id: string | undefined): RunEvent {
  if (typeof raw !== "string" || typeof (type ?? "") !== "string" || typeof (id ?? "") !== "string") {
    throw wrongMessagePart(type, raw, id);
  }
  const name = type ?? "message";
  const data = parseData(raw);
  // Literals with the same key order per type (no spreads): this runs once per event on the hot path.
  switch (name) {
    case "status":
      return { type: "status", id, raw, data: parseResponse(StatusEventDataSchema, data, "status event") };
    case "tool_call":
      return { type: "tool_call", id, raw, data: parseResponse(ToolCallDataSchema, data, "tool_call event") };
    case "result":
      return { type: "result", id, raw, data: parseResponse(ResultEventDataSchema, data, "result event") };
    case "assistant":
    case "thinking":
      return { type: name, id, raw, data, text: extractText(data) };
    case "error": {
      const record = isPlainObject(data) ? data : {};
      const code = typeof record.code === "string" ? record.code : undefined;
      const message = typeof record.message === "string" ? record.message : extractText(data);
      return { type: "error", id, raw, data, code, message };
    }
    default:
      if (KNOWN_OPAQUE.has(name)) return { type: name as OpaqueEvent["type"], id, raw, data };
      return { type: "unknown", event: name, id, raw, data };
  }
}
