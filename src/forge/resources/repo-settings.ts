import type { ApiPromise } from "../../core/api-promise.js";
import { argumentError, requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { CursorPage, PagePromise } from "../../core/pagination.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type { GrantSelector } from "../schemas/repo-admin.js";
import type { RepoGrant } from "../schemas/repo-responses.js";
import type { RepoGrantParams, RepoSettingsParams } from "../schemas/repo-settings.js";

/**
 * A repository's own metadata and settings: Get Repo and the settings PATCH (`repo.get()`, `repo.update()`).
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class RepoSettingsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "RepoSettingsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /** The repository: summary fields, merge settings (read-only here), timestamps and `cloneUrl`. */
  get(options?: CallOptions) {
    return callOperation(this.#context, "repo.get", { params: this.#repo, options });
  }

  /**
   * Sets the given settings (set-to-value, so safe to retry): at least one field; `allowMergeCommit` and
   * `allowSquashMerge` together with one of them true. The forge applies the groups in a fixed order and not
   * atomically, so a refused later group leaves the earlier ones applied.
   */
  update(settings: RepoSettingsParams, options?: CallOptions) {
    return callOperation(this.#context, "repo.update", { params: this.#repo, body: settings, options });
  }
}

/** The three operations of a grants collection and where it lives. */
interface GrantsTarget {
  /** Operation-name prefix: `repo.grants` or `owner.grants`. */
  operation: "repo.grants" | "owner.grants";
  /** The collection's path placeholders (`{owner}/{repo}` or `{ownerSlug}`). */
  params: Readonly<Record<string, string>>;
}

/**
 * A grants collection (a repository's direct grants, or an owner's): list, upsert by principal, delete by
 * principal (idempotent: deleting a grant that is not there succeeds).
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class GrantsResource<Params, Grant> {
  readonly #context: ForgeContext;
  readonly #target: GrantsTarget;

  constructor(context: ForgeContext, target: GrantsTarget) {
    // Built by `forge.repo(…).grants` and `forge.owner(…).grants`, never by hand.
    requireClientContext(context, "GrantsResource");
    if (typeof target !== "object" || target === null)
      throw argumentError(
        target,
        "target",
        "GrantsResource",
        "built by `forge.repo(…).grants` or `forge.owner(…).grants`",
      );
    this.#context = context;
    this.#target = target;
  }

  /** Every grant: `await` → first page, `for await` → every grant. */
  list(params: { pageSize?: number } = {}, options?: CallOptions): PagePromise<Grant, CursorPage<Grant>> {
    const { operation, params: path } = this.#target;
    return listOperation(this.#context, `${operation}.list`, { params: path, query: params, options }) as never;
  }

  /** Grants `permission` to exactly one of `user`, `group`, `teamGroup`, replacing the principal's grant if any. */
  upsert(grant: Params, options?: CallOptions): ApiPromise<Grant> {
    const { operation, params } = this.#target;
    return callOperation(this.#context, `${operation}.upsert`, { params, body: grant, options }) as never;
  }

  /** Removes the grant of exactly one of `user`, `group`, `teamGroup` (204; repeating it succeeds). */
  delete(principal: GrantSelector, options?: CallOptions) {
    const { operation, params } = this.#target;
    return callOperation(this.#context, `${operation}.delete`, { params, body: principal, options });
  }
}

/** A repository's direct grants (permission read, write or admin). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type RepoGrantsResource = GrantsResource<RepoGrantParams, RepoGrant>;

/** The direct grants of one repository. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function repoGrants(context: ForgeContext, repo: ForgeRepoRef): RepoGrantsResource {
  return new GrantsResource(context, { operation: "repo.grants", params: repoParams(repo) });
}
