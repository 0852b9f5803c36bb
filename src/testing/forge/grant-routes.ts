import { FORGE_OPERATIONS } from "../../forge/operations.js";
// Direct repository grants and owner grants, with the owner's members and groups they may name.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)

import { isPlainObject } from "../../core/validation.js";
import type { ForgeOperationName } from "../../forge/operations.js";
import { type Reply, reply } from "../responses.js";
import { ForgeFailure } from "./errors.js";
import { paginate } from "./pagination.js";
import { adminRoute } from "./repo-settings-routes.js";
import { checkSchema, objectBody } from "./repo-state.js";
import { type FakeForgeContext, type FakeForgeRoute, operationRoute } from "./route.js";
import { type ForgeRepository, type ForgeState, SEED_ADMIN } from "./state.js";

/** A member of the owner's team or organization, grantable as `user`. */
export interface ForgeMember {
  id: string;
  email?: string;
  displayName?: string;
}

/** A group of the owner's organization (`group`) or owned by the owner's own team (`teamGroup`). */
export interface ForgeGroup {
  id: string;
  slug: string;
  kind: "group" | "teamGroup";
}

/** Members seeded in every namespace (besides the user ids of the configured user tokens). */
export const SEEDED_MEMBERS: readonly ForgeMember[] = [
  { id: SEED_ADMIN.id, email: SEED_ADMIN.email, displayName: SEED_ADMIN.displayName },
  { id: "user_0002", email: "dev@acme.example", displayName: "Acme Developer" },
  { id: "user_0003", email: "reviewer@acme.example", displayName: "Acme Reviewer" },
];

/** Groups seeded in every namespace: two organization groups and one owned by the team. */
export const SEEDED_GROUPS: readonly ForgeGroup[] = [
  { id: "grp_0001", slug: "engineering", kind: "group" },
  { id: "grp_0002", slug: "design", kind: "group" },
  { id: "grp_0003", slug: "maintainers", kind: "teamGroup" },
];

type PrincipalKind = "user" | "group" | "teamGroup";
const PRINCIPALS: readonly PrincipalKind[] = ["user", "group", "teamGroup"];

/** One stored grant; `principal` is the resolved member or group. */
interface StoredGrant {
  kind: PrincipalKind;
  principal: ForgeMember | ForgeGroup;
  permission: string;
}

const REPO_GRANTS = new WeakMap<ForgeRepository, StoredGrant[]>();
const OWNER_GRANTS = new WeakMap<ForgeState, StoredGrant[]>();

function repoGrants(repo: ForgeRepository): StoredGrant[] {
  let grants = REPO_GRANTS.get(repo);
  if (!grants) {
    grants = [];
    REPO_GRANTS.set(repo, grants);
  }
  return grants;
}

// The namespace's first admin holds the only seeded owner grant, so "leaving no admin" can be met at once.
function ownerGrants(state: ForgeState): StoredGrant[] {
  let grants = OWNER_GRANTS.get(state);
  if (!grants) {
    grants = [{ kind: "user", principal: SEEDED_MEMBERS[0] as ForgeMember, permission: "PERMISSION_ADMIN" }];
    OWNER_GRANTS.set(state, grants);
  }
  return grants;
}

function members(context: FakeForgeContext): ForgeMember[] {
  const extra = context.options.userTokens
    .map((user) => user.userId)
    .filter((id, i, all) => all.indexOf(id) === i && !SEEDED_MEMBERS.some((member) => member.id === id))
    .map((id) => ({ id }));
  return [...SEEDED_MEMBERS, ...extra];
}

/** The selectors a principal value carries: an id string, or an object's `id`, `email`, `slug`. */
function selectors(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (!isPlainObject(value)) return [];
  return [value.id, value.email, value.slug].filter((key): key is string => typeof key === "string" && key !== "");
}

/** The principal a (validated) body names, or undefined when it is no member or group of the owner. */
function findPrincipal(
  context: FakeForgeContext,
  body: Record<string, unknown>,
): { kind: PrincipalKind; principal: ForgeMember | ForgeGroup | undefined; label: string } {
  const kind = PRINCIPALS.find((key) => body[key] !== undefined) ?? "user";
  const keys = selectors(body[kind]);
  const lower = keys.map((key) => key.toLowerCase());
  const principal =
    kind === "user"
      ? members(context).find((m) => keys.includes(m.id) || (m.email && lower.includes(m.email.toLowerCase())))
      : SEEDED_GROUPS.find((g) => g.kind === kind && (keys.includes(g.id) || lower.includes(g.slug)));
  return { kind, principal, label: keys[0] ?? "(empty)" };
}

function requirePrincipal(context: FakeForgeContext, body: Record<string, unknown>) {
  const found = findPrincipal(context, body);
  if (!found.principal)
    throw new ForgeFailure(
      "FailedPrecondition",
      `${found.kind} ${found.label} is outside the owner's team or organization; only its members and groups can be granted.`,
    );
  return { kind: found.kind, principal: found.principal };
}

