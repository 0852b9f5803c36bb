import type { ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import { type PageParams, PageQuerySchema } from "./schemas/page-query.js";
import {
  type CreatePullRequestParams,
  CreatePullRequestSchema,
  type ListPullsParams,
  ListPullsQuerySchema,
  type MergeabilityParams,
  MergeabilityQuerySchema,
  type MergePullRequestParams,
  MergePullRequestSchema,
  type UpdatePullRequestParams,
  UpdatePullRequestSchema,
} from "./schemas/pull-requests.js";
import {
  type CreateCommentParams,
  CreateCommentSchema,
  type CreateReviewParams,
  CreateReviewSchema,
  type ListCommentsParams,
  ListCommentsQuerySchema,
  type RequestReviewersParams,
  RequestReviewersSchema,
  type ResolveThreadParams,
  ResolveThreadSchema,
  type UpdateCommentParams,
  UpdateCommentSchema,
} from "./schemas/reviews.js";
import { issuesOf, PAGE_NUMBERS, queryObject } from "./validate-support.js";

// The forge's request rules, checked before the network. Pull requests, comments, reviews and pages live
// here; repository and app operations in validate-repos.ts and validate-apps.ts, re-exported below.
export * from "./validate-apps.js";
export * from "./validate-repos.js";

/** The request parameter types, next to the functions that check them. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type {
  CreateCommentParams,
  CreatePullRequestParams,
  CreateReviewParams,
  ListCommentsParams,
  ListPullsParams,
  MergeabilityParams,
  MergePullRequestParams,
  PageParams,
  RequestReviewersParams,
  ResolveThreadParams,
  UpdateCommentParams,
  UpdatePullRequestParams,
};

const PULLS_QUERY = { numbers: PAGE_NUMBERS } as const;
const COMMENTS_QUERY = { numbers: PAGE_NUMBERS, arrays: ["threadIds"] } as const;

/** Every rule a Create Pull Request body breaks; empty when valid. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkCreatePull(input: unknown): ValidationIssue[] {
  return issuesOf(CreatePullRequestSchema, input);
}

/** The body, or a thrown request `ValidationError` naming each broken field. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertCreatePull(input: unknown, context = "pulls.create"): CreatePullRequestParams {
  return checkRequest(CreatePullRequestSchema, input, context);
}

/** Every rule an Update Pull Request body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkUpdatePull(input: unknown): ValidationIssue[] {
  return issuesOf(UpdatePullRequestSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertUpdatePull(input: unknown, context = "pulls.update"): UpdatePullRequestParams {
  return checkRequest(UpdatePullRequestSchema, input, context);
}

/** Every rule a pull request list query (object or URLSearchParams) breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkListPullsQuery(input?: unknown): ValidationIssue[] {
  return issuesOf(ListPullsQuerySchema, queryObject(input, PULLS_QUERY));
}

/** The query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertListPullsQuery(input?: unknown, context = "pulls.list"): ListPullsParams {
  return checkRequest(ListPullsQuerySchema, queryObject(input, PULLS_QUERY), context);
}

/** Every rule a Merge Pull Request body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkMerge(input?: unknown): ValidationIssue[] {
  return issuesOf(MergePullRequestSchema, input ?? {});
}

/** The body, or a thrown request `ValidationError` (rebase is refused: only merge and squash exist). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertMerge(input?: unknown, context = "pulls.merge"): MergePullRequestParams {
  return checkRequest(MergePullRequestSchema, input ?? {}, context);
}

/** Every rule a mergeability query breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkMergeability(input?: unknown): ValidationIssue[] {
  return issuesOf(MergeabilityQuerySchema, queryObject(input));
}

/** The query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertMergeability(input?: unknown, context = "pulls.mergeability"): MergeabilityParams {
  return checkRequest(MergeabilityQuerySchema, queryObject(input), context);
}

/** Every rule a Create Comment body breaks (body plus exactly one anchor). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkCreateComment(input: unknown): ValidationIssue[] {
  return issuesOf(CreateCommentSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertCreateComment(input: unknown, context = "comments.create"): CreateCommentParams {
  return checkRequest(CreateCommentSchema, input, context);
}

/** Every rule an Update Comment body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkUpdateComment(input: unknown): ValidationIssue[] {
  return issuesOf(UpdateCommentSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertUpdateComment(input: unknown, context = "comments.update"): UpdateCommentParams {
  return checkRequest(UpdateCommentSchema, input, context);
}

/** Every rule a thread resolve body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkResolveThread(input: unknown): ValidationIssue[] {
  return issuesOf(ResolveThreadSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertResolveThread(input: unknown, context = "threads.update"): ResolveThreadParams {
  return checkRequest(ResolveThreadSchema, input, context);
}

/** Every rule a comment list query breaks (`threadIds` may repeat as a wire key). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkListCommentsQuery(input?: unknown): ValidationIssue[] {
  return issuesOf(ListCommentsQuerySchema, queryObject(input, COMMENTS_QUERY));
}

/** The query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertListCommentsQuery(input?: unknown, context = "comments.list"): ListCommentsParams {
  return checkRequest(ListCommentsQuerySchema, queryObject(input, COMMENTS_QUERY), context);
}

/** Every rule a Create Review body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkCreateReview(input: unknown): ValidationIssue[] {
  return issuesOf(CreateReviewSchema, input);
}

/** The body, or a thrown request `ValidationError` (one bad anchor would fail the whole review). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertCreateReview(input: unknown, context = "reviews.create"): CreateReviewParams {
  return checkRequest(CreateReviewSchema, input, context);
}

/** Every rule a reviewer request body breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function checkRequestReviewers(input: unknown): ValidationIssue[] {
  return issuesOf(RequestReviewersSchema, input);
}

/** The body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function assertRequestReviewers(input: unknown, context = "reviewers.request"): RequestReviewersParams {
  return checkRequest(RequestReviewersSchema, input, context);
}

/** Every rule a `pageSize`/`pageToken` query breaks. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function checkPageQuery(input?: unknown): ValidationIssue[] {
  return issuesOf(PageQuerySchema, queryObject(input, { numbers: PAGE_NUMBERS }));
}

/** The query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function assertPageQuery(input?: unknown, context = "list"): PageParams {
  return checkRequest(PageQuerySchema, queryObject(input, { numbers: PAGE_NUMBERS }), context);
}
