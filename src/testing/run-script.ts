import type { RunScriptOptions } from "./options.js";

/** The run statuses of the spec. @see ../../../shared/spec/cloud-agents-api.md#states-and-transitions */
export type RunStatus = "CREATING" | "RUNNING" | "FINISHED" | "ERROR" | "CANCELLED" | "EXPIRED";

/** True for CREATING and RUNNING: the run counts as the agent's one active run. */
export function isActiveStatus(status: RunStatus): boolean {
  return status === "CREATING" || status === "RUNNING";
}

/** One pushed branch (`RunGitBranch`); `repoUrl` has no scheme. */
export interface RunGitBranch {
  repoUrl: string;
  branch?: string;
  prUrl?: string;
}

/** `RunGit`: per-agent state, the same snapshot on every run of the agent. */
export interface RunGit {
  branches: RunGitBranch[];
}

/** `tool_call` stream data. @see ../../../shared/spec/cloud-agents-api.md#tool-call-stream-data-no-extra-properties */
export interface ToolCallData {
  callId: string;
  name: string;
  status: "running" | "completed";
  args?: unknown;
  result?: unknown;
}

/** `result` event data: mirrors the terminal run. */
export interface ResultData {
  runId: string;
  status: RunStatus;
  text?: string;
  durationMs?: number;
  git?: RunGit;
}

/** The data of each event type the fake emits (shapes of the undocumented ones follow DESIGN.md). */
export interface TimelineEventData {
  status: { runId: string; status: RunStatus };
  assistant: { text: string };
  thinking: { text: string; thinking_duration_ms: number };
  tool_call: ToolCallData;
  error: { code: string; message: string };
  result: ResultData;
  done: { runId: string };
}

/** The SSE event names the fake's timelines use. */
export type TimelineEventType = keyof TimelineEventData;

/**
 * One scripted event of a run at fake-clock time `at`. `id` is the SSE id (opaque, unique within
 * the fake, and recognisably this run's); `status` events carry none, as the spec says.
 */
export type TimelineEvent = {
  [K in TimelineEventType]: {
    type: K;
    at: number;
    id: K extends "status" ? undefined : string;
    data: TimelineEventData[K];
  };
}[TimelineEventType];

/**
 * The whole life of one run as timestamped events, sorted by `at` (ties keep array order). The run
 * resource is derived from it lazily at read time, and a stream route can serve the same events:
 * everything with `at <= now()` has happened. Invariant: only events after "now" are ever changed
 * (a cancel cuts the future and appends its own ending), so what a reader saw stays true.
 */
export interface RunTimeline {
  readonly runId: string;
  readonly agentId: string;
  readonly createdAt: number;
  readonly events: TimelineEvent[];
  /** Next sequence number for minting event ids. */
  nextSeq: number;
}

/** What {@link buildRunTimeline} needs to script a run. */
export interface TimelineInput {
  runId: string;
  agentId: string;
  createdAt: number;
  promptText: string;
  script: Required<RunScriptOptions>;
  /** The branches this run will have pushed when it ends by itself; omit for a no-repo agent. */
  git?: RunGit;
}

type Draft = { [K in TimelineEventType]: { type: K; at: number; data: TimelineEventData[K] } }[TimelineEventType];

function append(timeline: RunTimeline, draft: Draft): void {
  const id = draft.type === "status" ? undefined : `${timeline.runId}.${timeline.nextSeq++}`;
  timeline.events.push({ ...draft, id } as TimelineEvent);
}

function resultText(script: Required<RunScriptOptions>, promptText: string): string {
  const text = script.result(promptText);
  // Run.result has min length 1: never hand out an empty reply.
  return typeof text === "string" && text !== "" ? text : "Done.";
}