/** The principal of a Delete Grant: the JSON body, else `user=`, `group=` or `teamGroup=` query parameters. */
function selectorOf(context: FakeForgeContext): Record<string, unknown> {
  const body = objectBody(context);
  const selector =
    Object.keys(body).length > 0
      ? body
      : Object.fromEntries(
          PRINCIPALS.flatMap((key) => (context.query.has(key) ? [[key, context.query.get(key)]] : [])),
        );
  checkSchema(FORGE_OPERATIONS["repo.grants.delete"].body, selector, "grant selector");
  return selector;
}

function grantView(grant: StoredGrant): Record<string, unknown> {
  const { principal } = grant;
  const view = "slug" in principal ? { id: principal.id, slug: principal.slug } : { ...principal };
  return { [grant.kind]: view, permission: grant.permission };
}

function indexOf(grants: StoredGrant[], kind: PrincipalKind, principal: ForgeMember | ForgeGroup): number {
  return grants.findIndex((grant) => grant.kind === kind && grant.principal.id === principal.id);
}

function upsert(grants: StoredGrant[], grant: StoredGrant): StoredGrant {
  const at = indexOf(grants, grant.kind, grant.principal);
  if (at === -1) grants.push(grant);
  else grants[at] = grant;
  return grant;
}

const isAdmin = (grant: StoredGrant) => grant.permission === "PERMISSION_ADMIN";

function refuseNoAdmin(remaining: StoredGrant[]): void {
  if (!remaining.some(isAdmin))
    throw new ForgeFailure("FailedPrecondition", "The owner must keep at least one PERMISSION_ADMIN grant.");
}

/** The owner namespace of `/owners/{ownerSlug}`, matched case-insensitively, else NotFound. */
function ownerRoute(
  name: ForgeOperationName,
  handle: (context: FakeForgeContext, grants: StoredGrant[]) => Reply,
): FakeForgeRoute {
  return operationRoute(name, (context) => {
    const slug = context.params.ownerSlug ?? "";
    const { namespace } = context.state;
    const principal = context.principal;
    const reachable = principal?.kind !== "installation" || principal.installation.target.id === namespace.id;
    if (!reachable || slug.toLowerCase() !== namespace.slug.toLowerCase())
      throw new ForgeFailure("NotFound", `Owner ${slug} was not found.`);
    return handle(context, ownerGrants(context.state));
  });
}

/** Direct repository grants: read, write or admin. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const repoGrantRoutes: readonly FakeForgeRoute[] = [
  adminRoute("repo.grants.list", (context, repo) => {
    const page = paginate(repoGrants(repo), context.query, `repo-grants:${repo.id}`);
    return reply({ grants: page.items.map(grantView), nextPageToken: page.nextPageToken });
  }),
  adminRoute("repo.grants.upsert", (context, repo) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["repo.grants.upsert"].body, body, "repository grant");
    const { kind, principal } = requirePrincipal(context, body);
    return reply(grantView(upsert(repoGrants(repo), { kind, principal, permission: body.permission as string })));
  }),
  adminRoute("repo.grants.delete", (context, repo) => {
    const { kind, principal } = findPrincipal(context, selectorOf(context));
    const grants = repoGrants(repo);
    const at = principal ? indexOf(grants, kind, principal) : -1;
    if (at !== -1) grants.splice(at, 1);
    return { status: 204 };
  }),
];

/** Owner grants: PERMISSION_*; admins listed first; at least one admin stays. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const ownerGrantRoutes: readonly FakeForgeRoute[] = [
  ownerRoute("owner.grants.list", (context, grants) => {
    const ordered = [...grants.filter(isAdmin), ...grants.filter((grant) => !isAdmin(grant))];
    const page = paginate(ordered, context.query, `owner-grants:${context.state.namespace.id}`);
    return reply({ grants: page.items.map(grantView), nextPageToken: page.nextPageToken });
  }),
  ownerRoute("owner.grants.upsert", (context, grants) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["owner.grants.upsert"].body, body, "owner grant");
    const { kind, principal } = requirePrincipal(context, body);
    const grant: StoredGrant = { kind, principal, permission: body.permission as string };
    const at = indexOf(grants, kind, principal);
    refuseNoAdmin(grants.map((held, i) => (i === at ? grant : held)).concat(at === -1 ? [grant] : []));
    return reply(grantView(upsert(grants, grant)));
  }),
  ownerRoute("owner.grants.delete", (context, grants) => {
    const { kind, principal } = findPrincipal(context, selectorOf(context));
    const at = principal ? indexOf(grants, kind, principal) : -1;
    if (at === -1) return { status: 204 };
    refuseNoAdmin(grants.filter((_, i) => i !== at));
    grants.splice(at, 1);
    return { status: 204 };
  }),
];
