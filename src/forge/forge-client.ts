import { ApiPromise } from "../core/api-promise.js";
import { requestObject, requireOptions } from "../core/arguments.js";
import { AgentlineError, AuthenticationError, RateLimitError } from "../core/errors.js";
import { KnownSecrets } from "../core/known-secrets.js";
import type { BaseClientOptions, CallOptions } from "../core/options.js";
import { PagePromise } from "../core/pagination.js";
import { requireSegment } from "../core/paths.js";
import { parseResponse } from "../core/schema.js";
import { type RequestSpec, Transport } from "../core/transport.js";
import { WAIT_EXCEEDS_CAP } from "../core/wait.js";
import { type ForgeContext, refuseWrongCredential } from "./forge-call.js";
import { OwnerClient } from "./owner-client.js";
import type { ForgePointsBudget, ForgePointsCost, ForgePrincipal } from "./points-budget.js";
import { type ForgeRawRequest, forgeRequest } from "./raw-request.js";
import { RepoClient } from "./repo-client.js";
import { AppsResource } from "./resources/apps.js";
import { NamespaceClient } from "./resources/namespaces.js";
import type { ForgeCredentialKind } from "./routes/route.js";
import { checkRepoRef, type ForgeRoutesOverride, resolveForgeRoutes } from "./routes.js";
import {
  InstallationReposPageSchema,
  type RateLimitResponse,
  RateLimitResponseSchema,
  type RepositorySummary,
} from "./schemas/auth.js";
import { assertPageQuery } from "./validate.js";

/** A points budget and the principal whose points a requester spends. */
export interface ForgePoints {
  budget: ForgePointsBudget;
  principal: () => Promise<ForgePrincipal>;
}

/** The forge lives under `{base}/v1/forge`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API) */
export const FORGE_PREFIX = "/v1/forge";

/** Where a forge client's bearer credential comes from, and what to do when the forge refuses it. */
export interface ForgeCredential {
  /** The bearer value (an app JWT, an installation token or a user token). */
  token: () => Promise<string>;
  /** Drops a refused credential so the next `token()` gets a fresh one; `false` when there is none to get. */
  refresh?: () => Promise<boolean>;
  /** The other secrets behind the credential (the app's private key, the JWTs that minted tokens), for redaction. */
  secrets?: () => readonly string[];
  /**
   * What the credential is, when known: an operation whose route does not accept it is then refused before the
   * network (`wrong_credential`) rather than answered 401/403 by the forge.
   */
  kind?: ForgeCredentialKind | undefined;
}

/** A forge page mapped onto the SDK's cursor pages (`nextPageToken` is empty on the last page). */
export interface ForgePage<Item> {
  items: Item[];
  nextCursor?: string | undefined;
}

/**
 * Sends forge requests: bearer auth, an `x-request-id` per call, RPC error bodies, and one retry with
 * a fresh credential when the forge answers 401 (an installation token revoked or expired early).
 */
export class ForgeRequester {
  readonly transport: Transport;
  readonly #credential: ForgeCredential;
  readonly #points: ForgePoints | undefined;

  /** The credential's kind, when known (see {@link ForgeCredential.kind}). */
  get credentialKind(): ForgeCredentialKind | undefined {
    return this.#credential.kind;
  }

  constructor(options: BaseClientOptions, credential: ForgeCredential, points?: ForgePoints) {
    // Every token this requester sent, not only the current one: an answer may echo the one before a refresh.
    const sent = new KnownSecrets();
    this.#credential = credential;
    this.#points = points;
    this.transport = new Transport(options, {
      authorization: async () => `Bearer ${sent.remember(await credential.token())}`,
      secrets: () => [...sent.list(), ...(credential.secrets?.() ?? [])],
    });
  }

  /**
   * One operation under the forge prefix. With a points budget and a `route`, every attempt first
   * spends the route's points (waiting rather than meeting a 429), and every answer is reconciled
   * with the server's `X-RateLimit-*` headers.
   */
  async send<T>(
    spec: RequestSpec<T> & { route?: ForgePointsCost | undefined },
  ): Promise<{ data: T; response: Response; requestId: string | undefined }> {
    const headers = { "x-request-id": crypto.randomUUID(), ...spec.options?.headers };
    const points = this.#points;
    const route = spec.route;
    const request: RequestSpec<T> = {
      ...spec,
      path: FORGE_PREFIX + spec.path,
      options: { ...spec.options, headers },
      // A 429 blocks the principal when it arrives, before this call's own retry wait (which then covers it).
      beforeRetryWait:
        points && route !== undefined
          ? async (error) => {
              if (error instanceof RateLimitError)
                await points.budget.penalize(await points.principal(), error.retryAfterMs);
            }
          : undefined,
      beforeAttempt:
        points && route !== undefined
          ? async (_attempt, _previousError, signal) => {
              const maxWaitMs = this.transport.retrySettings.maxRetryAfterMs;
              await points.budget.acquire(await points.principal(), route, { signal, maxWaitMs });
            }
          : undefined,
    };
    try {
      const result = await this.#attempt(request);
      if (points) await points.budget.observe(await points.principal(), result.response);
      return result;
    } catch (error) {
      // The budget's own refusal (a block longer than the cap) is not a new 429: it changes nothing.
      if (points && error instanceof RateLimitError && error.code !== WAIT_EXCEEDS_CAP) {
        await points.budget.penalize(await points.principal(), error.retryAfterMs);
      }
      throw error;
    }
  }

