// Repository definitions and checks: labels, rulesets, check suites, check runs, annotations.
import { INSTALLATION, op, REPO } from "./route.js";

const LABEL = "/repos/{owner}/{repo}/labels/{labelName}";
const RULESET = "/repos/{owner}/{repo}/rulesets/{rulesetId}";
const CHECK_RUN = "/repos/{owner}/{repo}/check-runs/{checkRunId}";
const CHECKS_READ = "repository:checks:read";
const CHECKS_WRITE = "repository:checks:write";

/** Label definitions. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const LABEL_ROUTES = {
  listLabels: op("GET", "/repos/{owner}/{repo}/labels", REPO, "repository:labels:read", 1),
  // A repeat is refused with AlreadyExists 409 (names are unique), so the caller sees an error for a success.
  createLabel: op("POST", "/repos/{owner}/{repo}/labels", REPO, "repository:labels:write", 5, { idempotent: false }),
  getLabel: op("GET", LABEL, REPO, "repository:labels:read", 1),
  updateLabel: op("PATCH", LABEL, REPO, "repository:labels:write", 5, { idempotent: true }),
  deleteLabel: op("DELETE", LABEL, REPO, "repository:labels:write", 5, { idempotent: true }),
} as const;

/** Rulesets. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const RULESET_ROUTES = {
  listRulesets: op("GET", "/repos/{owner}/{repo}/rulesets", REPO, "repository:rulesets:read", 1),
  // Every call creates another ruleset.
  createRuleset: op("POST", "/repos/{owner}/{repo}/rulesets", REPO, "repository:rulesets:write", 5, {
    idempotent: false,
  }),
  getRuleset: op("GET", RULESET, REPO, "repository:rulesets:read", 1),
  // PUT replaces fully.
  replaceRuleset: op("PUT", RULESET, REPO, "repository:rulesets:write", 5, { idempotent: true }),
  deleteRuleset: op("DELETE", RULESET, REPO, "repository:rulesets:write", 5, { idempotent: true }),
} as const;

/**
 * Check suites and runs. Runs are posted by the owning app, hence installation tokens. The SDK requires
 * `externalId` and `externalUpdatedAt` on every post, which makes posts safe to repeat: the forge orders
 * by externalUpdatedAt and answers a repeat `unchanged` or `ignored_stale`.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
export const CHECK_ROUTES = {
  // Assumed: the spec shows no check-post path; GitHub's POST /check-runs, the prefix of the shown
  // /check-runs/{checkRunId}/… routes.
  postCheckRun: op("POST", "/repos/{owner}/{repo}/check-runs", INSTALLATION, CHECKS_WRITE, 5, {
    idempotent: true,
    assumed: true,
  }),
  // Assumed: the forge's custom-method style (`mirror:transition`, `deliveries:batchRedeliver`) on the collection.
  batchUpsertCheckRuns: op("POST", "/repos/{owner}/{repo}/check-runs:batchUpsert", INSTALLATION, CHECKS_WRITE, 5, {
    idempotent: true,
    assumed: true,
  }),
  // Assumed: the resource the shown annotations and rerequest paths hang off.
  getCheckRun: op("GET", CHECK_RUN, REPO, CHECKS_READ, 1, { assumed: true }),
  // Assumed: GitHub's paths for suites and per-commit / per-suite listings.
  getCheckSuite: op("GET", "/repos/{owner}/{repo}/check-suites/{checkSuiteId}", REPO, CHECKS_READ, 1, {
    assumed: true,
  }),
  listCheckSuitesForCommit: op("GET", "/repos/{owner}/{repo}/commits/{sha}/check-suites", REPO, CHECKS_READ, 1, {
    assumed: true,
  }),
  listCheckRunsForCommit: op("GET", "/repos/{owner}/{repo}/commits/{sha}/check-runs", REPO, CHECKS_READ, 1, {
    assumed: true,
  }),
  listCheckRunsForSuite: op(
    "GET",
    "/repos/{owner}/{repo}/check-suites/{checkSuiteId}/check-runs",
    REPO,
    CHECKS_READ,
    1,
    { assumed: true },
  ),
  listAnnotations: op("GET", `${CHECK_RUN}/annotations`, REPO, CHECKS_READ, 1),
  // Not idempotent (spec): a repeat appends the batch again.
  appendAnnotations: op("POST", `${CHECK_RUN}/annotations`, INSTALLATION, CHECKS_WRITE, 5, { idempotent: false }),
  // A repeat after the app already answered the first re-request would trigger another attempt.
  rerequestCheckRun: op("POST", `${CHECK_RUN}/rerequest`, REPO, "repository:contents:write", 5, {
    idempotent: false,
  }),
} as const;
