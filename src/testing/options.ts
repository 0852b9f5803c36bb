import type { AdminOrganizationKey, AdminSeedOptions, AdminTeamKey } from "./admin/options.js";
import { fakeOptionError } from "./argument-errors.js";
import { type Clock, defaultSleep, type Sleep } from "./clock.js";
import type { ForgeOptions } from "./forge/options.js";
import { defaultRandomUUID, type RandomUUID } from "./ids.js";

/** A terminal status a scripted run can end in by itself (CANCELLED only comes from a cancel call). */
export type ScriptedFinalStatus = "FINISHED" | "ERROR" | "EXPIRED";

/** How the fake's runs progress over its clock. */
export interface RunScriptOptions {
  /** Milliseconds a run stays CREATING. Default 500. */
  creatingMs?: number;
  /** Milliseconds a run stays RUNNING after that. Default 3000. */
  runningMs?: number;
  /** The status a run ends in unless cancelled. Default FINISHED. */
  finalStatus?: ScriptedFinalStatus;
  /** The final reply (`Run.result`) for a prompt. Default: a short sentence quoting the prompt. */
  result?: (promptText: string) => string;
  /** Tool calls per run, each a `running` then a `completed` `tool_call` event. Default 2; raise it for long streams. */
  toolCalls?: number;
  /** `assistant` text chunks per run. Default 3; raise it for long streams. */
  assistantChunks?: number;
}

/** {@link RunScriptOptions} with every default filled in. */
export type ResolvedRunScript = Required<RunScriptOptions>;

/** A member of the fake team (sub-token targets; the owner of ordinary keys in `GET /v1/me`). */
export interface TeamMember {
  id: number;
  email: string;
  firstName?: string;
  lastName?: string;
  /** Inactive members cannot receive sub-tokens. Default true. */
  active?: boolean;
}

/** A model list item as `GET /v1/models` returns it. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Response bodies) */
export interface FakeModel {
  id: string;
  displayName: string;
  description?: string;
  aliases?: string[];
  parameters?: Array<{ id: string; displayName?: string; values: Array<{ value: string; displayName?: string }> }>;
  variants?: Array<{
    params: Array<{ id: string; value: string }>;
    displayName: string;
    description?: string;
    isDefault?: boolean;
  }>;
}

/** Options of {@link createFakeService}; every one has a default. */
export interface FakeServiceOptions {
  /** Keys accepted as Bearer token or Basic username (empty password). Default `["test-key"]`. */
  apiKeys?: string[];
  /** Keys that are service accounts: also accepted, and the only ones allowed to mint sub-tokens. Default none. */
  serviceAccountKeys?: string[];
  /** The clock in ms. Default `Date.now`. */
  now?: Clock;
  /**
   * Used by latency faults and by run streams waiting for the next event. On a virtual clock it must
   * move `now` forward (e.g. `async (ms) => { t += ms }`). Default `setTimeout`-based.
   */
  sleep?: Sleep;
  /** Source of the UUIDs in ids. Default `crypto.randomUUID`. */
  randomUUID?: RandomUUID;
  /** Early-access features; `usage: false` makes the usage route answer 403 feature_unavailable. */
  features?: { usage?: boolean };
  /** The scripted progress of every run. */
  run?: RunScriptOptions;
  /** Origin used in agent `url` fields, artifact links and the like. Default `https://fake.agentline.test`. */
  baseUrl?: string;
  /** Team members for sub-tokens and `GET /v1/me`. Default: three members, the last one inactive. */
  teamMembers?: TeamMember[];
  /** The team id reported on sub-tokens. Default 1. */
  teamId?: number;
  /** `GET /v1/models`; `model.id` on create must be one of these ids or aliases. */
  models?: FakeModel[];
  /** `GET /v1/repositories`, as repository URLs. */
  repositories?: string[];
  /** Known `pool` environment names; any other gives 400. Default `["default"]`. */
  pools?: string[];
  /**
   * The run stream's retention window (header `X-Service-Stream-Retention-Seconds`): a run terminal
   * for longer than this answers 410 stream_expired. Default 3600.
   */
  streamRetentionSeconds?: number;
  /** A run stream with nothing to say for this long sends an `event: heartbeat`. Default 15 000. */
  heartbeatIntervalMs?: number;
  /** Team Admin API keys (Basic username). Default one key, `"team-key"`, with `admin:*` on team `teamId`. */
  teamKeys?: AdminTeamKey[];
  /** Organization API keys. Default one key, `"org-key"`, with `admin:*` on the seeded organization. */
  organizationKeys?: AdminOrganizationKey[];
  /** The seeded Team Admin / Organization API data (team size, linked teams, …) and its rate limits. */
  admin?: AdminSeedOptions;
  /** The seeded Code Forge (`/v1/forge`): apps, installations, repositories, token lifetime, budgets. */
  forge?: ForgeOptions;
}

