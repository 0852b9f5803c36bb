import type { ResolvedRunScript } from "../options.js";
import { notifyTimelineChanged } from "./timeline-watch.js";

/** The run statuses of the spec. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § States and transitions) */
export type FakeRunStatus = "CREATING" | "RUNNING" | "FINISHED" | "ERROR" | "CANCELLED" | "EXPIRED";

/** True for CREATING and RUNNING: the run counts as the agent's one active run. */
export function isActiveStatus(status: FakeRunStatus): boolean {
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

/** `tool_call` stream data. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Tool call stream data (no extra properties)) */
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
  status: FakeRunStatus;
  text?: string;
  durationMs?: number;
  git?: RunGit;
}

/** The data of each event type the fake emits (shapes of the undocumented ones follow DESIGN.md). */
export interface TimelineEventData {
  status: { runId: string; status: FakeRunStatus };
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
  script: ResolvedRunScript;
  /** The branches this run will have pushed when it ends by itself; omit for a no-repo agent. */
  git?: RunGit;
}

type Draft = { [K in TimelineEventType]: { type: K; at: number; data: TimelineEventData[K] } }[TimelineEventType];

function append(timeline: RunTimeline, draft: Draft): void {
  const id = draft.type === "status" ? undefined : `${timeline.runId}.${timeline.nextSeq++}`;
  timeline.events.push({ ...draft, id } as TimelineEvent);
}

function resultText(script: ResolvedRunScript, promptText: string): string {
  const text = script.result(promptText);
  // Run.result has min length 1: never hand out an empty reply.
  return typeof text === "string" && text !== "" ? text : "Done.";
}

/** A tool the scripted runs call, with deterministic arguments and result for the `index`-th call. */
interface ScriptedTool {
  name: string;
  args(index: number): unknown;
  result(index: number): unknown;
}

const TOOLS: readonly ScriptedTool[] = [
  {
    name: "read_file",
    args: (i) => ({ path: i === 0 ? "README.md" : `src/module-${i}.ts` }),
    result: () => ({ lines: 42 }),
  },
  {
    name: "run_terminal_cmd",
    args: () => ({ command: "npm test" }),
    result: () => ({ exitCode: 0, output: "All tests passed." }),
  },
  { name: "edit_file", args: (i) => ({ path: `src/module-${i}.ts` }), result: () => ({ linesChanged: 3 }) },
];

/** The text of assistant chunk `index` of `count`: the last one always closes the reply. */
function chunkText(index: number, count: number): string {
  if (index === count - 1) return "All done.";
  if (index === 0) return "Looking at the repository. ";
  // A non-ASCII character on purpose: stream readers must not split UTF-8 sequences.
  if (index === 1) return "Making the change — carefully. ";
  return `Step ${index}. `;
}

type BodyStep = { kind: "assistant"; index: number } | { kind: "tool"; index: number; status: "running" | "completed" };

/** The order of the RUNNING part: thinking, then text chunks interleaved with tool calls, the last chunk at the end. */
function bodySteps(toolCalls: number, assistantChunks: number): BodyStep[] {
  const steps: BodyStep[] = [];
  let chunk = 0;
  for (let call = 0; call < toolCalls; call++) {
    if (chunk < assistantChunks - 1) steps.push({ kind: "assistant", index: chunk++ });
    steps.push({ kind: "tool", index: call, status: "running" }, { kind: "tool", index: call, status: "completed" });
  }
  while (chunk < assistantChunks) steps.push({ kind: "assistant", index: chunk++ });
  return steps;
}

/**
 * Scripts a run: CREATING, RUNNING with thinking, assistant text chunks and tool calls (each a
 * `running` then a `completed` update sharing `callId`), then the final status, result and done.
 */
export function buildRunTimeline(input: TimelineInput): RunTimeline {
  const { runId, createdAt, script } = input;
  const timeline: RunTimeline = { runId, agentId: input.agentId, createdAt, events: [], nextSeq: 1 };
  const runningAt = createdAt + script.creatingMs;
  const endAt = runningAt + script.runningMs;
  const steps = bodySteps(script.toolCalls, script.assistantChunks);
  // Spread thinking and the steps evenly over RUNNING, strictly inside it when it is long enough.
  const slots = steps.length + 2;
  const during = (slot: number) => runningAt + Math.round((script.runningMs * slot) / slots);

  append(timeline, { type: "status", at: createdAt, data: { runId, status: "CREATING" } });
  append(timeline, { type: "status", at: runningAt, data: { runId, status: "RUNNING" } });
  append(timeline, {
    type: "thinking",
    at: during(1),
    data: {
      text: "Reading the task and planning the change.",
      thinking_duration_ms: Math.round(script.runningMs / slots),
    },
  });
  steps.forEach((step, position) => {
    const at = during(position + 2);
    if (step.kind === "assistant") {
      append(timeline, { type: "assistant", at, data: { text: chunkText(step.index, script.assistantChunks) } });
      return;
    }
    const tool = TOOLS[step.index % TOOLS.length] as ScriptedTool;
    const data: ToolCallData = {
      callId: `call-${runId.slice(4, 12)}-${step.index + 1}`,
      name: tool.name,
      status: step.status,
      args: tool.args(step.index),
    };
    if (step.status === "completed") data.result = tool.result(step.index);
    append(timeline, { type: "tool_call", at, data });
  });

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
  status: FakeRunStatus;
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
  notifyTimelineChanged(timeline);
}
