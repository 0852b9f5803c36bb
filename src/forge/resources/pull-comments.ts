import { requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type {
  CreateCommentParams,
  ListCommentsParams,
  ResolveThreadParams,
  UpdateCommentParams,
} from "../schemas/reviews.js";

/**
 * Comments on a repository's pull requests. A comment anchored `inline` (a line range on one side of a file) or
 * to a `file` opens a thread; one naming a `threadId` replies in that thread.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class PullCommentsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullCommentsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /**
   * Comments on a pull request: `body` (≤ 65,536 code points) plus exactly one of `inline`, `file` or `threadId`;
   * `versionNumber` pins the pull request version, never with `threadId`. Never retried when ambiguous.
   */
  create(pullNumber: string, params: CreateCommentParams, options?: CallOptions) {
    return callOperation(this.#context, "comments.create", {
      params: { ...this.#repo, pullNumber },
      body: params,
      options,
    });
  }

  /** A pull request's comments, filtered by `threadIds` (≤ 20 distinct), `since`, `until`: `await` → first page, `for await` → all. */
  list(pullNumber: string, params: ListCommentsParams = {}, options?: CallOptions) {
    return listOperation(this.#context, "comments.list", {
      params: { ...this.#repo, pullNumber },
      query: params,
      options,
    });
  }

  /** One comment, with its full thread. */
  get(commentId: string, options?: CallOptions) {
    return callOperation(this.#context, "comments.get", { params: { ...this.#repo, commentId }, options });
  }

  /** Replaces a comment's `body` (≤ 65,536 code points). */
  update(commentId: string, patch: UpdateCommentParams, options?: CallOptions) {
    return callOperation(this.#context, "comments.update", {
      params: { ...this.#repo, commentId },
      body: patch,
      options,
    });
  }

  /**
   * Deletes a comment: its author always may, anyone else needs repository:contents:write (else 403). Deleting
   * a thread's last comment removes the thread.
   */
  delete(commentId: string, options?: CallOptions) {
    return callOperation(this.#context, "comments.delete", { params: { ...this.#repo, commentId }, options });
  }
}

/** Comment threads: resolving and unresolving, both idempotent. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class PullThreadsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "PullThreadsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /** Sets whether a thread is resolved; repeating it changes nothing, so it is retried safely. */
  update(threadId: string, params: ResolveThreadParams, options?: CallOptions) {
    return callOperation(this.#context, "threads.update", {
      params: { ...this.#repo, threadId },
      body: params,
      options,
    });
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
