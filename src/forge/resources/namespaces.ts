import { requireClientContext } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireSegment } from "../../core/paths.js";
import { checkRequest } from "../../core/schema.js";
import { type ForgeContext, forgeCall, forgeList } from "../forge-call.js";
import type { CreateAppParams } from "../schemas/app-requests.js";
import { AppSchema, InstallationSchema } from "../schemas/auth.js";
import {
  AddInstallationReposSchema,
  type CreateRepoParams,
  CreateRepoSchema,
  NamespaceAppsPageSchema,
  RepositorySchema,
  ReposPageSchema,
} from "../schemas/namespace.js";
import { assertPageQuery } from "../validate.js";
import { assertCreateApp } from "../validate-apps.js";

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
    return forgeCall(this.#context, () => ({
      route: "createNamespaceApp",
      operation: "namespace.apps.create",
      pathParams: { namespaceSlug: requireSegment(this.#slug, "namespaceSlug", "namespace.apps.create") },
      body: assertCreateApp(app, "namespace.apps.create"),
      schema: AppSchema,
      options,
    }));
  }

  /** The namespace's apps, newest first, as display metadata (`id`, `displayName`, `description`); needs namespace:apps:read. */
  list(params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listNamespaceApps",
        operation: "namespace.apps.list",
        pathParams: { namespaceSlug: requireSegment(this.#slug, "namespaceSlug", "namespace.apps.list") },
        query: { ...assertPageQuery(params, "namespace.apps.list") },
        schema: NamespaceAppsPageSchema,
        options,
      }),
      (page) => page.apps,
    );
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
    return forgeCall(this.#context, () => ({
      route: "createRepo",
      operation: "namespace.repos.create",
      pathParams: { namespaceSlug: requireSegment(this.#slug, "namespaceSlug", "namespace.repos.create") },
      body: checkRequest(CreateRepoSchema, repo, "namespace.repos.create"),
      schema: RepositorySchema,
      options,
    }));
  }

  /** The namespace's repositories the credential reaches: `await` → first page, `for await` → each one. */
  list(params: { pageSize?: number } = {}, options?: CallOptions) {
    return forgeList(
      this.#context,
      () => ({
        route: "listRepos",
        operation: "namespace.repos.list",
        pathParams: { namespaceSlug: requireSegment(this.#slug, "namespaceSlug", "namespace.repos.list") },
        query: { ...assertPageQuery(params, "namespace.repos.list") },
        schema: ReposPageSchema,
        options,
      }),
      (page) => page.repositories,
    );
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
    const operation = "namespace.installations.addRepos";
    return forgeCall(this.#context, () => ({
      route: "addInstallationRepos",
      operation,
      pathParams: {
        namespaceSlug: requireSegment(this.#slug, "namespaceSlug", operation),
        installationId: requireSegment(installationId, "installationId", operation),
      },
      body: checkRequest(AddInstallationReposSchema, { repoIds: repositoryIds }, operation),
      schema: InstallationSchema,
      options,
    }));
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
