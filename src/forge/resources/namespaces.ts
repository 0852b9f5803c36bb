import { requireClientContext } from "../../core/arguments.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { ForgeContext } from "../forge-context.js";
import type { CreateAppParams } from "../schemas/app-requests.js";
import type { CreateRepoParams } from "../schemas/namespace.js";

/** A namespace's apps: create (user credential) and list display metadata. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class NamespaceAppsResource {
  readonly #context: ForgeContext;
  readonly #slug: string;
  constructor(context: ForgeContext, slug: string) {
    requireClientContext(context, "NamespaceAppsResource");
    this.#context = context;
    this.#slug = slug;
  }

  /**
   * Creates an app, private to the namespace, with its first signing key (`publicKey`, PEM SPKI; a private
   * key is refused before it leaves). Lists are plain arrays here. Needs namespace:apps:create; costs 10;
   * an ineligible namespace owner answers 400 FailedPrecondition.
   */
  create(app: CreateAppParams, options?: CallOptions) {
    return callOperation(this.#context, "namespace.apps.create", {
      params: { namespaceSlug: this.#slug },
      body: app,
      options,
    });
  }

  /** The namespace's apps, newest first, as display metadata (`id`, `displayName`, `description`); needs namespace:apps:read. */
  list(params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "namespace.apps.list", {
      params: { namespaceSlug: this.#slug },
      query: params,
      options,
    });
  }
}

/** A namespace's repositories (Create Repo and List Repos: paths assumed). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class NamespaceReposResource {
  readonly #context: ForgeContext;
  readonly #slug: string;
  constructor(context: ForgeContext, slug: string) {
    requireClientContext(context, "NamespaceReposResource");
    this.#context = context;
    this.#slug = slug;
  }

  /**
   * Creates a native repository (needs namespace:repositories:create; costs 10). Name rules are checked
   * first; a name already taken (case-insensitively) answers 409, an ineligible owner 400 FailedPrecondition.
   */
  create(repo: CreateRepoParams, options?: CallOptions) {
    return callOperation(this.#context, "namespace.repos.create", {
      params: { namespaceSlug: this.#slug },
      body: repo,
      options,
    });
  }

  /** The namespace's repositories the credential reaches: `await` → first page, `for await` → each one. */
  list(params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "namespace.repos.list", {
      params: { namespaceSlug: this.#slug },
      query: params,
      options,
    });
  }
}

/** Installations on a namespace, changed by a namespace admin's user credential. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export class NamespaceInstallationsResource {
  readonly #context: ForgeContext;
  readonly #slug: string;
  constructor(context: ForgeContext, slug: string) {
    requireClientContext(context, "NamespaceInstallationsResource");
    this.#context = context;
    this.#slug = slug;
  }

  /**
   * Adds repositories to a `selected` installation: a union with the current selection, scopes unchanged
   * (needs namespace:installations:write; costs 5). Repositories outside the namespace, an installation
   * covering all repositories, or a suspended one: 400 FailedPrecondition. Answers the installation.
   */
  addRepos(installationId: string, repositoryIds: string[], options?: CallOptions) {
    return callOperation(this.#context, "namespace.installations.addRepos", {
      params: { namespaceSlug: this.#slug, installationId },
      body: { repoIds: repositoryIds },
      options,
    });
  }
}

/**
 * One owner namespace (team or user) seen with a user credential: its apps, repositories and
 * installations. From `forge.namespace(slug)`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class NamespaceClient {
  /** The namespace slug as given (paths match it case-insensitively). */
  readonly slug: string;
  readonly apps: NamespaceAppsResource;
  readonly repos: NamespaceReposResource;
  readonly installations: NamespaceInstallationsResource;
  constructor(context: ForgeContext, slug: string) {
    requireClientContext(context, "NamespaceClient");
    this.slug = slug;
    this.apps = new NamespaceAppsResource(context, slug);
    this.repos = new NamespaceReposResource(context, slug);
    this.installations = new NamespaceInstallationsResource(context, slug);
  }
}