/** {@link FakeServiceOptions} with every default filled in. */
export interface ResolvedOptions {
  apiKeys: readonly string[];
  serviceAccountKeys: readonly string[];
  now: Clock;
  sleep: Sleep;
  randomUUID: RandomUUID;
  features: { usage: boolean };
  run: ResolvedRunScript;
  baseUrl: string;
  teamMembers: readonly TeamMember[];
  teamId: number;
  models: readonly FakeModel[];
  repositories: readonly string[];
  pools: readonly string[];
  streamRetentionSeconds: number;
  heartbeatIntervalMs: number;
}

const DEFAULT_MEMBERS: TeamMember[] = [
  { id: 1001, email: "ada@example.com", firstName: "Ada", lastName: "Lovelace" },
  { id: 1002, email: "grace@example.com", firstName: "Grace", lastName: "Hopper" },
  { id: 1003, email: "former@example.com", firstName: "Former", lastName: "Member", active: false },
];

const DEFAULT_MODELS: FakeModel[] = [
  {
    id: "fake-model-1",
    displayName: "Fake Model 1",
    description: "The fake service's default model.",
    aliases: ["fake-default"],
    parameters: [{ id: "thinking", displayName: "Thinking", values: [{ value: "low" }, { value: "high" }] }],
    variants: [
      { params: [{ id: "thinking", value: "low" }], displayName: "Fake Model 1", isDefault: true },
      { params: [{ id: "thinking", value: "high" }], displayName: "Fake Model 1 (thinking)" },
    ],
  },
  { id: "fake-model-fast", displayName: "Fake Model Fast" },
];

const DEFAULT_REPOSITORIES = ["https://github.com/example/app", "https://github.com/example/library"];

/** Quotes the start of the prompt so tests can tell runs apart by their result. */
function defaultResult(promptText: string): string {
  const quoted = promptText.length > 80 ? `${promptText.slice(0, 77)}...` : promptText;
  return `Done: ${quoted}`;
}

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw fakeOptionError(`\`options.run.${name}\` must be a finite number >= 0.`);
  return value;
}

function count(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) throw fakeOptionError(`\`options.${name}\` must be an integer >= 0.`);
  return value;
}

function heartbeatInterval(value: number | undefined): number {
  if (value === undefined) return 15_000;
  if (!Number.isFinite(value) || value <= 0)
    throw fakeOptionError("`options.heartbeatIntervalMs` must be a finite number > 0.");
  return value;
}

/** Fills in defaults and checks what would otherwise fail confusingly later. */
export function resolveOptions(options: FakeServiceOptions = {}): ResolvedOptions {
  const apiKeys = options.apiKeys ?? ["test-key"];
  const serviceAccountKeys = options.serviceAccountKeys ?? [];
  for (const key of [...apiKeys, ...serviceAccountKeys]) {
    if (typeof key !== "string" || key === "" || /[\s:]/.test(key)) {
      throw fakeOptionError(
        "every key of `options.apiKeys` and `options.serviceAccountKeys` must be a non-empty string without spaces or colons.",
      );
    }
  }
  return {
    apiKeys,
    serviceAccountKeys,
    now: options.now ?? (() => Date.now()),
    sleep: options.sleep ?? defaultSleep,
    randomUUID: options.randomUUID ?? defaultRandomUUID,
    features: { usage: options.features?.usage ?? true },
    run: {
      creatingMs: nonNegative(options.run?.creatingMs, 500, "creatingMs"),
      runningMs: nonNegative(options.run?.runningMs, 3000, "runningMs"),
      finalStatus: options.run?.finalStatus ?? "FINISHED",
      result: options.run?.result ?? defaultResult,
      toolCalls: count(options.run?.toolCalls, 2, "run.toolCalls"),
      assistantChunks: count(options.run?.assistantChunks, 3, "run.assistantChunks"),
    },
    baseUrl: (options.baseUrl ?? "https://fake.agentline.test").replace(/\/+$/, ""),
    teamMembers: options.teamMembers ?? DEFAULT_MEMBERS,
    teamId: options.teamId ?? 1,
    models: options.models ?? DEFAULT_MODELS,
    repositories: options.repositories ?? DEFAULT_REPOSITORIES,
    pools: options.pools ?? ["default"],
    streamRetentionSeconds: count(options.streamRetentionSeconds, 3600, "streamRetentionSeconds"),
    heartbeatIntervalMs: heartbeatInterval(options.heartbeatIntervalMs),
  };
}
