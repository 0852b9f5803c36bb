import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegments } from "../../core/paths.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgeRepoRef } from "../routes.js";
import { ChangedFilesPageSchema, CommitSchema } from "../schemas/git-responses.js";
import { assertPageQuery } from "../validate.js";

/** Commits of a repository, by SHA, branch or ref. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class CommitsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "CommitsResource");
    this.#context = context;
    this.#repo = repo;
  }

  /** One commit: tree, parents, message, author and committer (a heavier read: 5 points). */
  get(ref: string, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getCommit",
      operation: "commits.get",
      repository: this.#repo,
      pathParams: { ref: requireSegments(ref, "ref", "commits.get") },
      schema: CommitSchema,
      options,
    }));
  }

  /** The files a commit changed against its first parent: `await` → first page, `for await` → every file. */
  files(ref: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listCommitFiles",
        operation: "commits.files",
        repository: this.#repo,
        pathParams: { ref: requireSegments(ref, "ref", "commits.files") },
        query: { ...assertPageQuery(params, "commits.files") },
        schema: ChangedFilesPageSchema,
        options,
      }),
      (page) => page.files,
    );
  }
}
