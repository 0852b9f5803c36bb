import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { arrayOf, booleanField, oneOf, requestObject as openObject, pathItem } from "../../core/request-fields.js";
import { atLeastOneOf, minItems } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { billingGroupId, manifestId, teamRuleId } from "../ids.js";
import { isAllowlistEntry } from "./allowlist.js";
import {
  ADMIN_LIMITS,
  BOT_ACCESS_MODES,
  EGRESS_MODES,
  LOCAL_EXECUTION_LEVELS,
  TEMPLATE_SHARING_LEVELS,
} from "./constants.js";
import { nonBlankText, oneOfOrNull, pathTo } from "./request-fields.js";

// Request rules of the assistant-bot administration routes.

const CAPABILITY_FIELDS = [
  "cloudAgents",
  "templateSharing",
  "actionRecording",
  "localExecution",
  "localEgressAllowed",
] as const;

/**
 * PATCH /assistant-bot/capabilities: at least one field; `enabled` is read-only here (use enable/disable).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const BotCapabilitiesPatchSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        cloudAgents: v.optional(booleanField("`cloudAgents`")),
        templateSharing: v.optional(oneOfOrNull(TEMPLATE_SHARING_LEVELS, "`templateSharing`", "the team default")),
        actionRecording: v.optional(booleanField("`actionRecording`")),
        localExecution: v.optional(oneOfOrNull(LOCAL_EXECUTION_LEVELS, "`localExecution`", "no ceiling")),
        localEgressAllowed: v.optional(booleanField("`localEgressAllowed`")),
      },
      "the request body",
    ),
    atLeastOneOf(CAPABILITY_FIELDS),
    v.rawCheck(({ dataset, addIssue }) => {
      const body: unknown = dataset.value;
      if (isPlainObject(body) && body.enabled !== undefined) {
        addIssue({
          message:
            "[read_only] `enabled` cannot be changed here; remove it and turn the bot on or off with the enable and disable routes",
          path: [pathItem(body, "enabled", body.enabled)],
        });
      }
    }),
  ),
);

const MAX_RULES = ADMIN_LIMITS.maxAutoReviewRules;
const MAX_RULE_LENGTH = ADMIN_LIMITS.maxAutoReviewRuleLength;

// @__NO_SIDE_EFFECTS__
function autoReviewList(label: string) {
  return v.pipe(
    arrayOf(
      v.pipe(
        v.string(`[type] each entry of ${label} must be a string`),
        v.check((text) => text.trim() !== "", `[min_length] entries of ${label} must not be empty or blank`),
        v.check(
          (text) => text.trim().length <= MAX_RULE_LENGTH,
          `[max_length] entries of ${label} may have at most ${MAX_RULE_LENGTH} characters after trimming; shorten this one`,
        ),
      ),
      label,
    ),
    // The server trims and de-duplicates, so repeats count once.
    v.rawCheck(({ dataset, addIssue }) => {
      const list: unknown = dataset.value;
      if (!Array.isArray(list)) return;
      const distinct = new Set(list.filter((item) => typeof item === "string").map((item) => item.trim()));
      if (distinct.size > MAX_RULES) {
        addIssue({
          message: `[max_items] ${label} has ${distinct.size} distinct entries; send at most ${MAX_RULES}`,
        });
      }
    }),
  );
}

/**
 * PUT /assistant-bot/auto-review: `enforced` and `rules` {allow, block} required; each list up to 20 non-blank
 * entries of up to 1,000 characters after trimming.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const AutoReviewBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      enforced: booleanField("`enforced`"),
      rules: openObject({ allow: autoReviewList("`rules.allow`"), block: autoReviewList("`rules.block`") }, "`rules`"),
    },
    "the request body",
  ),
);

const MAX_GROUPS = ADMIN_LIMITS.maxAccessGroupIds;

/**
 * PUT /assistant-bot/access: `mode` all (no `groupIds`) or limited (1..100 distinct billing group ids, group_).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const BotAccessBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        mode: oneOf(BOT_ACCESS_MODES, "`mode`"),
        groupIds: v.optional(
          arrayOf(
            billingGroupId("each entry of `groupIds`", "assistant-bot access takes billing group ids (group_)"),
            "`groupIds`",
          ),
        ),
      },
      "the request body",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const body: unknown = dataset.value;
      if (!isPlainObject(body)) return;
      const path = pathTo(body, "groupIds", body.groupIds);
      if (body.mode === "all") {
        if (body.groupIds !== undefined) {
          addIssue({
            message: '[exclusive] omit `groupIds` when `mode` is "all"; it lists groups only for "limited"',
            path,
          });
        }
        return;
      }
      if (body.mode !== "limited") return;
      if (body.groupIds === undefined) {
        addIssue({ message: '[required] `mode` "limited" needs `groupIds`, 1 to 100 billing group ids', path });
        return;
      }
      if (!Array.isArray(body.groupIds)) return;
      const distinct = new Set(body.groupIds).size;
      if (distinct === 0) {
        addIssue({ message: '[min_items] `groupIds` is empty; name at least one group, or use `mode` "all"', path });
      } else if (distinct > MAX_GROUPS) {
        addIssue({
          message: `[max_items] \`groupIds\` names ${distinct} distinct groups; send at most ${MAX_GROUPS}`,
          path,
        });
      }
    }),
  ),
);

/**
 * PUT /assistant-bot/network: the whole policy, `egressMode`, `allowlist` and `locked`, all required.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const BotNetworkBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      egressMode: oneOf(EGRESS_MODES, "`egressMode`"),
      allowlist: arrayOf(
        v.pipe(
          v.string("[type] each allowlist entry must be a string"),
          v.check(
            isAllowlistEntry,
            "[allowlist_entry] each allowlist entry must be a host or CIDR with an optional :port, such as api.example.com, *.example.com:443 or 10.0.0.0/8 (no scheme or path)",
          ),
        ),
        "`allowlist`",
      ),
      locked: booleanField("`locked`"),
    },
    "the request body",
  ),
);

/** The `{ruleId}` of a team rule route: rule_…. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const TeamRulePathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ ruleId: teamRuleId("`ruleId`") }, "the path"),
);

/** POST /assistant-bot/team-rules: `name`, `content` and `enabled`, all required. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const TeamRuleCreateBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    { name: nonBlankText("`name`"), content: nonBlankText("`content`"), enabled: booleanField("`enabled`") },
    "the request body",
  ),
);

/** PATCH /assistant-bot/team-rules/{ruleId}: any of `name`, `content`, `enabled`; at least one. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const TeamRuleUpdateBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        name: v.optional(nonBlankText("`name`")),
        content: v.optional(nonBlankText("`content`")),
        enabled: v.optional(booleanField("`enabled`")),
      },
      "the request body",
    ),
    atLeastOneOf(["name", "content", "enabled"]),
  ),
);

/** The `{manifestId}` of a setup manifest route. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const ManifestPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ manifestId: manifestId("`manifestId`") }, "the path"),
);

/** One setup script: `id` (manifest id format), `setup` (non-empty command), optional `check`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const SetupScriptInputSchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    { id: manifestId("`id`"), setup: nonBlankText("`setup`"), check: v.optional(nonBlankText("`check`")) },
    "each script",
  ),
);

/** PUT /assistant-bot/setup-manifests/{manifestId}: a non-empty `scripts` array. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const SetupManifestBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    { scripts: v.pipe(arrayOf(SetupScriptInputSchema, "`scripts`"), minItems(1, "`scripts`")) },
    "the request body",
  ),
);

/** A capabilities update. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type BotCapabilitiesPatch = v.InferInput<typeof BotCapabilitiesPatchSchema>;
/** An auto-review policy write. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type AutoReviewParams = v.InferInput<typeof AutoReviewBodySchema>;
/** An access policy write. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type BotAccessParams = v.InferInput<typeof BotAccessBodySchema>;
/** A network policy write. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type BotNetworkParams = v.InferInput<typeof BotNetworkBodySchema>;
/** A new team rule. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type TeamRuleCreateParams = v.InferInput<typeof TeamRuleCreateBodySchema>;
/** A team rule update. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type TeamRuleUpdateParams = v.InferInput<typeof TeamRuleUpdateBodySchema>;
/** One setup script to store. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export type SetupScriptInput = v.InferInput<typeof SetupScriptInputSchema>;
/** A setup manifest write. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type SetupManifestParams = v.InferInput<typeof SetupManifestBodySchema>;
