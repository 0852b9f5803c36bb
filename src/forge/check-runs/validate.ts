import type { ValidationIssue } from "../../core/errors.js";
import { isPlainObject } from "../../core/validation.js";
import { checkObject, checkText } from "./arguments.js";
import { parseRfc3339, toInstant } from "./timestamps.js";
import type { LedgerTime } from "./types.js";

/** How far ahead externalUpdatedAt, startedAt and completedAt may be. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const CHECK_RUN_FUTURE_TOLERANCE_MS = 60_000;
/** How far ahead deadlineAt may be. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const CHECK_RUN_MAX_DEADLINE_MS = 24 * 60 * 60_000;

/** The statuses an app may post; `rerequested` is set by the forge only. */
const POSTABLE_STATUSES: ReadonlySet<string> = new Set(["queued", "in_progress", "completed"]);
const REQUIRED_STRINGS = ["sha", "key", "externalId", "status", "externalUpdatedAt"] as const;
const NOT_IN_FUTURE = ["externalUpdatedAt", "startedAt", "completedAt"] as const;
const TIMESTAMPS = [...NOT_IN_FUTURE, "deadlineAt"] as const;

/**
 * The spec's rules for one check-run post, checked before it is sent (or stored): every broken rule, `[]` when
 * none. Takes `unknown` so plain-JavaScript callers get the same checks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants)
 */
export function validateCheckRunPost(post: unknown, options: { now: LedgerTime; path?: string }): ValidationIssue[] {
  checkObject(options, "options", "validateCheckRunPost", "`{ now }`");
  if (options.path !== undefined) checkText(options.path, "options.path", "validateCheckRunPost");
  return checkPost(post, toInstant(options.now, "options.now").ms, options.path ?? "").issues;
}

/** Epoch milliseconds of a post's timestamps, as parsed while validating it. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export type PostInstants = Partial<Record<(typeof TIMESTAMPS)[number], number>>;

/** Validates a post and keeps the instants it parsed, so a judged post is parsed once. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function checkPost(
  post: unknown,
  now: number,
  base: string,
): { issues: ValidationIssue[]; instants: PostInstants } {
  const at = (field: string) => (base === "" ? field : `${base}.${field}`);
  const issues: ValidationIssue[] = [];
  if (!isPlainObject(post)) {
    return { issues: [{ path: base, rule: "type", message: "a check-run post must be an object" }], instants: {} };
  }
  for (const field of REQUIRED_STRINGS) {
    const value = post[field];
    if (typeof value !== "string" || value === "") {
      issues.push({ path: at(field), rule: "required", message: `\`${field}\` is required (a non-empty string)` });
    }
  }
  const suite = post.suite;
  if (!isPlainObject(suite)) {
    issues.push({ path: at("suite"), rule: "required", message: "`suite` is required: `{ key, externalId }`" });
  } else {
    for (const field of ["key", "externalId"] as const) {
      const value = suite[field];
      if (typeof value !== "string" || value === "") {
        issues.push({ path: at(`suite.${field}`), rule: "required", message: `\`suite.${field}\` is required` });
      }
    }
  }
  if (post.status === "rerequested") {
    issues.push({
      path: at("status"),
      rule: "forge_only",
      message:
        "only the forge sets `rerequested`; answer a re-request with a new run (queued, in_progress or completed)",
    });
  } else if (typeof post.status === "string" && post.status !== "" && !POSTABLE_STATUSES.has(post.status)) {
    // The spec's statuses are a closed set for a post: unknown values pass through in responses only.
    issues.push({
      path: at("status"),
      rule: "one_of",
      message: "`status` must be queued, in_progress or completed",
    });
  }
  if (post.isRerequestable !== undefined && typeof post.isRerequestable !== "boolean") {
    issues.push({ path: at("isRerequestable"), rule: "type", message: "`isRerequestable` must be a boolean" });
  }

  const instants: PostInstants = {};
  for (const field of TIMESTAMPS) {
    const value = post[field];
    if (value === undefined || (field === "externalUpdatedAt" && (typeof value !== "string" || value === ""))) continue;
    const ms = typeof value === "string" ? parseRfc3339(value) : undefined;
    if (ms === undefined) {
      issues.push({ path: at(field), rule: "timestamp", message: `\`${field}\` must be an RFC 3339 timestamp` });
      continue;
    }
    instants[field] = ms;
  }
  for (const field of NOT_IN_FUTURE) {
    const ms = instants[field];
    if (ms !== undefined && ms - now > CHECK_RUN_FUTURE_TOLERANCE_MS) {
      const ahead = Math.round((ms - now) / 1000);
      issues.push({
        path: at(field),
        rule: "max_future",
        message: `\`${field}\` is ${ahead} s in the future; the tolerance is 60 s (check the clock)`,
      });
    }
  }
  if (
    instants.startedAt !== undefined &&
    instants.completedAt !== undefined &&
    instants.completedAt < instants.startedAt
  ) {
    issues.push({
      path: at("completedAt"),
      rule: "not_before",
      message: "`completedAt` must not be before `startedAt`",
    });
  }
  if (instants.deadlineAt !== undefined && instants.deadlineAt - now > CHECK_RUN_MAX_DEADLINE_MS) {
    issues.push({
      path: at("deadlineAt"),
      rule: "max_ahead",
      message: "`deadlineAt` is more than 24 hours ahead; pick a deadline within 24 h of now",
    });
  }
  return { issues, instants };
}
