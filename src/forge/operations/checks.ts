// Repository definitions and checks: labels, rulesets, check suites, check runs, annotations.
import { AnnotationsSchema } from "../schemas/app-requests.js";
import {
  AnnotationsPageSchema,
  BatchUpsertCheckRunsResponseSchema,
  CheckRunSchema,
  CheckRunsPageSchema,
  CheckSuiteSchema,
  CheckSuitesPageSchema,
  PostCheckRunResponseSchema,
} from "../schemas/check-responses.js";
import { CreateLabelSchema, RulesetRequestSchema, UpdateLabelSchema } from "../schemas/labels-rulesets.js";
import { CheckRunsForCommitQuerySchema, PageQuerySchema } from "../schemas/page-query.js";
import { LabelSchema, LabelsPageSchema } from "../schemas/pull-responses.js";
import { RulesetSchema, RulesetsListSchema } from "../schemas/repo-responses.js";
import { INSTALLATION, op, paged, REPO } from "./entry.js";

const LABELS = "/repos/{owner}/{repo}/labels";
const RULESETS = "/repos/{owner}/{repo}/rulesets";
const CHECK_RUN = "/repos/{owner}/{repo}/check-runs/{checkRunId}";
const CHECKS_READ = "repository:checks:read";
const CHECKS_WRITE = "repository:checks:write";
const page = { query: PageQuerySchema };

/** Label definitions and rulesets. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const LABEL_OPERATIONS = {
  "labels.list": op("GET", LABELS, REPO, "repository:labels:read", 1, {
    ...page,
    response: LabelsPageSchema,
    list: paged("labels"),
  }),
  // A repeat is refused with AlreadyExists 409 (names are unique), so the caller sees an error for a success.
  "labels.create": op("POST", LABELS, REPO, "repository:labels:write", 5, {
    body: CreateLabelSchema,
    response: LabelSchema,
  }),
  "labels.get": op("GET", `${LABELS}/{labelName}`, REPO, "repository:labels:read", 1, { response: LabelSchema }),
  "labels.update": op("PATCH", `${LABELS}/{labelName}`, REPO, "repository:labels:write", 5, {
    idempotent: true,
    body: UpdateLabelSchema,
    response: LabelSchema,
  }),
  "labels.delete": op("DELETE", `${LABELS}/{labelName}`, REPO, "repository:labels:write", 5, {
    idempotent: true,
    goneOnRetry: true,
  }),
  "rulesets.list": op("GET", RULESETS, REPO, "repository:rulesets:read", 1, { response: RulesetsListSchema }),
  // Every call creates another ruleset.
  "rulesets.create": op("POST", RULESETS, REPO, "repository:rulesets:write", 5, {
    body: RulesetRequestSchema,
    response: RulesetSchema,
  }),
  "rulesets.get": op("GET", `${RULESETS}/{rulesetId}`, REPO, "repository:rulesets:read", 1, {
    response: RulesetSchema,
  }),
  // PUT replaces fully.
  "rulesets.replace": op("PUT", `${RULESETS}/{rulesetId}`, REPO, "repository:rulesets:write", 5, {
    idempotent: true,
    body: RulesetRequestSchema,
    response: RulesetSchema,
  }),
  "rulesets.delete": op("DELETE", `${RULESETS}/{rulesetId}`, REPO, "repository:rulesets:write", 5, {
    idempotent: true,
    goneOnRetry: true,
  }),
} as const;

/**
 * Check suites and runs. Runs are posted by the owning app, hence installation tokens. The SDK requires
 * `externalId` and `externalUpdatedAt` on every post, which makes posts safe to repeat: the forge orders
 * by externalUpdatedAt and answers a repeat `unchanged` or `ignored_stale`.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics)
 */
export const CHECK_OPERATIONS = {
  // Assumed: the spec shows no check-post path; GitHub's POST /check-runs, the prefix of the shown
  // /check-runs/{checkRunId}/… routes. The body is checked by the check-run model (it needs the clock).
  "checkRuns.post": op("POST", "/repos/{owner}/{repo}/check-runs", INSTALLATION, CHECKS_WRITE, 5, {
    idempotent: true,
    assumed: true,
    response: PostCheckRunResponseSchema,
  }),
  // Assumed: the forge's custom-method style (`mirror:transition`, `deliveries:batchRedeliver`) on the collection.
  "checkRuns.batchUpsert": op("POST", "/repos/{owner}/{repo}/check-runs:batchUpsert", INSTALLATION, CHECKS_WRITE, 5, {
    idempotent: true,
    assumed: true,
    response: BatchUpsertCheckRunsResponseSchema,
  }),
  // Assumed: the resource the shown annotations and rerequest paths hang off.
  "checkRuns.get": op("GET", CHECK_RUN, REPO, CHECKS_READ, 1, { assumed: true, response: CheckRunSchema }),
  // Assumed: GitHub's paths for suites and per-commit / per-suite listings.
  "checkSuites.get": op("GET", "/repos/{owner}/{repo}/check-suites/{checkSuiteId}", REPO, CHECKS_READ, 1, {
    assumed: true,
    response: CheckSuiteSchema,
  }),
  "checkSuites.listForCommit": op("GET", "/repos/{owner}/{repo}/commits/{sha}/check-suites", REPO, CHECKS_READ, 1, {
    assumed: true,
    ...page,
    response: CheckSuitesPageSchema,
    list: paged("checkSuites"),
  }),
  // Filters `checkName` (exact) and `status` (a documented status; spec).
  "checkRuns.listForCommit": op("GET", "/repos/{owner}/{repo}/commits/{sha}/check-runs", REPO, CHECKS_READ, 1, {
    assumed: true,
    query: CheckRunsForCommitQuerySchema,
    response: CheckRunsPageSchema,
    list: paged("checkRuns"),
  }),
  "checkSuites.runs": op("GET", "/repos/{owner}/{repo}/check-suites/{checkSuiteId}/check-runs", REPO, CHECKS_READ, 1, {
    assumed: true,
    ...page,
    response: CheckRunsPageSchema,
    list: paged("checkRuns"),
  }),
  "checkRuns.annotations": op("GET", `${CHECK_RUN}/annotations`, REPO, CHECKS_READ, 1, {
    ...page,
    response: AnnotationsPageSchema,
    list: paged("annotations"),
  }),
  // Not idempotent (spec): a repeat appends the batch again.
  "checkRuns.appendAnnotations": op("POST", `${CHECK_RUN}/annotations`, INSTALLATION, CHECKS_WRITE, 5, {
    body: AnnotationsSchema,
  }),
  // A repeat after the app already answered the first re-request would trigger another attempt.
  "checkRuns.rerequest": op("POST", `${CHECK_RUN}/rerequest`, REPO, "repository:contents:write", 5),
} as const;
