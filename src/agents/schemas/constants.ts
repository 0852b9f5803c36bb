// The Cloud Agents API's enums and limits, in one place so request rules, response schemas, the fake
// service and the docs cannot drift apart.

/** Every documented run status; unknown ones from a newer server pass through. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export const RUN_STATUSES = ["CREATING", "RUNNING", "FINISHED", "ERROR", "CANCELLED", "EXPIRED"] as const;

/** The run statuses after which a run never changes again. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § States and transitions) */
export const TERMINAL_RUN_STATUSES = ["FINISHED", "ERROR", "CANCELLED", "EXPIRED"] as const;

/** A documented run status. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export type KnownRunStatus = (typeof RUN_STATUSES)[number];

/** A run status as received: a documented one, or one a newer server added. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Run) */
export type RunStatus = KnownRunStatus | (string & {});

/** A terminal run status. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § States and transitions) */
export type TerminalRunStatus = (typeof TERMINAL_RUN_STATUSES)[number];

const TERMINAL: ReadonlySet<string> = /* @__PURE__ */ new Set(TERMINAL_RUN_STATUSES);

/**
 * True for FINISHED, ERROR, CANCELLED and EXPIRED; false for an unknown status, which is treated as still moving.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § States and transitions)
 */
export function isTerminalRunStatus(status: string): status is TerminalRunStatus {
  return TERMINAL.has(status);
}

/** Lifecycle statuses of an agent. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § AgentSummary) */
export const AGENT_STATUSES = ["ACTIVE", "ARCHIVED"] as const;

/** Where an agent runs: service-hosted VMs or self-hosted workers. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § AgentEnv) */
export const AGENT_ENV_TYPES = ["cloud", "pool", "machine"] as const;

/** How a run works: change directly, or plan first. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § AgentMode) */
export const AGENT_MODES = ["agent", "plan"] as const;

/** Statuses a tool call update carries. @see {@link https://github.com/agentline/agentline#run-streams | README: Run streams} (spec: Cloud Agents API § Tool call stream data (no extra properties)) */
export const TOOL_CALL_STATUSES = ["running", "completed"] as const;

/** Image types a prompt may carry. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Image (input)) */
export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

/** Subagent names the service reserves for its own subagents. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § CustomSubagent (no extra properties)) */
export const BUILT_IN_SUBAGENT_NAMES = ["explore", "shell", "debug", "computerUse", "serviceGuide"] as const;

/** The prefix environment variable names must not start with. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export const RESERVED_ENV_VAR_PREFIX = "SERVICE_";

/** Numeric limits of the Cloud Agents API. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Limits) */
export const AGENT_LIMITS = {
  /** Images per prompt. */
  maxImages: 5,
  /** Decoded bytes per image ("15 MB", read as 15 MiB). */
  maxImageBytes: 15 * 1024 * 1024,
  maxNameLength: 100,
  maxRepos: 20,
  maxEnvVars: 50,
  maxEnvVarNameBytes: 255,
  maxEnvVarValueBytes: 4096,
  maxMcpServers: 50,
  maxCustomSubagents: 20,
  maxSubagentNameLength: 100,
  maxSubagentDescriptionLength: 1000,
  maxSubagentPromptLength: 8192,
  minPageSize: 1,
  maxPageSize: 100,
  defaultPageSize: 20,
  maxArtifacts: 100,
} as const;
