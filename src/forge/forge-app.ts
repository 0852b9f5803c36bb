import type { ApiPromise } from "../core/api-promise.js";
import {
  checkedClock,
  checkOptions,
  hasMethods,
  numberOption,
  requestObject,
  requireOptions,
} from "../core/arguments.js";
import { refuseKeyInBrowser } from "../core/browser-key.js";
import { checkCallOptions } from "../core/client-option-checks.js";
import type { CryptoKey } from "../core/crypto-key.js";
import { AbortError, AgentlineError, ApiError, AuthenticationError, NotFoundError } from "../core/errors.js";
import { KnownSecrets } from "../core/known-secrets.js";
import { callOperation, listOperation, sendOperation } from "../core/operation.js";
import type { BaseClientOptions, BrowserKeyOptions, CallOptions } from "../core/options.js";
import type { CursorPage, PagePromise } from "../core/pagination.js";
import { requireSegment } from "../core/paths.js";
import { APP_JWT_TTL_SECONDS, AppJwtSource } from "./app-jwt.js";
import { parseRfc3339 } from "./check-runs/timestamps.js";
import { ForgeClient } from "./forge-client.js";
import { type ForgeContext, type ForgePoints, forgeContext } from "./forge-context.js";
import {
  createInstallationConsent,
  type InstallationConsent,
  type InstallationConsentOptions,
} from "./installation-consent.js";
import {
  checkNarrowing,
  type InstallationToken,
  InstallationTokens,
  type TokenCache,
  type TokenNarrowing,
} from "./installation-tokens.js";
import { importAppPrivateKey } from "./keys.js";
import type { ForgeOutput, ForgeRoutesOverride } from "./operations.js";
import { ForgePointsBudget, type ForgePrincipal } from "./points-budget.js";
import { type ForgeRawRequest, forgeRequest } from "./raw-request.js";
import { WebhooksResource } from "./resources/webhooks.js";
import type { Installation } from "./schemas/auth.js";

/** Options of {@link ForgeApp}. */
export interface ForgeAppOptions extends BaseClientOptions, BrowserKeyOptions {
  /** The app id (`app_…`): the JWT's `kid` and `iss`. */
  appId: string;
  /** The app's Ed25519 private key: PKCS#8 PEM, or a `CryptoKey`. Never logged. */
  privateKey: string | CryptoKey;
  /** Where minted installation tokens are kept (default: in memory); share one across instances. */
  tokenCache?: TokenCache | undefined;
  /**
   * Refresh a token this long before it expires (default 60 000 ms). At most 135 000 ms take effect: a token lives no
   * longer than the app JWT that minted it (270 s from the mint), and a larger margin would mint on every call.
   */
  tokenRefreshMarginMs?: number | undefined;
  /**
   * The client-side points budget (3,000 installation / 6,000 app points a minute, per-operation costs),
   * shared by this app and its installation clients; pass one to share it wider, or `false` to turn it off.
   */
  pointsBudget?: ForgePointsBudget | false | undefined;
  /** Method/path overrides by operation name (`{ installationToken: { path } }`); they apply to its installations too. */
  routes?: ForgeRoutesOverride | undefined;
}

/** Half the life of the longest token a mint can give (its app JWT's): a larger margin would leave no reuse. */
const MAX_TOKEN_REFRESH_MARGIN_MS = (APP_JWT_TTL_SECONDS * 1000) / 2;