/** Scripts a run: CREATING, RUNNING with thinking, text and a tool call, then the final status and result. */
export function buildRunTimeline(input: TimelineInput): RunTimeline {
  const { runId, createdAt, script } = input;
  const timeline: RunTimeline = { runId, agentId: input.agentId, createdAt, events: [], nextSeq: 1 };
  const runningAt = createdAt + script.creatingMs;
  const endAt = runningAt + script.runningMs;
  const during = (fraction: number) => runningAt + Math.round(script.runningMs * fraction);
  const callId = `call-${runId.slice(4, 12)}-1`;
  const toolArgs = { path: "README.md" };

  append(timeline, { type: "status", at: createdAt, data: { runId, status: "CREATING" } });
  append(timeline, { type: "status", at: runningAt, data: { runId, status: "RUNNING" } });
  append(timeline, {
    type: "thinking",
    at: during(0.1),
    data: {
      text: "Reading the task and planning the change.",
      thinking_duration_ms: Math.round(script.runningMs * 0.1),
    },
  });
  append(timeline, { type: "assistant", at: during(0.2), data: { text: "Looking at the repository. " } });
  append(timeline, {
    type: "tool_call",
    at: during(0.35),
    data: { callId, name: "read_file", status: "running", args: toolArgs },
  });
  append(timeline, {
    type: "tool_call",
    at: during(0.55),
    data: { callId, name: "read_file", status: "completed", args: toolArgs, result: { lines: 42 } },
  });
  append(timeline, { type: "assistant", at: during(0.7), data: { text: "Making the change. " } });
  append(timeline, { type: "assistant", at: during(0.85), data: { text: "All done." } });

  const status = script.finalStatus;
  if (status === "ERROR") {
    append(timeline, {
      type: "error",
      at: endAt,
      data: { code: "internal_error", message: "The run failed (scripted by the fake service)." },
    });
  }
  append(timeline, { type: "status", at: endAt, data: { runId, status } });
  const result: ResultData = {
    runId,
    status,
    text: resultText(script, input.promptText),
    durationMs: endAt - createdAt,
  };
  if (input.git) result.git = input.git;
  append(timeline, { type: "result", at: endAt, data: result });
  append(timeline, { type: "done", at: endAt, data: { runId } });
  return timeline;
}

/** The events that have happened by `now`: a prefix of the timeline. */
export function eventsUntil(timeline: RunTimeline, now: number): TimelineEvent[] {
  const end = timeline.events.findIndex((event) => event.at > now);
  return end === -1 ? timeline.events.slice() : timeline.events.slice(0, end);
}

/** When the next event after `now` happens, or `undefined` when the timeline has nothing left to say. */
export function nextEventAt(timeline: RunTimeline, now: number): number | undefined {
  return timeline.events.find((event) => event.at > now)?.at;
}

/** The run's fields that depend on time, as of `now`. */
export interface RunProgress {
  status: RunStatus;
  /** When the current status began (the run's `updatedAt`). */
  updatedAt: number;
  durationMs?: number;
  result?: string;
  /** The git snapshot this run's `result` event carried, when it has happened. */
  git?: RunGit;
}

/** Derives the run's status, `updatedAt`, `durationMs`, `result` from the events up to `now`. */
export function progressAt(timeline: RunTimeline, now: number): RunProgress {
  const progress: RunProgress = { status: "CREATING", updatedAt: timeline.createdAt };
  for (const event of timeline.events) {
    if (event.at > now) break;
    if (event.type === "status") {
      progress.status = event.data.status;
      progress.updatedAt = event.at;
    } else if (event.type === "result") {
      if (event.data.durationMs !== undefined) progress.durationMs = event.data.durationMs;
      if (event.data.text !== undefined) progress.result = event.data.text;
      if (event.data.git !== undefined) progress.git = event.data.git;
    }
  }
  return progress;
}

/** The moment the run leaves CREATING, if it has by `now` (usage is recorded from then on). */
export function startedAt(timeline: RunTimeline, now: number): number | undefined {
  const running = timeline.events.find((e) => e.type === "status" && e.data.status === "RUNNING");
  return running !== undefined && running.at <= now ? running.at : undefined;
}

/**
 * Cancels an active run at `now`: drops every event still in the future and appends CANCELLED, its
 * result and `done`. `git` is the agent's snapshot at that moment, if it has one.
 */
export function cancelTimeline(timeline: RunTimeline, now: number, git?: RunGit): void {
  const end = timeline.events.findIndex((event) => event.at > now);
  if (end !== -1) timeline.events.splice(end);
  const { runId } = timeline;
  append(timeline, { type: "status", at: now, data: { runId, status: "CANCELLED" } });
  const result: ResultData = {
    runId,
    status: "CANCELLED",
    text: "The run was cancelled.",
    durationMs: now - timeline.createdAt,
  };
  if (git) result.git = git;
  append(timeline, { type: "result", at: now, data: result });
  append(timeline, { type: "done", at: now, data: { runId } });
}
