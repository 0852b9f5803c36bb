import { verifyAppJwt } from "./app-jwt.js";
import { ForgeFailure, unauthenticated } from "./errors.js";
import type { ResolvedForgeOptions } from "./options.js";
import type { ForgeApp, ForgeInstallation, ForgeState, InstallationToken } from "./state.js";

/** Who made a forge request. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Credentials) */
export type ForgePrincipal =
  | { kind: "app"; app: ForgeApp; jwtExpiresAt: number }
  | { kind: "installation"; token: InstallationToken; installation: ForgeInstallation }
  | { kind: "user"; userId: string; scopes: readonly string[] };

/** The kinds of credential a route may accept (the spec's `tokenTypes`). */
export type PrincipalKind = ForgePrincipal["kind"];

const KIND_NAMES: Record<PrincipalKind, string> = {
  app: "an app JWT",
  installation: "an installation access token",
  user: "a user access token",
};

/** The rate-limit principal key and budget of a caller. */
export function principalKey(principal: ForgePrincipal): string {
  if (principal.kind === "app") return `app:${principal.app.id}`;
  if (principal.kind === "installation") return `installation:${principal.installation.id}`;
  return `user:${principal.userId}`;
}

/** The budget of a principal per rolling minute. */
export function principalBudget(principal: ForgePrincipal, options: ResolvedForgeOptions): number {
  return options.rateLimits[principal.kind];
}

function bearer(request: Request): string {
  const header = request.headers.get("authorization");
  if (header === null) throw unauthenticated("Send `Authorization: Bearer <app JWT or installation token>`.");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthenticated("The Authorization header must use the Bearer scheme.");
  return match[1] as string;
}

function installationPrincipal(secret: string, state: ForgeState, now: number): ForgePrincipal {
  const token = state.tokens.get(secret);
  if (!token) throw unauthenticated("The installation token is unknown or was revoked; mint a new one.");
  const installation = state.installations.get(token.installationId);
  if (!installation)
    throw unauthenticated("The installation of this token was removed; a new installation is required.");
  if (now >= token.expiresAt) throw unauthenticated("The installation token has expired; mint a new one.");
  if (installation.suspendedAt !== undefined)
    throw new ForgeFailure("PermissionDenied", `Installation ${installation.id} is suspended.`);
  return { kind: "installation", token, installation };
}

/**
 * The kind of credential a request carries, read from its form only (no verification): what an injected 429
 * needs to advertise that principal's budget. `undefined` without a Bearer credential.
 */
export function credentialKind(request: Request, options: ResolvedForgeOptions): PrincipalKind | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  const secret = match?.[1];
  if (secret === undefined) return undefined;
  if (secret.startsWith("oit_")) return "installation";
  if (options.userTokens.some((entry) => entry.token === secret)) return "user";
  return secret.split(".").length === 3 ? "app" : undefined;
}

/** Resolves the caller from `Authorization`, or throws Unauthenticated (never naming the secret). */
export async function authenticateForge(
  request: Request,
  state: ForgeState,
  options: ResolvedForgeOptions,
  now: number,
): Promise<ForgePrincipal> {
  const secret = bearer(request);
  if (secret.startsWith("oit_")) return installationPrincipal(secret, state, now);
  const user = options.userTokens.find((entry) => entry.token === secret);
  if (user) return { kind: "user", userId: user.userId, scopes: user.scopes };
  if (secret.split(".").length === 3) {
    const { app, expiresAt } = await verifyAppJwt(secret, state, now);
    return { kind: "app", app, jwtExpiresAt: expiresAt };
  }
  throw unauthenticated("The bearer token is neither an app JWT, an installation token (oit_) nor a user token.");
}

/** Refuses a valid credential of a kind the operation does not accept (PermissionDenied, not charged). */
export function requireKind(principal: ForgePrincipal, accepted: readonly PrincipalKind[], operation: string): void {
  if (accepted.includes(principal.kind)) return;
  const wanted = accepted.map((kind) => KIND_NAMES[kind]).join(" or ");
  throw new ForgeFailure(
    "PermissionDenied",
    `${operation} needs ${wanted}; the request carried ${KIND_NAMES[principal.kind]}.`,
  );
}
