import { requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";

/** Commits of a repository, by SHA, branch or ref. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class CommitsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "CommitsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /** One commit: tree, parents, message, author and committer (a heavier read: 5 points). */
  get(ref: string, options?: CallOptions) {
    return callOperation(this.#context, "commits.get", { params: { ...this.#repo, ref }, options });
  }

  /** The files a commit changed against its first parent: `await` → first page, `for await` → every file. */
  files(ref: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "commits.files", { params: { ...this.#repo, ref }, query: params, options });
  }
}
