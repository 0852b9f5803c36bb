import { requestObject, requireClientContext } from "../../core/arguments.js";
import { ValidationError, type ValidationIssue } from "../../core/errors.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegments } from "../../core/paths.js";
import { requestIssues } from "../../core/schema.js";
import { isPlainObject } from "../../core/validation.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import { type CreateFromFilesParams, CreateFromFilesSchema, type CreateRefParams } from "../schemas/git-contents.js";
import { branchRefProblem } from "../schemas/request-fields.js";

/**
 * What `git.createFromFiles` sends: the documented `expectedHeadSha` and `files`, plus `branch` (short name or
 * `refs/heads/<b>`; the forge's default branch when omitted) and `message`. The spec shows neither of those two
 * fields; they are sent as named and the routes table lets a deployment that differs override the operation.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export type CommitFromFilesParams = CreateFromFilesParams & { branch?: string; message?: string };

/** Every documented rule of the body, plus `branch` (a branch, not a tag) and `message` (a string). */
function assertCommitFromFiles(params: CommitFromFilesParams): CommitFromFilesParams {
  const issues: ValidationIssue[] = [...requestIssues(CreateFromFilesSchema, params)];
  const raw: unknown = params;
  let branch: string | undefined;
  if (isPlainObject(raw)) {
    if (raw.branch !== undefined) {
      if (typeof raw.branch !== "string" || raw.branch === "") {
        issues.push({ path: "branch", rule: "type", message: "`branch` must be a non-empty branch name" });
      } else if (raw.branch.startsWith("refs/") && branchRefProblem(raw.branch)) {
        issues.push({ path: "branch", rule: "branch_ref", message: `\`branch\` ${branchRefProblem(raw.branch)}` });
      } else {
        branch = raw.branch.replace(/^refs\/heads\//, "");
      }
    }
    if (raw.message !== undefined && typeof raw.message !== "string")
      issues.push({ path: "message", rule: "type", message: "`message` must be a string" });
  }
  if (issues.length > 0) throw new ValidationError(issues, { direction: "request", context: "git.createFromFiles" });
  return branch === undefined ? params : { ...params, branch };
}

/** A branch ref as the ref routes take it: `heads/<b>` (a leading `refs/` is dropped). */
function branchRef(ref: unknown, operation: string): string {
  const text = requireSegments(ref, "ref", operation);
  const problem = branchRefProblem(text);
  if (problem)
    throw new ValidationError([{ path: "ref", rule: "branch_ref", message: `\`ref\` ${problem}` }], {
      context: operation,
    });
  return text.replace(/^refs\//, "");
}

/**
 * Git data of a repository: branch refs, refs by prefix (pull request refs included), commits made from file
 * contents, and trees. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class GitResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "GitResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /**
   * Creates a branch (`refs/heads/<b>` or `heads/<b>`) at a full commit SHA. Safe to repeat: the same SHA answers
   * the existing ref; another SHA is AlreadyExists (409, `ConflictError`).
   */
  createRef(params: CreateRefParams, options?: CallOptions) {
    return callOperation(this.#context, "git.createRef", { params: this.#repo, body: params, options });
  }

  /** One ref: `heads/main`, `refs/heads/main`, `pull/7/head`, `pull/7/merge` (the merge preview of an open pull request). */
  getRef(ref: string, options?: CallOptions) {
    return callOperation(this.#context, "git.getRef", () => ({
      params: { ...this.#repo, ref: requireSegments(ref, "ref", "git.getRef").replace(/^refs\//, "") },
      options,
    }));
  }

  /**
   * Deletes a branch (`heads/<b>` or `refs/heads/<b>`); pull requests headed by it are closed. Never retried after
   * an ambiguous failure: the branch may have been recreated in between. The default branch, a rule-protected
   * branch or a mirror's branch is FailedPrecondition (400).
   */
  deleteRef(ref: string, options?: CallOptions) {
    return callOperation(this.#context, "git.deleteRef", () => ({
      params: { ...this.#repo, ref: branchRef(ref, "git.deleteRef") },
      options,
    }));
  }

  /**
   * Refs whose full name starts with `prefix` (`heads/feature`, `refs/pull/`; none for every ref), pull request
   * refs included: `await` → first page, `for await` → every ref.
   */
  matchingRefs(prefix?: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "git.matchingRefs", () => ({
      params: this.#repo,
      query: { ...requestObject(params, "params", "git.matchingRefs"), ref: prefix === "" ? undefined : prefix },
      options,
    }));
  }

  /**
   * Commits file changes on top of `expectedHeadSha`, which must be the branch's tip (else Aborted 409,
   * `ConflictError`): at most 1,000 changes, 8 MiB per file, 32 MiB in total, checked before sending. Because the
   * tip must match, a repeat after success is refused rather than applied twice, so an ambiguous failure is retried.
   */
  createFromFiles(params: CommitFromFilesParams, options?: CallOptions) {
    return callOperation(this.#context, "git.createFromFiles", () => ({
      params: this.#repo,
      body: assertCommitFromFiles(params),
      options,
    }));
  }

  /**
   * A tree by id (a commit SHA or branch also names its root tree), its direct entries, or with `recursive`
   * every entry below it.
   */
  tree(treeSha: string, params: { recursive?: boolean } = {}, options?: CallOptions) {
    // Only `true` or `1` recurses (spec, Versioning): send `true` or nothing.
    const recursive = requestObject(params, "params", "git.tree").recursive === true ? "true" : undefined;
    return callOperation(this.#context, "git.tree", {
      params: { ...this.#repo, treeSha },
      query: { recursive },
      options,
    });
  }
}
