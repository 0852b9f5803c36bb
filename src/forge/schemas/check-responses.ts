import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum, responseObject } from "../../core/schema.js";
import { ActorSchema, NextPageTokenSchema } from "./references.js";

// Check suite, check run and annotation responses. Timestamps stay RFC 3339 strings.

/** Check run statuses; `rerequested` is set only by the forge. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions) */
export const CHECK_RUN_STATUSES = ["queued", "in_progress", "completed", "rerequested"] as const;

/** What a post did; an unknown value means "stored run returned, write status unknown". @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export const CHECK_RUN_OUTCOMES = ["created", "updated", "unchanged", "ignored_stale"] as const;

/** A check run with the fields the spec names. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const CheckRunSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    name: v.optional(v.string()),
    sha: v.optional(v.string()),
    key: v.optional(v.string()),
    externalId: v.optional(v.string()),
    status: openEnum(CHECK_RUN_STATUSES),
    conclusion: v.optional(v.string()),
    externalUpdatedAt: v.optional(v.string()),
    startedAt: v.optional(v.string()),
    completedAt: v.optional(v.string()),
    deadlineAt: v.optional(v.string()),
    isRerequestable: v.optional(v.boolean(), false),
    rerequestedAt: v.optional(v.string()),
    rerequestedBy: v.optional(ActorSchema),
    actor: v.optional(ActorSchema),
    createdAt: v.optional(v.string()),
    updatedAt: v.optional(v.string()),
  }),
);

/** A check suite attempt: (actor, key, externalId) on a commit. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export const CheckSuiteSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    sha: v.optional(v.string()),
    key: v.optional(v.string()),
    externalId: v.optional(v.string()),
    actor: v.optional(ActorSchema),
    createdAt: v.optional(v.string()),
    updatedAt: v.optional(v.string()),
  }),
);

/** One judged post: the run as stored and what the post did. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Check run semantics) */
export const CheckRunResultSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    checkRun: CheckRunSchema,
    outcome: openEnum(CHECK_RUN_OUTCOMES),
  }),
);

/** Post Check Run: `{checkRun, outcome}` top-level beside `checkSuite`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const PostCheckRunResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    ...CheckRunResultSchema.entries,
    checkSuite: v.optional(CheckSuiteSchema),
  }),
);

/** Batch Upsert Check Runs: `results[]` in request order (`checkRuns[]` is deprecated, kept if sent). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const BatchUpsertCheckRunsResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    results: v.array(CheckRunResultSchema),
    checkSuite: v.optional(CheckSuiteSchema),
  }),
);

/** A page of check runs. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CheckRunsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    checkRuns: v.array(CheckRunSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** A page of check suites. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CheckSuitesPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    checkSuites: v.array(CheckSuiteSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** An annotation: `message` is Markdown, `rawDetails` plain text. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const AnnotationSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.optional(v.string()),
    message: v.optional(v.string()),
    rawDetails: v.optional(v.string()),
  }),
);

/** A page of annotations, ascending by id. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const AnnotationsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    annotations: v.array(AnnotationSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** A check run. */
export type CheckRun = v.InferOutput<typeof CheckRunSchema>;
/** A check suite. */
export type CheckSuite = v.InferOutput<typeof CheckSuiteSchema>;
/** A run and the outcome of the post. */
export type CheckRunResult = v.InferOutput<typeof CheckRunResultSchema>;
/** The answer to a single post. */
export type PostCheckRunResponse = v.InferOutput<typeof PostCheckRunResponseSchema>;
/** The answer to a batch upsert. */
export type BatchUpsertCheckRunsResponse = v.InferOutput<typeof BatchUpsertCheckRunsResponseSchema>;
/** A page of check runs. */
export type CheckRunsPage = v.InferOutput<typeof CheckRunsPageSchema>;
/** A page of check suites. */
export type CheckSuitesPage = v.InferOutput<typeof CheckSuitesPageSchema>;
/** An annotation. */
export type Annotation = v.InferOutput<typeof AnnotationSchema>;
/** A page of annotations. */
export type AnnotationsPage = v.InferOutput<typeof AnnotationsPageSchema>;
