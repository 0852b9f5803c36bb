import type * as v from "valibot";
import { argumentError, requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import type { PagePromise } from "../../core/pagination.js";
import { checkRequest } from "../../core/schema.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { ForgePage } from "../forge-client.js";
import type { ForgeRepoRef, ForgeRouteName } from "../routes.js";
import { RepositorySchema } from "../schemas/namespace.js";
import { type GrantSelector, GrantSelectorSchema } from "../schemas/repo-admin.js";
import { type RepoGrant, RepoGrantSchema, RepoGrantsListSchema } from "../schemas/repo-responses.js";
import type { RepoGrantParams, RepoSettingsParams } from "../schemas/repo-settings.js";
import { assertPageQuery, assertRepoGrant, assertRepoSettings } from "../validate.js";

/**
 * A repository's own metadata and settings: Get Repo and the settings PATCH (`repo.get()`, `repo.update()`).
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class RepoSettingsResource {
  readonly #context: ForgeContext;
  readonly #repo: ForgeRepoRef;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "RepoSettingsResource");
    this.#context = context;
    this.#repo = repo;
  }

  /** The repository: summary fields, merge settings (read-only here), timestamps and `cloneUrl`. */
  get(options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "getRepo",
      operation: "repo.get",
      repository: this.#repo,
      schema: RepositorySchema,
      options,
    }));
  }

  /**
   * Sets the given settings (set-to-value, so safe to retry): at least one field; `allowMergeCommit` and
   * `allowSquashMerge` together with one of them true. The forge applies the groups in a fixed order and not
   * atomically, so a refused later group leaves the earlier ones applied.
   */
  update(settings: RepoSettingsParams, options?: CallOptions) {
    return forgeCall(this.#context, () => ({
      route: "updateRepoSettings",
      operation: "repo.update",
      repository: this.#repo,
      body: assertRepoSettings(settings, "repo.update"),
      schema: RepositorySchema,
      options,
    }));
  }
}

/** The three operations of a grants collection and where it lives. */
export interface GrantsTarget<Params> {
  /** Operation-name prefix, e.g. `repo.grants`. */
  operation: string;
  routes: { list: ForgeRouteName; upsert: ForgeRouteName; delete: ForgeRouteName };
  repository?: ForgeRepoRef | undefined;
  pathParams?: Record<string, string> | undefined;
  /** Checks an upsert body before the network. */
  assertGrant: (input: unknown, context: string) => Params;
}

/**
 * A grants collection (a repository's direct grants, or an owner's): list, upsert by principal, delete by
 * principal (idempotent: deleting a grant that is not there succeeds).
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class GrantsResource<Params, Grant> {
  readonly #context: ForgeContext;
  readonly #target: GrantsTarget<Params>;
  readonly #listSchema: v.GenericSchema<unknown, { grants: Grant[] }>;
  readonly #grantSchema: v.GenericSchema<unknown, Grant>;

  constructor(
    context: ForgeContext,
    target: GrantsTarget<Params>,
    schemas: { list: v.GenericSchema<unknown, { grants: Grant[] }>; grant: v.GenericSchema<unknown, Grant> },
  ) {
    // Built by `forge.repo(…).grants` and `forge.owner(…).grants`, never by hand.
    requireClientContext(context, "GrantsResource");
    if (typeof schemas !== "object" || schemas === null || typeof target !== "object" || target === null)
      throw argumentError(
        target,
        "target",
        "GrantsResource",
        "built by `forge.repo(…).grants` or `forge.owner(…).grants`",
      );
    this.#context = context;
    this.#target = target;
    this.#listSchema = schemas.list;
    this.#grantSchema = schemas.grant;
  }

  /** Every grant: `await` → first page, `for await` → every grant. */
  list(params: { pageSize?: number } = {}, options?: CallOptions): PagePromise<Grant, ForgePage<Grant>> {
    const operation = `${this.#target.operation}.list`;
    return forgeList(
      this.#context,
      () => ({
        route: this.#target.routes.list,
        operation,
        repository: this.#target.repository,
        ...(this.#target.pathParams ? { pathParams: this.#target.pathParams } : {}),
        query: { ...assertPageQuery(params, operation) },
        schema: this.#listSchema,
        options,
      }),
      (page) => page.grants,
    );
  }

  /** Grants `permission` to exactly one of `user`, `group`, `teamGroup`, replacing the principal's grant if any. */
  upsert(grant: Params, options?: CallOptions) {
    const operation = `${this.#target.operation}.upsert`;
    return forgeCall(this.#context, () => ({
      route: this.#target.routes.upsert,
      operation,
      repository: this.#target.repository,
      ...(this.#target.pathParams ? { pathParams: this.#target.pathParams } : {}),
      body: this.#target.assertGrant(grant, operation),
      schema: this.#grantSchema,
      options,
    }));
  }

  /** Removes the grant of exactly one of `user`, `group`, `teamGroup` (204; repeating it succeeds). */
  delete(principal: GrantSelector, options?: CallOptions) {
    const operation = `${this.#target.operation}.delete`;
    return forgeCall(this.#context, () => ({
      route: this.#target.routes.delete,
      operation,
      repository: this.#target.repository,
      ...(this.#target.pathParams ? { pathParams: this.#target.pathParams } : {}),
      body: checkRequest(GrantSelectorSchema, principal, operation),
      schema: undefined,
      options,
    }));
  }
}

/** A repository's direct grants (permission read, write or admin). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type RepoGrantsResource = GrantsResource<RepoGrantParams, RepoGrant>;

/** The direct grants of one repository. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function repoGrants(context: ForgeContext, repo: ForgeRepoRef): RepoGrantsResource {
  return new GrantsResource(
    context,
    {
      operation: "repo.grants",
      routes: { list: "listRepoGrants", upsert: "upsertRepoGrant", delete: "deleteRepoGrant" },
      repository: repo,
      assertGrant: assertRepoGrant,
    },
    { list: RepoGrantsListSchema, grant: RepoGrantSchema },
  );
}