/** The forge's address without any user or password it may carry (it names tokens in shared stores). */
function forgeAddress(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname}`;
  } catch {
    return baseUrl;
  }
}

/** Git over HTTPS credentials for an installation: Basic auth, username `x-access-token`. */
export interface GitCredentials {
  username: "x-access-token";
  password: string;
  expiresAt: number;
}

/**
 * A Code Forge app: signs Ed25519 app JWTs (jose, loaded on first use), reads the app and its installations, and mints,
 * caches and refreshes installation tokens.
 *
 * ```ts
 * const app = new ForgeApp({ appId, privateKey, baseUrl });
 * const forge = app.installation(installationId);   // a ForgeClient that refreshes its own token
 * for await (const repo of forge.installationRepos.list()) {}
 * ```
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Authentication)
 */
export class ForgeApp {
  readonly appId: string;
  readonly installations: {
    list(params?: { pageSize?: number }, options?: CallOptions): PagePromise<Installation, CursorPage<Installation>>;
    get(installationId: string, options?: CallOptions): ApiPromise<Installation>;
    delete(installationId: string, options?: CallOptions): ApiPromise<unknown>;
  };
  /** Webhook deliveries: list, redeliver, ping, recover (app JWT). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
  readonly webhooks: WebhooksResource;
  readonly #options: ForgeAppOptions;
  #jwts: Promise<AppJwtSource> | undefined;
  readonly #loadJwts: () => Promise<AppJwtSource>;
  /** The app's one context: every app call (the token mint included) goes through the table and the policy. */
  readonly #context: ForgeContext;
  readonly #tokens: InstallationTokens;
  readonly #budget: ForgePointsBudget | undefined;
  /** The private key, and the JWTs and installation tokens this app made: what its errors must never show. */
  readonly #secrets = new KnownSecrets();

  constructor(given: ForgeAppOptions) {
    const options = requireOptions<ForgeAppOptions>(given, "ForgeApp", "`{ appId, privateKey, baseUrl }`");
    if (typeof options.appId !== "string" || options.appId === "") {
      throw new AgentlineError("`appId` is required: the app's id (app_…).", { code: "invalid_option" });
    }
    refuseKeyInBrowser(options, "ForgeApp", "a private key");
    checkOptions(options, "options", {
      tokenCache: [hasMethods("get", "set", "delete"), "a TokenCache (get, set, delete)"],
      tokenRefreshMarginMs: numberOption(0, "ms"),
      pointsBudget: [
        (value) => value === false || hasMethods("acquire", "observe", "penalize")(value),
        "a ForgePointsBudget, or false",
      ],
    });
    this.appId = options.appId;
    this.#options = options;
    if (typeof options.privateKey === "string") this.#secrets.keep(options.privateKey);
    const now = checkedClock(options.now);
    // Imported once, lazily: a bad key rejects the first call with a ValidationError naming `privateKey`. A failed load
    // of jose is not kept: like the loader, the next call tries again (a bundle chunk that failed to download once).
    this.#loadJwts = () => {
      const jwts = Promise.resolve().then(
        async () => new AppJwtSource({ appId: options.appId, key: await importAppPrivateKey(options.privateKey), now }),
      );
      jwts.catch((error: unknown) => {
        if (error instanceof AgentlineError && error.code === "module_load_failed" && this.#jwts === jwts) {
          this.#jwts = undefined;
        }
      });
      return jwts;
    };
    this.#jwts = this.#loadJwts();
    this.#budget =
      options.pointsBudget === false
        ? undefined
        : (options.pointsBudget ?? new ForgePointsBudget({ now, ...(options.sleep ? { sleep: options.sleep } : {}) }));
    const context = forgeContext(
      options,
      { token: () => this.appJwt(), secrets: () => this.#secrets.list() },
      this.#points({ kind: "app", id: options.appId }),
      "ForgeApp",
    );
    this.#context = context;
    this.#tokens = new InstallationTokens({
      cache: options.tokenCache,
      now,
      refreshMarginMs: Math.min(options.tokenRefreshMarginMs ?? 60_000, MAX_TOKEN_REFRESH_MARGIN_MS),
      mint: (installationId, narrowing) => this.#mint(installationId, narrowing),
      owner: `${options.appId}@${forgeAddress(context.transport.baseUrl)}`,
    });
    this.webhooks = new WebhooksResource(context);
    this.installations = {
      list: (params = {}, callOptions) =>
        listOperation(context, "installations.list", () => ({
          query: requestObject(params, "params", "installations.list"),
          options: callOptions,
        })),
      get: (installationId, callOptions) =>
        callOperation(context, "installations.get", { params: { installationId }, options: callOptions }),
      delete: (installationId, callOptions) =>
        callOperation(context, "installations.delete", { params: { installationId }, options: callOptions }),
    };
  }

  /**
   * Any forge operation as the app (app JWT), typed by you: `request<T>({ method, path, query, body, schema, points })`
   * with the app's points budget, retries, errors and logs. `path` is below the forge prefix (`/app/installations`).
   */
  request<T = unknown>(request: ForgeRawRequest<T>): ApiPromise<T> {
    return forgeRequest(this.#context, request);
  }

  /** The app itself (GET /app with an app JWT). */
  getApp(options?: CallOptions): ApiPromise<ForgeOutput<"getApp">> {
    return callOperation(this.#context, "getApp", { options });
  }

  /** A signed app JWT (reused until about a minute before it expires). */
  async appJwt(): Promise<string> {
    return this.#secrets.remember(await (await this.#jwtSource()).get());
  }

  /**
   * An installation token, from the cache while it has more than the refresh margin left, else
   * minted (concurrent callers share one mint). `scopes` / `repositoryIds` may only narrow the grant. `options`
   * (`signal`, `timeoutMs`) bound this caller's wait; a shared mint goes on for the others.
   */
  async installationToken(
    installationId: string,
    narrowing: TokenNarrowing = {},
    options?: CallOptions,
  ): Promise<InstallationToken> {
    const id = requireSegment(installationId, "installationId", "installationToken");
    const narrowed = checkNarrowing(requestObject(narrowing, "narrowing", "installationToken"), "installationToken");
    if (options !== undefined) checkCallOptions(requestObject(options, "options", "installationToken"));
    if (options?.signal?.aborted) throw new AbortError(undefined, options.signal.reason);
    const timeoutMs = options?.timeoutMs ?? this.#context.transport.retrySettings.timeoutMs;
    return this.#tokens.get(id, narrowed, { signal: options?.signal, timeoutMs });
  }

  /** The installation consent address for this app and its fresh `state` (see {@link createInstallationConsent}). */
  installationConsent(options: Omit<InstallationConsentOptions, "clientId">): InstallationConsent {
    return createInstallationConsent({ ...options, clientId: this.appId });
  }

  /** A {@link ForgeClient} for one installation that mints, caches and refreshes its own token. */
  installation(installationId: string, narrowing: TokenNarrowing = {}): ForgeClient {
    const id = requireSegment(installationId, "installationId", "installation");
    const narrowed = checkNarrowing(requestObject(narrowing, "narrowing", "installation"), "installation");
    // Calls whose 401 came from the mint (its app JWT refused), not from the forge refusing a token: a refresh would
    // only mint again. Cleared by the next token obtained.
    let mintsRefused = 0;
    return new ForgeClient({
      ...this.#options,
      points: this.#points({ kind: "installation", id }),
      credential: {
        token: async (wait) => {
          try {
            const { token } = await this.#tokens.get(id, narrowed, wait);
            mintsRefused = 0;
            return this.#secrets.remember(token);
          } catch (error) {
            if (error instanceof AuthenticationError) mintsRefused++;
            throw error;
          }
        },
        refresh: async (refused) => {
          if (mintsRefused > 0) {
            mintsRefused--;
            return false;
          }
          await this.#tokens.invalidate(id, narrowed, refused);
          return true;
        },
        secrets: () => this.#secrets.list(),
        kind: "installation",
      },
    });
  }

  /** Git over HTTPS credentials for an installation (Basic auth; Bearer is rejected by Git). */
  async gitCredentials(
    installationId: string,
    narrowing: TokenNarrowing = {},
    options?: CallOptions,
  ): Promise<GitCredentials> {
    const { token, expiresAt } = await this.installationToken(installationId, narrowing, options);
    return { username: "x-access-token", password: token, expiresAt };
  }

  #jwtSource(): Promise<AppJwtSource> {
    this.#jwts ??= this.#loadJwts();
    return this.#jwts;
  }

  #points(principal: ForgePrincipal): ForgePoints | undefined {
    return this.#budget ? { budget: this.#budget, principal: async () => principal } : undefined;
  }

  // A fresh JWT for every mint: the forge caps a token's lifetime at the requesting JWT's `exp`.
  async #mint(installationId: string, narrowing: TokenNarrowing): Promise<InstallationToken> {
    // `fresh()` makes the new JWT the one the app's context sends next.
    this.#secrets.remember((await (await this.#jwtSource()).fresh()).jwt);
    try {
      const { data } = await sendOperation(this.#context, "installationToken", {
        params: { installationId },
        body: { scopes: narrowing.scopes ?? [], repositoryIds: narrowing.repositoryIds ?? [] },
      });
      return { token: this.#secrets.remember(data.token), expiresAt: parseRfc3339(data.expiresAt) as number };
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw error.withHint(
          `installation ${installationId} was deleted or is not visible to this app; a new installation is required`,
        );
      }
      if (error instanceof ApiError && error.code === "failed_precondition") {
        throw error.withHint(`installation ${installationId} cannot mint tokens (suspended?)`);
      }
      throw error;
    }
  }
}
