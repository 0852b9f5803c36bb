import type { ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import {
  AutoReviewBodySchema,
  type AutoReviewParams,
  BotAccessBodySchema,
  type BotAccessParams,
  type BotCapabilitiesPatch,
  BotCapabilitiesPatchSchema,
  BotNetworkBodySchema,
  type BotNetworkParams,
  ManifestPathSchema,
  SetupManifestBodySchema,
  type SetupManifestParams,
  TeamRuleCreateBodySchema,
  type TeamRuleCreateParams,
  TeamRulePathSchema,
  TeamRuleUpdateBodySchema,
  type TeamRuleUpdateParams,
} from "./schemas/requests-assistant-bot.js";
import { fieldOf, issuesOf } from "./validate-support.js";

// Check/assert pairs of the assistant-bot administration routes. The cursor lists use `assertCursorQuery`.

/** Every rule a capabilities PATCH body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBotCapabilitiesPatch(body: unknown): ValidationIssue[] {
  return issuesOf(BotCapabilitiesPatchSchema, body);
}

/** The capabilities PATCH body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBotCapabilitiesPatch(body: unknown, context = "updateBotCapabilities"): BotCapabilitiesPatch {
  return checkRequest(BotCapabilitiesPatchSchema, body, context);
}

/** Every rule an auto-review policy body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkAutoReview(body: unknown): ValidationIssue[] {
  return issuesOf(AutoReviewBodySchema, body);
}

/** The auto-review policy body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertAutoReview(body: unknown, context = "setBotAutoReview"): AutoReviewParams {
  return checkRequest(AutoReviewBodySchema, body, context);
}

/** Every rule an access policy body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBotAccess(body: unknown): ValidationIssue[] {
  return issuesOf(BotAccessBodySchema, body);
}

/** The access policy body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBotAccess(body: unknown, context = "setBotAccess"): BotAccessParams {
  return checkRequest(BotAccessBodySchema, body, context);
}

/** Every rule a network policy body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkBotNetwork(body: unknown): ValidationIssue[] {
  return issuesOf(BotNetworkBodySchema, body);
}

/** The network policy body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertBotNetwork(body: unknown, context = "setBotNetwork"): BotNetworkParams {
  return checkRequest(BotNetworkBodySchema, body, context);
}

/** Every rule a team rule `{ruleId}` breaks (rule_…). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export function checkTeamRuleId(ruleId: unknown): ValidationIssue[] {
  return issuesOf(TeamRulePathSchema, fieldOf("ruleId", ruleId));
}

/** The team rule id, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export function assertTeamRuleId(ruleId: unknown, context = "updateTeamRule"): string {
  return checkRequest(TeamRulePathSchema, fieldOf("ruleId", ruleId), context).ruleId;
}

/** Every rule a team rule create body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkTeamRuleCreate(body: unknown): ValidationIssue[] {
  return issuesOf(TeamRuleCreateBodySchema, body);
}

/** The team rule create body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertTeamRuleCreate(body: unknown, context = "createTeamRule"): TeamRuleCreateParams {
  return checkRequest(TeamRuleCreateBodySchema, body, context);
}

/** Every rule a team rule PATCH body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkTeamRuleUpdate(body: unknown): ValidationIssue[] {
  return issuesOf(TeamRuleUpdateBodySchema, body);
}

/** The team rule PATCH body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertTeamRuleUpdate(body: unknown, context = "updateTeamRule"): TeamRuleUpdateParams {
  return checkRequest(TeamRuleUpdateBodySchema, body, context);
}

/** Every rule a setup manifest `{manifestId}` breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export function checkManifestId(manifestId: unknown): ValidationIssue[] {
  return issuesOf(ManifestPathSchema, fieldOf("manifestId", manifestId));
}

/** The setup manifest id, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export function assertManifestId(manifestId: unknown, context = "putSetupManifest"): string {
  return checkRequest(ManifestPathSchema, fieldOf("manifestId", manifestId), context).manifestId;
}

/** Every rule a setup manifest body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkSetupManifest(body: unknown): ValidationIssue[] {
  return issuesOf(SetupManifestBodySchema, body);
}

/** The setup manifest body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertSetupManifest(body: unknown, context = "putSetupManifest"): SetupManifestParams {
  return checkRequest(SetupManifestBodySchema, body, context);
}
