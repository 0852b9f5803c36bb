import { argumentError } from "../core/arguments.js";
import type { RunStatus } from "./schemas/constants.js";
import type { RunGit, ToolCallData } from "./schemas/resources.js";
import { isStatusRegression } from "./status-order.js";
import type { RunEvent } from "./stream/run-events.js";
import { ToolCallList, type ToolCallState } from "./tool-call-list.js";

/** Everything a run's events say about it, folded. */
export interface RunState {
  runId: string | undefined;
  status: RunStatus | undefined;
  assistantText: string;
  thinkingText: string;
  /** In order of first appearance (an immutable list; `toArray()` for a plain array). */
  toolCalls: ToolCallList;
  /** The final reply (`result.text`). */
  result: string | undefined;
  git: RunGit | undefined;
  durationMs: number | undefined;
  /** The last `error` event's code and message. */
  error: { code: string | undefined; message: string | undefined } | undefined;
  /** Whether the terminal `result` was synthesized from a read of the run (stream expired). */
  synthesized: boolean;
  lastEventId: string | undefined;
  /** Event types already folded under `lastEventId` (siblings share an id; a replay repeats a type). */
  lastEventTypes: readonly string[];
  /**
   * Distinct id-bearing events folded (siblings sharing an id count one each). Replays and id-less
   * events (status, heartbeats) do not count, so the figure is the same however the stream was cut.
   */
  eventCount: number;
}

/**
 * The fields of a run that its events set and every live view shows, in display order: declared once, and what
 * `RunSnapshot`, the views' signals and the framework adapters are derived from.
 */
export const RUN_FIELDS = [
  "runId",
  "status",
  "assistantText",
  "thinkingText",
  "toolCalls",
  "result",
  "git",
  "durationMs",
  "error",
  "lastEventId",
] as const satisfies readonly (keyof RunState)[];

/** One of {@link RUN_FIELDS}. */
export type RunField = (typeof RUN_FIELDS)[number];

const STATE = "a RunState (`initialRunState`, or what an earlier call returned)";
const EVENTS = "an iterable of run events";

/** The state before any event. */
export const initialRunState: RunState = Object.freeze({
  runId: undefined,
  status: undefined,
  assistantText: "",
  thinkingText: "",
  toolCalls: ToolCallList.empty,
  result: undefined,
  git: undefined,
  durationMs: undefined,
  error: undefined,
  synthesized: false,
  lastEventId: undefined,
  lastEventTypes: Object.freeze([]) as readonly string[],
  eventCount: 0,
});

// Most calls are never truncated: they share this one record instead of allocating their own.
const NOT_TRUNCATED: ToolCallState["truncated"] = Object.freeze({ args: false, result: false });

function foldToolCall(calls: ToolCallList, data: ToolCallData): ToolCallList {
  const index = calls.indexOf(data.callId);
  const previous = index === -1 ? undefined : calls.at(index);
  const truncatedArgs = Boolean(data.truncated?.args) || previous?.truncated.args === true;
  const truncatedResult = Boolean(data.truncated?.result) || previous?.truncated.result === true;
  const next: ToolCallState = {
    callId: data.callId,
    name: data.name || previous?.name || "",
    // completed never goes back to running (an out-of-order update cannot reopen a call).
    status: previous?.status === "completed" ? "completed" : data.status,
    args: data.args ?? previous?.args,
    result: data.result ?? previous?.result,
    truncated:
      truncatedArgs || truncatedResult
        ? previous?.truncated.args === truncatedArgs && previous.truncated.result === truncatedResult
          ? previous.truncated
          : { args: truncatedArgs, result: truncatedResult }
        : NOT_TRUNCATED,
  };
  return index === -1 ? calls.append(next) : calls.replace(index, next);
}

// One frozen `[type]` per event type: most id groups hold one event, so this saves an allocation each.
const singleTypes = new Map<string, readonly string[]>();
function typesOf(type: string): readonly string[] {
  let types = singleTypes.get(type);
  if (!types) {
    types = Object.freeze([type]);
    singleTypes.set(type, types);
  }
  return types;
}

/**
 * Folds one run event into the state; pure, never mutates. A replayed event changes nothing: an
 * id-bearing event whose id and type were already folded is skipped, a `status` equal to the current
 * one is a no-op, and a status never goes backwards (a terminal one is never left).
 */
export function reduceRunState(state: RunState, event: RunEvent): RunState {
  if (typeof state !== "object" || state === null) throw argumentError(state, "state", "reduceRunState", STATE);
  if (typeof event !== "object" || event === null || typeof event.type !== "string")
    throw argumentError(event, "event", "reduceRunState", "a run event (from a run stream, or `toRunEvent`)");
  let { lastEventId, lastEventTypes, eventCount } = state;
  if (event.id !== undefined) {
    if (event.id === lastEventId) {
      if (lastEventTypes.includes(event.type)) return state;
      lastEventTypes = [...lastEventTypes, event.type];
    } else {
      lastEventId = event.id;
      lastEventTypes = typesOf(event.type);
    }
    eventCount++;
  }
  let { runId, status, assistantText, thinkingText, toolCalls, result, git, durationMs, error, synthesized } = state;
  switch (event.type) {
    case "status":
      if (event.data.status !== status && !isStatusRegression(status, event.data.status)) {
        runId = event.data.runId;
        status = event.data.status;
      }
      break;
    case "assistant":
      if (event.text) assistantText += event.text;
      break;
    case "thinking":
      if (event.text) thinkingText += event.text;
      break;
    case "tool_call":
      toolCalls = foldToolCall(toolCalls, event.data);
      break;
    case "result":
      runId = event.data.runId;
      status = event.data.status;
      result = event.data.text ?? result;
      durationMs = event.data.durationMs ?? durationMs;
      git = event.data.git ?? git;
      synthesized = event.synthesized === true;
      break;
    case "error":
      error = { code: event.code, message: event.message };
      break;
    default:
      // heartbeat, done, interaction_update and unknown types carry nothing the state keeps.
      break;
  }
  if (
    eventCount === state.eventCount &&
    status === state.status &&
    assistantText === state.assistantText &&
    thinkingText === state.thinkingText &&
    error === state.error &&
    result === state.result &&
    toolCalls === state.toolCalls &&
    runId === state.runId &&
    git === state.git &&
    durationMs === state.durationMs &&
    synthesized === state.synthesized
  ) {
    return state; // an id-less event that changed nothing (heartbeat, repeated status)
  }
  // One literal with every field, always in this order: a single hidden class keeps folding fast.
  return {
    runId,
    status,
    assistantText,
    thinkingText,
    toolCalls,
    result,
    git,
    durationMs,
    error,
    synthesized,
    lastEventId,
    lastEventTypes,
    eventCount,
  };
}

/** Folds a whole sequence of events from the initial state. */
export function foldRunEvents(events: Iterable<RunEvent>, from: RunState = initialRunState): RunState {
  if (typeof (events as Partial<Iterable<RunEvent>> | null)?.[Symbol.iterator] !== "function")
    throw argumentError(events, "events", "foldRunEvents", EVENTS);
  if (typeof from !== "object" || from === null) throw argumentError(from, "from", "foldRunEvents", STATE);
  let state = from;
  for (const event of events) {
    // Checked here too, so the error names this function's argument (a string iterates as characters).
    if (typeof event !== "object" || event === null) throw argumentError(events, "events", "foldRunEvents", EVENTS);
    state = reduceRunState(state, event);
  }
  return state;
}
