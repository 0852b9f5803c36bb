import { argumentError } from "../core/arguments.js";
import type { RunStatus } from "./schemas/constants.js";
import type { RunGit, ToolCallData } from "./schemas/resources.js";
import { isStatusRegression } from "./status-order.js";
import type { RunEvent, StatusEvent } from "./stream/run-events.js";
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

const STATE = "a RunState (`initialRunState`, or what an earlier call returned; a JSON copy is not one)";
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

/** A call's state after one more update: `previous` is what the earlier updates of the same `callId` folded to. */
function mergeToolCall(previous: ToolCallState | undefined, data: ToolCallData): ToolCallState {
  const truncatedArgs = Boolean(data.truncated?.args) || previous?.truncated.args === true;
  const truncatedResult = Boolean(data.truncated?.result) || previous?.truncated.result === true;
  return {
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
}

/** One update folded into the list (event by event; a batch goes through `_withUpdates`). */
function foldToolCall(calls: ToolCallList, data: ToolCallData): ToolCallList {
  const index = calls.indexOf(data.callId);
  const next = mergeToolCall(index === -1 ? undefined : calls.at(index), data);
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

/** A state while events are folded into it: the same fields, writable (only ever a fresh copy is written). */
type Draft = { -readonly [K in keyof RunState]: RunState[K] };

/** A fresh copy, one literal with every field always in this order: a single hidden class keeps folding fast. */
function copyOf(state: RunState): Draft {
  return {
    runId: state.runId,
    status: state.status,
    assistantText: state.assistantText,
    thinkingText: state.thinkingText,
    toolCalls: state.toolCalls,
    result: state.result,
    git: state.git,
    durationMs: state.durationMs,
    error: state.error,
    synthesized: state.synthesized,
    lastEventId: state.lastEventId,
    lastEventTypes: state.lastEventTypes,
    eventCount: state.eventCount,
  };
}

/**
 * Folds one event into `draft` in place, in time proportional to the event (never to the run so far). False when it
 * changed nothing: a replay (an id and type already folded), a heartbeat, a repeated or backward status. Given
 * `toolCalls`, a tool call's update goes there instead of into the list: the caller folds a batch's all at once
 * afterwards (no other event reads the list).
 */
function applyEvent(draft: Draft, event: RunEvent, toolCalls: ToolCallData[] | undefined): boolean {
  let changed = false;
  if (event.id !== undefined) {
    if (event.id === draft.lastEventId) {
      if (draft.lastEventTypes.includes(event.type)) return false;
      draft.lastEventTypes = [...draft.lastEventTypes, event.type];
    } else {
      draft.lastEventId = event.id;
      draft.lastEventTypes = typesOf(event.type);
    }
    draft.eventCount++;
    changed = true;
  }
  switch (event.type) {
    case "status": {
      // Data the SDK did not parse (an event built by hand, or stored) may lack a status: it then says nothing.
      const data = event.data as StatusEvent["data"] | undefined | null;
      const status = data?.status;
      if (typeof status === "string" && status !== draft.status && !isStatusRegression(draft.status, status)) {
        draft.runId = (data as StatusEvent["data"]).runId;
        draft.status = status;
        changed = true;
      }
      return changed;
    }
    case "assistant":
      if (!event.text) return changed;
      draft.assistantText += event.text;
      return true;
    case "thinking":
      if (!event.text) return changed;
      draft.thinkingText += event.text;
      return true;
    case "tool_call":
      // A call without an id cannot be told apart from the others: nothing to fold.
      if (typeof (event.data as ToolCallData | undefined | null)?.callId !== "string") return changed;
      if (toolCalls) toolCalls.push(event.data);
      else draft.toolCalls = foldToolCall(draft.toolCalls, event.data);
      return true;
    case "result": {
      if (event.data === undefined || event.data === null) return changed;
      const { text, durationMs, git } = event.data;
      const runId = event.data.runId ?? draft.runId;
      // Like a `status` event's, a result's status never takes the run backwards (a terminal one is never left).
      const status =
        typeof event.data.status === "string" && !isStatusRegression(draft.status, event.data.status)
          ? event.data.status
          : draft.status;
      const synthesized = event.synthesized === true;
      if (
        runId === draft.runId &&
        status === draft.status &&
        (text ?? draft.result) === draft.result &&
        (durationMs ?? draft.durationMs) === draft.durationMs &&
        (git ?? draft.git) === draft.git &&
        synthesized === draft.synthesized
      ) {
        return changed;
      }
      draft.runId = runId;
      draft.status = status;
      draft.result = text ?? draft.result;
      draft.durationMs = durationMs ?? draft.durationMs;
      draft.git = git ?? draft.git;
      draft.synthesized = synthesized;
      return true;
    }
    case "error":
      draft.error = { code: event.code, message: event.message };
      return true;
    default:
      // heartbeat, done, interaction_update and unknown types carry nothing the state keeps.
      return changed;
  }
}

/**
 * Whether a value is a state the reducer made: its tool calls a {@link ToolCallList} (by shape, so a list from another
 * copy of the SDK passes). A JSON copy is not one — its list became a plain array — so it is refused, not rebuilt: fold
 * the stored events again (or keep `lastEventId` and resume the stream) instead of storing the state.
 */
function isRunState(value: unknown): value is RunState {
  if (typeof value !== "object" || value === null) return false;
  const { toolCalls, lastEventTypes } = value as Partial<RunState>;
  return (
    typeof (toolCalls as Partial<ToolCallList> | undefined)?._withUpdates === "function" &&
    typeof toolCalls?.append === "function" &&
    Array.isArray(lastEventTypes)
  );
}

function checkEvent(event: RunEvent, fn: string, argument: unknown, name: string, expected: string): void {
  if (typeof event !== "object" || event === null || typeof event.type !== "string")
    throw argumentError(argument, name, fn, expected);
}

/**
 * Folds one run event into the state; pure, never mutates. A replayed event changes nothing (the same state comes
 * back): an id-bearing event whose id and type were already folded is skipped, a `status` equal to the current one
 * is a no-op, and a status never goes backwards (a terminal one is never left).
 */
export function reduceRunState(state: RunState, event: RunEvent): RunState {
  if (!isRunState(state)) throw argumentError(state, "state", "reduceRunState", STATE);
  checkEvent(event, "reduceRunState", event, "event", "a run event (from a run stream, or `toRunEvent`)");
  const draft = copyOf(state);
  return applyEvent(draft, event, undefined) ? draft : state;
}

/**
 * Folds a whole sequence of events (a stream's batch, or a whole recorded run) from `from`, the initial state by
 * default: what folding each with {@link reduceRunState} gives, with one new state for the whole sequence instead of
 * one per event (`from` itself when no event changed anything).
 */
export function foldRunEvents(events: Iterable<RunEvent>, from: RunState = initialRunState): RunState {
  if (typeof (events as Partial<Iterable<RunEvent>> | null)?.[Symbol.iterator] !== "function")
    throw argumentError(events, "events", "foldRunEvents", EVENTS);
  if (!isRunState(from)) throw argumentError(from, "from", "foldRunEvents", STATE);
  const draft = copyOf(from);
  const toolCalls: ToolCallData[] = [];
  let changed = false;
  for (const event of events) {
    // Checked here too, so the error names this function's argument (a string iterates as characters).
    checkEvent(event, "foldRunEvents", events, "events", EVENTS);
    if (applyEvent(draft, event, toolCalls)) changed = true;
  }
  if (!changed) return from;
  draft.toolCalls = draft.toolCalls._withUpdates(toolCalls, mergeToolCall);
  return draft;
}
