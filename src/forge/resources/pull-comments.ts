import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegment } from "../../core/paths.js";
import type { QueryValue } from "../../core/transport.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import { CommentSchema, CommentsPageSchema, ThreadSchema } from "../schemas/pull-responses.js";
import type {
  CreateCommentParams,
  ListCommentsParams,
  ResolveThreadParams,
  UpdateCommentParams,
} from "../schemas/reviews.js";
import { assertCreateComment, assertListCommentsQuery, assertResolveThread, assertUpdateComment } from "../validate.js";

/**
 * Comments on a repository's pull requests. A comment anchored `inline` (a line range on one side of a file) or
 * to a `file` opens a thread; one naming a `threadId` replies in that thread.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullCommentsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullCommentsResource");
    this.#context = context;
    this.#repo = repo;
  }

  /**
   * Comments on a pull request: `body` (≤ 65,536 code points) plus exactly one of `inline`, `file` or `threadId`;
   * `versionNumber` pins the pull request version, never with `threadId`. Never retried when ambiguous.
   */
  create(pullNumber: string, params: CreateCommentParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "createComment",
      operation: "comments.create",
      repository: this.#repo,
      pathParams: { pullNumber: requireSegment(pullNumber, "pullNumber", "comments.create") },
      body: assertCreateComment(params),
      schema: CommentSchema,
      options,
    }));
  }

  /** A pull request's comments, filtered by `threadIds` (≤ 20 distinct), `since`, `until`: `await` → first page, `for await` → all. */
  list(pullNumber: string, params: ListCommentsParams = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listComments",
        operation: "comments.list",
        repository: this.#repo,
        pathParams: { pullNumber: requireSegment(pullNumber, "pullNumber", "comments.list") },
        query: { ...(assertListCommentsQuery(params) as Record<string, QueryValue>) },
        schema: CommentsPageSchema,
        options,
      }),
      (page) => page.comments,
    );
  }

  /** One comment, with its full thread. */
  get(commentId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getComment",
      operation: "comments.get",
      repository: this.#repo,
      pathParams: { commentId: requireSegment(commentId, "commentId", "comments.get") },
      schema: CommentSchema,
      options,
    }));
  }

  /** Replaces a comment's `body` (≤ 65,536 code points). */
  update(commentId: string, patch: UpdateCommentParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "updateComment",
      operation: "comments.update",
      repository: this.#repo,
      pathParams: { commentId: requireSegment(commentId, "commentId", "comments.update") },
      body: assertUpdateComment(patch),
      schema: CommentSchema,
      options,
    }));
  }

  /**
   * Deletes a comment: its author always may, anyone else needs repository:contents:write (else 403). Deleting
   * a thread's last comment removes the thread.
   */
  delete(commentId: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "deleteComment",
      operation: "comments.delete",
      repository: this.#repo,
      pathParams: { commentId: requireSegment(commentId, "commentId", "comments.delete") },
      schema: undefined,
      options,
    }));
  }
}

/** Comment threads: resolving and unresolving, both idempotent. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class PullThreadsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullThreadsResource");
    this.#context = context;
    this.#repo = repo;
  }

  /** Sets whether a thread is resolved; repeating it changes nothing, so it is retried safely. */
  update(threadId: string, params: ResolveThreadParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "updateThread",
      operation: "threads.update",
      repository: this.#repo,
      pathParams: { threadId: requireSegment(threadId, "threadId", "threads.update") },
      body: assertResolveThread(params),
      schema: ThreadSchema,
      options,
    }));
  }

  /** Marks a thread resolved (`update(threadId, { resolved: true })`). */
  resolve(threadId: string, options?: CallOptions) {
    return this.update(threadId, { resolved: true }, options);
  }

  /** Re-opens a resolved thread (`update(threadId, { resolved: false })`). */
  unresolve(threadId: string, options?: CallOptions) {
    return this.update(threadId, { resolved: false }, options);
  }
}