  async #attempt<T>(request: RequestSpec<T>): Promise<{ data: T; response: Response; requestId: string | undefined }> {
    try {
      return await this.transport.request(request);
    } catch (error) {
      if (error instanceof AuthenticationError && this.#credential.refresh && (await this.#credential.refresh())) {
        return this.transport.request(request);
      }
      throw error;
    }
  }
}

/** Options of {@link ForgeClient}: a user token, or (from `ForgeApp.installation()`) a refreshing credential. */
export type ForgeClientOptions = BaseClientOptions &
  ({ token: string } | { credential: ForgeCredential }) & {
    points?: ForgePoints | undefined;
    /** Overrides of the routes table (the paths the spec does not show are assumed). */
    routes?: ForgeRoutesOverride | undefined;
  };

/** The credential of the options: a user token, or a refreshing credential; else an `invalid_option`. */
function credentialOf(options: ForgeClientOptions): ForgeCredential {
  if ("credential" in options) {
    if (typeof options.credential?.token === "function") return options.credential;
    throw new AgentlineError("`credential` must be `{ token: () => Promise<string> }`; or pass `token` instead.", {
      code: "invalid_option",
    });
  }
  const { token } = options as { token?: unknown };
  // A `token` may be a user token or an installation token minted elsewhere: its kind is unknown, so no route is
  // refused for it here (the forge answers 401/403).
  if (typeof token === "string" && token !== "") return { token: async () => token, secrets: () => [token] };
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
  readonly #requester: ForgeRequester;
  readonly #context: ForgeContext;
  readonly #now: () => number;
  /** Apps by id and their signing keys (user credential). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
  readonly apps: AppsResource;
  readonly installationRepos: {
    /** The repositories the installation reaches (mirrors included), filtered by a substring or `owner/repo`. */
    list(
      params?: { filter?: string; pageSize?: number },
      options?: CallOptions,
    ): PagePromise<RepositorySummary, ForgePage<RepositorySummary>>;
  };

  constructor(options: ForgeClientOptions) {
    const credential = credentialOf(requireOptions(options, "ForgeClient", "`{ token, baseUrl }`"));
    this.#requester = new ForgeRequester(options, credential, options.points);
    this.#context = { requester: this.#requester, routes: resolveForgeRoutes(options.routes) };
    this.#now = options.now ?? Date.now;
    this.apps = new AppsResource(this.#context);
    const requester = this.#requester;
    const routes = this.#context.routes;
    this.installationRepos = {
      list: (params = {}, callOptions) =>
        new PagePromise(async (cursor) => {
          requestObject(params, "params", "installationRepos.list");
          refuseWrongCredential(routes.listInstallationRepos, requester.credentialKind, "installationRepos.list");
          const result = await requester.send({
            operation: "installationRepos.list",
            route: "listInstallationRepos",
            method: "GET",
            path: "/installation/repos",
            query: {
              filter: params.filter,
              ...assertPageQuery({ pageSize: params.pageSize }, "installationRepos.list"),
              pageToken: cursor,
            },
            options: callOptions,
            parse: (json) => parseResponse(InstallationReposPageSchema, json, "installationRepos.list"),
          });
          const page = result.data;
          return { ...result, data: { items: page.repositories, nextCursor: page.nextPageToken || undefined } };
        }),
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
    return forgeRequest(this.#requester, this.#context.routes, request);
  }

  /** The credential's points budget (costs 0). */
  rateLimit(options?: CallOptions): ApiPromise<RateLimitResponse> {
    return ApiPromise.from(() =>
      this.#requester.send({
        operation: "rateLimit",
        route: "rateLimit",
        method: "GET",
        path: "/rate_limit",
        options,
        parse: (json) => parseResponse(RateLimitResponseSchema, json, "rateLimit"),
      }),
    );
  }
}
