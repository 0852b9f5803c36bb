import { FORGE_USER_ONLY_SCOPES } from "../../forge/operations/entry.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { appInstallation } from "./app-routes.js";
import { randomHex } from "./encoding.js";
import { type FieldViolation, ForgeFailure, invalidArgument } from "./errors.js";
import { paginate } from "./pagination.js";
import { type FakeForgeContext, type FakeForgeRoute, principalOf } from "./route.js";
import { APP_SCOPES, grantsScope, METADATA_READ } from "./scopes.js";
import type { ForgeInstallation, ForgeRepository, ForgeState, InstallationToken } from "./state.js";
import { repositoryView } from "./views.js";

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
    throw invalidArgument(field, "must be an array of strings.");
  return value as string[];
}

function tokenRequest(context: FakeForgeContext): { scopes: string[]; repositoryIds: string[] } {
  const { body } = context;
  if (body.kind === "none") return { scopes: [], repositoryIds: [] };
  if (body.kind === "invalid") throw invalidArgument("body", "is not valid JSON.");
  const value = body.value;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalidArgument("body", "must be a JSON object with optional `scopes` and `repositoryIds`.");
  const record = value as Record<string, unknown>;
  return {
    scopes: stringList(record.scopes, "scopes"),
    repositoryIds: stringList(record.repositoryIds, "repositoryIds"),
  };
}

// Asking for more than the grant is a bad argument of this call (the grant itself is fine), so it is
// InvalidArgument naming the offending entries rather than PermissionDenied.
function narrowScopes(requested: string[], installation: ForgeInstallation): FieldViolation[] {
  return requested.flatMap((scope, i): FieldViolation[] => {
    const field = `scopes[${i}]`;
    if (FORGE_USER_ONLY_SCOPES.has(scope))
      return [{ field, description: `${scope} is carried only by user credentials; an app cannot request it.` }];
    if (!APP_SCOPES.includes(scope)) return [{ field, description: `${scope} is not a known scope.` }];
    if (!grantsScope(installation.scopes, scope))
      return [
        { field, description: `${scope} is not approved for installation ${installation.id}; tokens may only narrow.` },
      ];
    return [];
  });
}

function narrowRepositories(requested: string[], reachable: readonly ForgeRepository[]): FieldViolation[] {
  return requested.flatMap((id, i): FieldViolation[] =>
    reachable.some((repo) => repo.id === id)
      ? []
      : [
          {
            field: `repositoryIds[${i}]`,
            description: `${id} is not a repository of this installation; tokens may only narrow.`,
          },
        ],
  );
}

/** The repositories a token reaches: its installation's, cut down to the token's own list when narrowed. */
export function tokenRepositories(state: ForgeState, installation: ForgeInstallation, token: InstallationToken) {
  const reachable = state.installationRepositories(installation);
  const narrowed = token.repositoryIds;
  return narrowed ? reachable.filter((repo) => narrowed.includes(repo.id)) : reachable;
}

/** Whether a repository matches an installation repository filter (already trimmed and non-empty). */
export function matchesRepositoryFilter(repo: ForgeRepository, filter: string): boolean {
  const lower = filter.toLowerCase();
  const halves = lower.split("/");
  if (halves.length === 2) {
    const [owner, name] = halves as [string, string];
    return repo.owner.slug.toLowerCase().includes(owner) && repo.name.toLowerCase().includes(name);
  }
  return repo.name.toLowerCase().includes(lower) || repo.owner.slug.toLowerCase().includes(lower);
}

/** Minting installation tokens and what they authenticate. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations) */
export const tokenRoutes: readonly FakeForgeRoute[] = [
  {
    method: "POST",
    pattern: "/app/installations/:installationId/access_tokens",
    credential: ["app"],
    cost: 1,
    handle: (context) => {
      const { jwtExpiresAt } = principalOf(context, "app");
      const installation = appInstallation(context);
      if (installation.suspendedAt !== undefined)
        throw new ForgeFailure(
          "FailedPrecondition",
          `Installation ${installation.id} is suspended; no tokens can be minted.`,
        );
      const request = tokenRequest(context);
      const reachable = context.state.installationRepositories(installation);
      const violations = [
        ...narrowScopes(request.scopes, installation),
        ...narrowRepositories(request.repositoryIds, reachable),
      ];
      if (violations.length > 0)
        throw new ForgeFailure("InvalidArgument", "The token request widens the installation's grant.", violations);
      const expiresAt = Math.min(context.now + context.options.tokenLifetimeSeconds * 1000, jwtExpiresAt);
      const token: InstallationToken = {
        token: `oit_${randomHex(20)}`,
        installationId: installation.id,
        scopes: request.scopes.length > 0 ? [...new Set([METADATA_READ, ...request.scopes])] : [...installation.scopes],
        ...(request.repositoryIds.length > 0 ? { repositoryIds: [...new Set(request.repositoryIds)] } : {}),
        expiresAt,
      };
      context.state.tokens.set(token.token, token);
      return reply({ token: token.token, expiresAt: isoTime(expiresAt) });
    },
  },
  {
    method: "GET",
    pattern: "/installation/repos",
    credential: ["installation"],
    scope: METADATA_READ,
    cost: 1,
    handle: (context) => {
      const { installation, token } = principalOf(context, "installation");
      const filter = (context.query.get("filter") ?? "").trim();
      const all = tokenRepositories(context.state, installation, token);
      const matching = filter === "" ? all : all.filter((repo) => matchesRepositoryFilter(repo, filter));
      const page = paginate(matching, context.query, "installation-repos", filter);
      const gitOrigin = `${context.issuer}/git`;
      return reply({
        repositories: page.items.map((repo) => repositoryView(repo, gitOrigin)),
        nextPageToken: page.nextPageToken,
        repoSelectionMode: installation.repoSelectionMode,
      });
    },
  },
];
