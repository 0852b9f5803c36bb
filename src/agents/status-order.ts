import { isTerminalRunStatus } from "./schemas/constants.js";

const RANK: Record<string, number> = { CREATING: 0, RUNNING: 1 };

/** 0 for CREATING, 1 for RUNNING, 2 for any terminal status, `undefined` for a status this SDK does not know. */
function statusRank(status: string): number | undefined {
  if (isTerminalRunStatus(status)) return 2;
  return RANK[status];
}

/**
 * Whether moving from `from` to `to` would go backwards (RUNNING → CREATING, FINISHED → RUNNING, …).
 * Runs only move forward, so such a status is a replay (the stream resends the current status on every
 * reconnection and may then replay older ones) and is not a transition. Unknown statuses never count
 * as going backwards. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § States and transitions)
 */
export function isStatusRegression(from: string | undefined, to: string): boolean {
  if (from === undefined) return false;
  const a = statusRank(from);
  const b = statusRank(to);
  if (a === undefined || b === undefined) return false;
  return b < a || (a === 2 && from !== to);
}
