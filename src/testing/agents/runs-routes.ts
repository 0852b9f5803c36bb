import { AGENT_LIMITS } from "../../agents/schemas/constants.js";
import { paginate } from "../pagination.js";
import { HttpFailure, type Reply, reply } from "../responses.js";
import type { AgentsHandler, AgentsRouteContext as RouteContext } from "./router.js";
import { buildRunTimeline, cancelTimeline, isActiveStatus, progressAt } from "./run-script.js";
import {
  type AgentRecord,
  activeRun,
  agentGitAt,
  type RunRecord,
  scriptedUsage,
  type TokenUsage,
  usageAt,
} from "./store.js";
import { runView } from "./views.js";

/** Creates a run on the agent at `context.now`, scripted by the `run` options. */
export function startRun(context: RouteContext, agent: AgentRecord, promptText: string): RunRecord {
  const { now, options, ids } = context;
  const id = ids.runId();
  const timeline = buildRunTimeline({
    runId: id,
    agentId: agent.id,
    createdAt: now,
    promptText,
    script: options.run,
    ...(agent.plannedGit ? { git: agent.plannedGit } : {}),
  });
  const resultEvent = timeline.events.find((event) => event.type === "result");
  const resultText = resultEvent?.type === "result" ? (resultEvent.data.text ?? "") : "";
  const run: RunRecord = {
    id,
    agentId: agent.id,
    seq: context.store.nextSeq(),
    createdAt: now,
    promptText,
    timeline,
    usageUuid: ids.uuid(),
    usage: scriptedUsage(promptText, resultText, agent.runs.length),
  };
  agent.runs.push(run);
  agent.updatedAt = now;
  return run;
}

function agentOf(context: RouteContext): AgentRecord {
  return context.store.requireAgent(context.params.agentId ?? "");
}

function createRun(context: RouteContext): Reply {
  const agent = agentOf(context);
  if (agent.archived) {
    throw new HttpFailure(409, "agent_archived", `Agent ${agent.id} is archived; unarchive it before starting a run.`);
  }
  const busy = activeRun(agent, context.now);
  if (busy) {
    throw new HttpFailure(
      409,
      "agent_busy",
      `Agent ${agent.id} already has an active run (${busy.id}); wait for it or cancel it.`,
    );
  }
  const run = startRun(context, agent, (context.body as { prompt: { text: string } }).prompt.text);
  return reply({ run: runView(run, agent, context.now) }, 201);
}

function listRuns(context: RouteContext): Reply {
  const agent = agentOf(context);
  const { limit = AGENT_LIMITS.defaultPageSize, cursor } = context.query as { limit?: number; cursor?: string };
  const newestFirst = [...agent.runs].reverse();
  const page = paginate(newestFirst, "runs", limit, cursor);
  const items = page.items.map((run) => runView(run, agent, context.now));
  return reply(page.nextCursor === undefined ? { items } : { items, nextCursor: page.nextCursor });
}

function cancelRun(context: RouteContext): Reply {
  const agent = agentOf(context);
  const run = context.store.requireRun(agent, context.params.runId ?? "");
  const { status } = progressAt(run.timeline, context.now);
  if (!isActiveStatus(status)) {
    throw new HttpFailure(409, "run_not_cancellable", `Run ${run.id} is ${status} and can no longer be cancelled.`);
  }
  cancelTimeline(run.timeline, context.now, agentGitAt(agent, context.now));
  return reply({ id: run.id });
}

const ZERO_USAGE: TokenUsage = {
  inputTokens: 0,
  outputTokens: 0,
  cacheWriteTokens: 0,
  cacheReadTokens: 0,
  totalTokens: 0,
};

function agentUsage(context: RouteContext): Reply {
  if (!context.options.features.usage) {
    throw new HttpFailure(
      403,
      "feature_unavailable",
      "Agent usage is in early access and not enabled for this account.",
    );
  }
  const agent = agentOf(context);
  const { runId } = context.query as { runId?: string };
  const runs = runId === undefined ? [...agent.runs].reverse() : [context.store.requireRun(agent, runId)];
  const totalUsage = { ...ZERO_USAGE };
  const items = runs.map((run) => {
    const usage = usageAt(run, context.now);
    if (!usage) return { id: run.id, usage: { ...ZERO_USAGE } };
    for (const key of Object.keys(totalUsage) as Array<keyof TokenUsage>) totalUsage[key] += usage[key];
    return { id: run.id, usageUuid: run.usageUuid, usage: { ...usage } };
  });
  return reply({ totalUsage, runs: items });
}

/** The run operations (create, list, get, cancel) and agent usage. */
export const runsHandlers = {
  "runs.create": createRun,
  "runs.list": listRuns,
  "runs.get": (context) => {
    const agent = agentOf(context);
    return reply(runView(context.store.requireRun(agent, context.params.runId ?? ""), agent, context.now));
  },
  "runs.cancel": cancelRun,
  "agents.usage": agentUsage,
} satisfies Record<string, AgentsHandler>;
