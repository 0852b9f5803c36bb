import type { ApiPromise } from "../core/api-promise.js";
import {
  checkedClock,
  checkOptions,
  FUNCTION_OPTION,
  hasMethods,
  isFunction,
  isObject,
  requestObject,
  requireOptions,
} from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import { checkCredentialText } from "../core/header-values.js";
import { callOperation, listOperation } from "../core/operation.js";
import type { BaseClientOptions, CallOptions } from "../core/options.js";
import type { CursorPage, PagePromise } from "../core/pagination.js";
import { requireSegment } from "../core/paths.js";
import { type ForgeContext, type ForgeCredential, type ForgePoints, forgeContext } from "./forge-context.js";
import type { ForgeOutput, ForgeRoutesOverride } from "./operations.js";
import { OwnerClient } from "./owner-client.js";
import { type ForgeRawRequest, forgeRequest } from "./raw-request.js";
import { RepoClient } from "./repo-client.js";
import { checkRepoRef } from "./repo-ref.js";
import { AppsResource } from "./resources/apps.js";
import { NamespaceClient } from "./resources/namespaces.js";
import type { RepositorySummary } from "./schemas/auth.js";

/** What a points budget must do (the methods the forge policy calls). */
const BUDGET_METHODS = ["acquire", "observe", "penalize"];

export { FORGE_PREFIX, type ForgeCredential, type ForgePoints } from "./forge-context.js";

/** Options of {@link ForgeClient}: a user token, or (from `ForgeApp.installation()`) a refreshing credential. */
export type ForgeClientOptions = BaseClientOptions &
  ({ token: string } | { credential: ForgeCredential }) & {
    points?: ForgePoints | undefined;
    /** Method/path overrides by operation name (`{ "pulls.merge": { path } }`); the paths the spec does not show are assumed. */
    routes?: ForgeRoutesOverride | undefined;
  };

const CREDENTIAL_KINDS: ReadonlySet<unknown> = new Set(["app", "installation", "user"]);

/** The credential of the options: a user token, or a refreshing credential; else an `invalid_option`. */
function credentialOf(options: ForgeClientOptions): ForgeCredential {
  if ("credential" in options) {
    if (typeof options.credential?.token !== "function") {
      throw new AgentlineError("`credential` must be `{ token: () => Promise<string> }`; or pass `token` instead.", {
        code: "invalid_option",
      });
    }
    checkOptions(options.credential, "options.credential", {
      refresh: FUNCTION_OPTION,
      secrets: FUNCTION_OPTION,
      kind: [(kind) => CREDENTIAL_KINDS.has(kind), "`app`, `installation` or `user`"],
    });
    return options.credential;
  }
  const { token } = options as { token?: unknown };
  // A `token` may be a user token or an installation token minted elsewhere: its kind is unknown, so no route is
  // refused for it here (the forge answers 401/403).
  if (typeof token === "string" && token !== "") {
    checkCredentialText(token, "token");
    return { token: async () => token, secrets: () => [token] };
  }
  throw new AgentlineError("`token` is required: pass a user token, or use `ForgeApp.installation()` for an app.", {
    code: "invalid_option",
  });
}

/**
 * A Code Forge client for one credential: an installation (from `ForgeApp.installation()`, minting and
 * refreshing its own token) or a user token (`new ForgeClient({ token, baseUrl })`).
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints)
 */
export class ForgeClient {
  readonly #context: ForgeContext;
  readonly #now: () => number;
  /** Apps by id and their signing keys (user credential). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
  readonly apps: AppsResource;
  readonly installationRepos: {
    /** The repositories the installation reaches (mirrors included), filtered by a substring or `owner/repo`. */
    list(
      params?: { filter?: string; pageSize?: number },
      options?: CallOptions,
    ): PagePromise<RepositorySummary, CursorPage<RepositorySummary>>;
  };

  constructor(given: ForgeClientOptions) {
    const options = requireOptions<ForgeClientOptions>(given, "ForgeClient", "`{ token, baseUrl }`");
    const credential = credentialOf(options);
    checkOptions(options, "options", {
      points: [
        (points) => isObject(points) && hasMethods(...BUDGET_METHODS)(points.budget) && isFunction(points.principal),
        "`{ budget: ForgePointsBudget, principal: () => Promise<ForgePrincipal> }`",
      ],
    });
    const context = forgeContext(options, credential, options.points, "ForgeClient");
    this.#context = context;
    this.#now = checkedClock(options.now);
    this.apps = new AppsResource(context);
    this.installationRepos = {
      list: (params = {}, callOptions) =>
        listOperation(context, "installationRepos.list", () => ({
          query: requestObject(params, "params", "installationRepos.list"),
          options: callOptions,
        })),
    };
  }

  /** One owner namespace: its apps, repositories and installations (user credential). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
  namespace(slug: string): NamespaceClient {
    return new NamespaceClient(this.#context, requireSegment(slug, "namespaceSlug", "namespace"));
  }

  /** One owner namespace by slug: its grants (namespace:settings:read / :write). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
  owner(slug: string): OwnerClient {
    return new OwnerClient(this.#context, slug);
  }

  /** One repository, by `owner` and `name`, or `{ id }` (the `_/{repoId}` form). */
  repo(owner: string, name: string): RepoClient;
  repo(ref: { id: string }): RepoClient;
  repo(ownerOrRef: string | { id: string }, name?: string): RepoClient {
    // Checked here, so a bad reference fails at `forge.repo(…)`, before any resource could send a request.
    const ref = checkRepoRef(
      typeof ownerOrRef === "object" && ownerOrRef !== null ? ownerOrRef : { owner: ownerOrRef, repo: name },
      "repo",
    );
    return new RepoClient(this.#context, ref, this.#now);
  }

  /**
   * Any forge operation, typed by you: `request<T>({ method, path, query, body, schema, points })` with this client's
   * credential, points budget, retries, errors and logs. `path` is below the forge prefix (`/repos/acme/widgets`).
   */
  request<T = unknown>(request: ForgeRawRequest<T>): ApiPromise<T> {
    return forgeRequest(this.#context, request);
  }

  /** The credential's points budget (costs 0). */
  rateLimit(options?: CallOptions): ApiPromise<ForgeOutput<"rateLimit">> {
    return callOperation(this.#context, "rateLimit", { options });
  }
}
