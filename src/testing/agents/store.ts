import { agentKey } from "../ids.js";
import { HttpFailure } from "../responses.js";
import { isActiveStatus, progressAt, type RunGit, type RunTimeline, startedAt } from "./run-script.js";

/** `RepoConfig` as stored (only the documented fields are kept). */
export interface StoredRepo {
  url: string;
  startingRef?: string;
  prUrl?: string;
}

/** `UsageTokenUsage`. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Response bodies) */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  totalTokens: number;
}

/** One agent as the fake holds it. `envVars` are never stored: the fake has no use for them. */
export interface AgentRecord {
  /** As the client sent it (or minted); lookups go through {@link agentKey}. */
  readonly id: string;
  /** Creation order across the fake; lists sort on it (newest first) because clocks tie. */
  readonly seq: number;
  name?: string;
  env: { type: string; name?: string };
  repos: StoredRepo[];
  workOnCurrentBranch: boolean;
  autoCreatePR: boolean;
  skipReviewerRequest: boolean;
  customSubagents?: unknown[];
  readonly createdAt: number;
  updatedAt: number;
  archived: boolean;
  /** Oldest first. */
  readonly runs: RunRecord[];
  /** The branches this agent pushes when a run of it ends by itself; absent for a no-repo agent. */
  readonly plannedGit?: RunGit;
}

/** One run: its identity plus the timeline its state is derived from. */
export interface RunRecord {
  readonly id: string;
  readonly agentId: string;
  readonly seq: number;
  readonly createdAt: number;
  readonly promptText: string;
  readonly timeline: RunTimeline;
  readonly usageUuid: string;
  /** What the run records once it has started running. */
  readonly usage: TokenUsage;
}

/** The fake's whole mutable state: agents, their runs, and every agent id ever used. */
export class FakeStore {
  readonly agents = new Map<string, AgentRecord>();
  /** Ids stay taken after a delete, so re-posting a client-supplied id still conflicts. */
  readonly usedAgentIds = new Set<string>();
  private seq = 0;

  /** A strictly increasing number for ordering. */
  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  /** Forgets everything. */
  clear(): void {
    this.agents.clear();
    this.usedAgentIds.clear();
    this.seq = 0;
  }

  /** The agent, or 404 agent_not_found. */
  requireAgent(id: string): AgentRecord {
    const agent = this.agents.get(agentKey(id));
    if (!agent) throw new HttpFailure(404, "agent_not_found", `No agent with id ${JSON.stringify(id)}.`);
    return agent;
  }

  /** The agent's run, or 404 run_not_found. */
  requireRun(agent: AgentRecord, runId: string): RunRecord {
    const run = agent.runs.find((r) => r.id === runId);
    if (!run)
      throw new HttpFailure(404, "run_not_found", `Agent ${agent.id} has no run with id ${JSON.stringify(runId)}.`);
    return run;
  }

  /** Agents, newest first. */
  agentsNewestFirst(): AgentRecord[] {
    return [...this.agents.values()].sort((a, b) => b.seq - a.seq);
  }
}

/** The agent's run that is CREATING or RUNNING at `now`, if any (there is at most one). */
export function activeRun(agent: AgentRecord, now: number): RunRecord | undefined {
  return agent.runs.find((run) => isActiveStatus(progressAt(run.timeline, now).status));
}

/**
 * The agent's git snapshot at `now`: present once any of its runs has pushed, that is once a
 * `result` event carrying `git` has happened. Per-agent state, so every run shows the same one.
 */
export function agentGitAt(agent: AgentRecord, now: number): RunGit | undefined {
  for (const run of agent.runs) {
    if (progressAt(run.timeline, now).git) return agent.plannedGit;
  }
  return undefined;
}

/** The usage a run has recorded by `now`: none until it starts running. */
export function usageAt(run: RunRecord, now: number): TokenUsage | undefined {
  return startedAt(run.timeline, now) === undefined ? undefined : run.usage;
}

/** Deterministic token counts for a run, so tests can assert sums. */
export function scriptedUsage(promptText: string, resultText: string, runIndex: number): TokenUsage {
  const inputTokens = 1000 + Math.ceil(promptText.length / 4);
  const outputTokens = 200 + Math.ceil(resultText.length / 4);
  const cacheWriteTokens = 500;
  const cacheReadTokens = 250 * runIndex;
  return {
    inputTokens,
    outputTokens,
    cacheWriteTokens,
    cacheReadTokens,
    totalTokens: inputTokens + outputTokens + cacheWriteTokens + cacheReadTokens,
  };
}
