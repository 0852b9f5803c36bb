import type { ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import {
  type CreateFromFilesParams,
  CreateFromFilesSchema,
  type CreateRefParams,
  CreateRefSchema,
  type GrepParams,
  GrepSchema,
} from "./schemas/git-contents.js";
import {
  CreateLabelSchema,
  type LabelParams,
  type LabelUpdateParams,
  type RulesetParams,
  RulesetRequestSchema,
  UpdateLabelSchema,
} from "./schemas/labels-rulesets.js";
import {
  type MirrorTransitionParams,
  MirrorTransitionSchema,
  type OwnerGrantParams,
  OwnerGrantRequestSchema,
  type RepoGrantParams,
  RepoGrantRequestSchema,
  type RepoSettingsParams,
  RepoSettingsSchema,
} from "./schemas/repo-settings.js";
import { issuesOf } from "./validate-support.js";

// check*/assert* pairs for repository operations: labels, rulesets, search, Git data, settings, grants, mirrors.

/** The request parameter types, next to the functions that check them. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type {
  CreateFromFilesParams,
  CreateRefParams,
  GrepParams,
  LabelParams,
  LabelUpdateParams,
  MirrorTransitionParams,
  OwnerGrantParams,
  RepoGrantParams,
  RepoSettingsParams,
  RulesetParams,
};

/** Every rule a label definition breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export function checkLabel(input: unknown): ValidationIssue[] {
  return issuesOf(CreateLabelSchema, input);
}

/** The label, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export function assertLabel(input: unknown, context = "labels.create"): LabelParams {
  return checkRequest(CreateLabelSchema, input, context);
}

/** Every rule a label update breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export function checkLabelUpdate(input: unknown): ValidationIssue[] {
  return issuesOf(UpdateLabelSchema, input);
}

/** The update, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export function assertLabelUpdate(input: unknown, context = "labels.update"): LabelUpdateParams {
  return checkRequest(UpdateLabelSchema, input, context);
}

/** Every rule a ruleset body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export function checkRuleset(input: unknown): ValidationIssue[] {
  return issuesOf(RulesetRequestSchema, input);
}

/** The ruleset, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export function assertRuleset(input: unknown, context = "rulesets.put"): RulesetParams {
  return checkRequest(RulesetRequestSchema, input, context);
}

/** Every rule a grep body breaks (context above 10 is not a broken rule: it is clamped). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkGrep(input: unknown): ValidationIssue[] {
  return issuesOf(GrepSchema, input);
}

/** The body with `contextBefore`/`contextAfter` clamped to 10, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertGrep(input: unknown, context = "search.grep"): GrepParams {
  return checkRequest(GrepSchema, input, context);
}

/** Every rule a createFromFiles body breaks; sizes are computed without decoding. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkCreateFromFiles(input: unknown): ValidationIssue[] {
  return issuesOf(CreateFromFilesSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertCreateFromFiles(input: unknown, context = "git.createFromFiles"): CreateFromFilesParams {
  return checkRequest(CreateFromFilesSchema, input, context);
}

/** Every rule a Git ref creation breaks (branches only, full SHA). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkCreateRef(input: unknown): ValidationIssue[] {
  return issuesOf(CreateRefSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertCreateRef(input: unknown, context = "git.createRef"): CreateRefParams {
  return checkRequest(CreateRefSchema, input, context);
}

/** Every rule a repository settings PATCH breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkRepoSettings(input: unknown): ValidationIssue[] {
  return issuesOf(RepoSettingsSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertRepoSettings(input: unknown, context = "repos.update"): RepoSettingsParams {
  return checkRequest(RepoSettingsSchema, input, context);
}

/** Every rule a repository grant breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkRepoGrant(input: unknown): ValidationIssue[] {
  return issuesOf(RepoGrantRequestSchema, input);
}

/** The grant, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertRepoGrant(input: unknown, context = "repos.grants.upsert"): RepoGrantParams {
  return checkRequest(RepoGrantRequestSchema, input, context);
}

/** Every rule an owner grant breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkOwnerGrant(input: unknown): ValidationIssue[] {
  return issuesOf(OwnerGrantRequestSchema, input);
}

/** The grant, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertOwnerGrant(input: unknown, context = "owners.grants.upsert"): OwnerGrantParams {
  return checkRequest(OwnerGrantRequestSchema, input, context);
}

/** Every rule a mirror transition body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkMirrorTransition(input: unknown): ValidationIssue[] {
  return issuesOf(MirrorTransitionSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertMirrorTransition(input: unknown, context = "mirror.transition"): MirrorTransitionParams {
  return checkRequest(MirrorTransitionSchema, input, context);
}
