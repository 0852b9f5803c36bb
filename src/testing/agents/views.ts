import { isoTime } from "../clock.js";
import { progressAt } from "./run-script.js";
import { type AgentRecord, agentGitAt, type RunRecord } from "./store.js";

// Wire shapes of the resources, built fresh on every read from the records and the clock. Optional
// fields are left out (never null) when they have no value, as the spec's "omitted" rules say.

/** `AgentSummary`. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § AgentSummary) */
export function agentSummaryView(agent: AgentRecord, baseUrl: string): Record<string, unknown> {
  const view: Record<string, unknown> = { id: agent.id };
  if (agent.name !== undefined) view.name = agent.name;
  view.status = agent.archived ? "ARCHIVED" : "ACTIVE";
  view.env = { ...agent.env };
  view.url = `${baseUrl}/agents/${encodeURIComponent(agent.id)}`;
  view.createdAt = isoTime(agent.createdAt);
  view.updatedAt = isoTime(agent.updatedAt);
  const latest = agent.runs[agent.runs.length - 1];
  if (latest) view.latestRunId = latest.id;
  return view;
}

/** `Agent`: the summary plus repos, flags and custom subagents. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Agent = AgentSummary plus) */
export function agentView(agent: AgentRecord, baseUrl: string): Record<string, unknown> {
  const view = agentSummaryView(agent, baseUrl);
  view.repos = agent.repos.map((repo) => ({ ...repo }));
  view.workOnCurrentBranch = agent.workOnCurrentBranch;
  view.autoCreatePR = agent.autoCreatePR;
  view.skipReviewerRequest = agent.skipReviewerRequest;
  if (agent.customSubagents !== undefined) view.customSubagents = structuredClone(agent.customSubagents);
  return view;
}

/** `Run` at `now`, derived from its timeline; `git` is the agent's snapshot. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Run) */
export function runView(run: RunRecord, agent: AgentRecord, now: number): Record<string, unknown> {
  const progress = progressAt(run.timeline, now);
  const view: Record<string, unknown> = {
    id: run.id,
    agentId: agent.id,
    status: progress.status,
    createdAt: isoTime(run.createdAt),
    updatedAt: isoTime(progress.updatedAt),
  };
  if (progress.durationMs !== undefined) view.durationMs = progress.durationMs;
  if (progress.result !== undefined) view.result = progress.result;
  const git = agentGitAt(agent, now);
  if (git) view.git = structuredClone(git);
  return view;
}
