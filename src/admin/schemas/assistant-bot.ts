import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum } from "../../core/schema.js";
import {
  BOT_ACCESS_MODES,
  EGRESS_MODES,
  LOCAL_EXECUTION_LEVELS,
  TEAM_RULE_SCOPES,
  TEMPLATE_SHARING_LEVELS,
} from "./constants.js";
import { NextCursorSchema } from "./envelopes.js";
import { responseObject } from "./response-object.js";

// Assistant-bot administration records. GET access, network and auto-review return the effective policy on every
// plan; writes may answer 403 when a feature is unavailable to the team.

/**
 * What the team's assistant bot may do. `enabled` is read-only (enable/disable routes); `templateSharing` null =
 * team default; `localExecution` null = no ceiling.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records)
 */
export const BotCapabilitiesSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    enabled: v.boolean(),
    cloudAgents: v.boolean(),
    templateSharing: v.nullable(openEnum(TEMPLATE_SHARING_LEVELS)),
    actionRecording: v.boolean(),
    localExecution: v.nullable(openEnum(LOCAL_EXECUTION_LEVELS)),
    localEgressAllowed: v.boolean(),
  }),
);

/** Auto-review instructions: what to allow and what to block. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const AutoReviewRulesSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    allow: v.array(v.string()),
    block: v.array(v.string()),
  }),
);

/** The auto-review policy; `enforced` means every member must keep auto-review on. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const AutoReviewPolicySchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    enforced: v.boolean(),
    rules: AutoReviewRulesSchema,
  }),
);

/** A group allowed to use the bot; `id` is an encoded billing group id. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const BotAccessGroupSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ id: v.string(), name: v.string() }, ["id"]),
);

/** Who may use the bot: everyone, or the listed groups (empty when mode is all). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const BotAccessSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    mode: openEnum(BOT_ACCESS_MODES),
    groups: v.array(BotAccessGroupSchema),
  }),
);

/**
 * The bot's network egress policy: `allowlist` holds host-or-CIDR entries (optional :port, `*.domain`
 * wildcards); `locked` stops group policies from overriding it.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records)
 */
export const BotNetworkSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    egressMode: openEnum(EGRESS_MODES),
    allowlist: v.array(v.string()),
    locked: v.boolean(),
  }),
);

/** A team rule the assistant bot follows; `id` is rule_…. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const TeamRuleSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      id: v.string(),
      name: v.string(),
      content: v.string(),
      enabled: v.boolean(),
      scope: openEnum(TEAM_RULE_SCOPES),
      createdAt: v.string(),
      updatedAt: v.string(),
    },
    ["id"],
  ),
);

/** A page of team rules, newest first; `nextCursor` null on the last page. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const TeamRulesPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      teamRules: v.array(TeamRuleSchema),
      nextCursor: NextCursorSchema,
    },
    ["teamRules"],
  ),
);

/** `{teamRule}` of create (201) and update. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const TeamRuleResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ teamRule: TeamRuleSchema }, ["teamRule"]),
);

/** A setup script: `setup` runs, optional `check` verifies. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const SetupScriptSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    setup: v.string(),
    check: v.optional(v.string()),
  }),
);

/** A setup manifest. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const SetupManifestSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      id: v.string(),
      scripts: v.array(SetupScriptSchema),
    },
    ["id"],
  ),
);

/** A page of setup manifests, ordered by id; `nextCursor` null on the last page. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SetupManifestsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      manifests: v.array(SetupManifestSchema),
      nextCursor: NextCursorSchema,
    },
    ["manifests"],
  ),
);

/** `{manifest}` of a create-or-replace. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SetupManifestResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ manifest: SetupManifestSchema }, ["manifest"]),
);

/** The bot's capabilities. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type BotCapabilities = v.InferOutput<typeof BotCapabilitiesSchema>;
/** Auto-review allow/block lists. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type AutoReviewRules = v.InferOutput<typeof AutoReviewRulesSchema>;
/** The auto-review policy. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type AutoReviewPolicy = v.InferOutput<typeof AutoReviewPolicySchema>;
/** A group allowed to use the bot. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type BotAccessGroup = v.InferOutput<typeof BotAccessGroupSchema>;
/** Who may use the bot. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type BotAccess = v.InferOutput<typeof BotAccessSchema>;
/** The bot's network policy. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type BotNetwork = v.InferOutput<typeof BotNetworkSchema>;
/** A team rule. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type TeamRule = v.InferOutput<typeof TeamRuleSchema>;
/** A page of team rules. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type TeamRulesPage = v.InferOutput<typeof TeamRulesPageSchema>;
/** `{teamRule}`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type TeamRuleResponse = v.InferOutput<typeof TeamRuleResponseSchema>;
/** A setup script. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type SetupScript = v.InferOutput<typeof SetupScriptSchema>;
/** A setup manifest. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type SetupManifest = v.InferOutput<typeof SetupManifestSchema>;
/** A page of setup manifests. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type SetupManifestsPage = v.InferOutput<typeof SetupManifestsPageSchema>;
/** `{manifest}`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type SetupManifestResponse = v.InferOutput<typeof SetupManifestResponseSchema>;
