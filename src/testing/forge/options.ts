import { fakeOptionError } from "../argument-errors.js";
import { installationScopes } from "./scopes.js";

/** An app to seed. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § App) */
export interface ForgeAppOptions {
  /** Default `app_` plus random hex. */
  appId?: string;
  /** A PEM SPKI Ed25519 public key registered as the app's first signing key. Default none. */
  publicKeyPem?: string;
  /** Default empty (no webhook deliveries). */
  webhookUrl?: string;
  displayName?: string;
}

/** An installation to seed. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Installation) */
export interface ForgeInstallationOptions {
  /** Default `inst_` plus random hex. */
  id?: string;
  /** Default: the first app. */
  appId?: string;
  /** The owner namespace; it must be the seeded one. Default that namespace. */
  targetSlug?: string;
  /** Approved scopes (repository:metadata:read is added). Default `DEFAULT_INSTALLATION_SCOPES`. */
  scopes?: string[];
  /** Default `all`. */
  repoSelectionMode?: "all" | "selected";
  /** With `selected`: the chosen repository ids. Default the first two repositories. */
  repositoryIds?: string[];
}

/** A user access token the fake accepts (app management routes). */
export interface ForgeUserToken {
  token: string;
  /** Default `user_0001`. */
  userId?: string;
  /** Default `["app:settings:write", "namespace:apps:read"]`. */
  scopes?: string[];
}

/** Points per rolling minute per principal. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Rate limits (points per rolling minute, per authenticated principal)) */
export interface ForgeRateLimits {
  installation?: number;
  app?: number;
  user?: number;
}

/** The `forge` option of `createFakeService`: the seeded Code Forge. */
export interface ForgeOptions {
  /** Apps to seed; each gets one installation unless `installations` is given. Default none. */
  apps?: ForgeAppOptions[];
  /** Installations to seed (replaces the one-per-app default). */
  installations?: ForgeInstallationOptions[];
  /** How many repositories the seeded namespace has (the last default one is a mirror). Default 5. */
  repositories?: number;
  /** The seeded owner namespace. Default `{ slug: "acme", type: "team" }`. */
  owner?: { slug?: string; type?: "team" | "user" };
  /** Upper bound of installation token lifetimes. Default 900 (15 minutes, the spec's maximum). */
  tokenLifetimeSeconds?: number;
  /** Accepted user access tokens. Default one, `"forge-user-token"`. */
  userTokens?: ForgeUserToken[];
  /** Budgets per rolling minute. Default installation 3000, app 6000, user 600. */
  rateLimits?: ForgeRateLimits;
}

/** Scopes of a seeded installation when none are given. */
export const DEFAULT_INSTALLATION_SCOPES: readonly string[] = [
  "repository:contents:read",
  "repository:pull_requests:write",
  "repository:checks:write",
];

/** {@link ForgeOptions} with defaults filled in. */
export interface ResolvedForgeOptions {
  apps: readonly ForgeAppOptions[];
  installations: readonly ForgeInstallationOptions[] | undefined;
  repositories: number;
  owner: { slug: string; type: "team" | "user" };
  tokenLifetimeSeconds: number;
  userTokens: ReadonlyArray<Required<ForgeUserToken>>;
  rateLimits: Required<ForgeRateLimits>;
}

function positiveInteger(value: number | undefined, fallback: number, name: string, max = Number.MAX_SAFE_INTEGER) {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw fakeOptionError(`\`options.forge.${name}\` must be an integer from 1 to ${max}.`);
  return value;
}

/** Fills in defaults and checks what would otherwise fail confusingly later. */
export function resolveForgeOptions(options: ForgeOptions = {}): ResolvedForgeOptions {
  for (const installation of options.installations ?? []) installationScopes(installation.scopes ?? []);
  const userTokens = (options.userTokens ?? [{ token: "forge-user-token" }]).map((user) => {
    if (typeof user.token !== "string" || user.token === "" || /\s/.test(user.token) || user.token.startsWith("oit_"))
      throw fakeOptionError(
        "every `options.forge.userTokens[].token` must be a non-empty string without spaces or the oit_ prefix.",
      );
    return {
      token: user.token,
      userId: user.userId ?? "user_0001",
      scopes: user.scopes ?? ["app:settings:write", "namespace:apps:read"],
    };
  });
  return {
    apps: options.apps ?? [],
    installations: options.installations,
    repositories: positiveInteger(options.repositories, 5, "repositories", 10_000),
    owner: { slug: options.owner?.slug ?? "acme", type: options.owner?.type ?? "team" },
    tokenLifetimeSeconds: positiveInteger(options.tokenLifetimeSeconds, 900, "tokenLifetimeSeconds", 900),
    userTokens,
    rateLimits: {
      installation: positiveInteger(options.rateLimits?.installation, 3000, "rateLimits.installation"),
      app: positiveInteger(options.rateLimits?.app, 6000, "rateLimits.app"),
      user: positiveInteger(options.rateLimits?.user, 600, "rateLimits.user"),
    },
  };
}
