import { ADMIN_RATE_LIMITS, type AdminRouteFamily } from "../../admin/operations.js";
import { fakeOptionError } from "../argument-errors.js";

/** A Team Admin API key: Basic username with an empty password. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Authentication) */
export interface AdminTeamKey {
  key: string;
  /** The team it belongs to. Default: the primary team (`teamId` option). An id outside the organization gets a small unlinked team. */
  teamId?: number;
  /** Its scopes, e.g. `["read:*"]`, `["models:read"]`. Default `["admin:*"]`. */
  scopes?: string[];
}

/** An Organization API key; it carries exactly one scope. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Authentication) */
export interface AdminOrganizationKey {
  key: string;
  /** Default: the seeded organization. Another id makes that organization known (with no teams). */
  organizationId?: string;
  /** `members:read`, `members:*`, `usage:*`, `models:read`, `models:*` or `admin:*`. Default `admin:*`. */
  scope?: string;
}

/** The seeded Admin and Organization API data and its limits. */
export interface AdminSeedOptions {
  /** Members of the primary team. Default 25; 5 000 and more work for walk tests. */
  members?: number;
  /** Teams linked to the organization, primary first. Default 3; with 2 or more the last lacks model access control. */
  linkedTeams?: number;
  /** The seeded organization's id. Default `"org_fake"`. */
  organizationId?: string;
  /** Days of seeded audit log history before the seeding instant. Default 60. */
  auditDays?: number;
  /** Requests per rolling minute per route family and team or organization; `false` turns enforcement off. Default `ADMIN_RATE_LIMITS`. */
  rateLimits?: false | Partial<Record<AdminRouteFamily, number>>;
}

/** {@link AdminSeedOptions} and the keys with every default filled in. */
export interface ResolvedAdminOptions {
  teamKeys: ReadonlyArray<{ key: string; teamId: number; scopes: readonly string[] }>;
  organizationKeys: ReadonlyArray<{ key: string; organizationId: string; scope: string }>;
  primaryTeamId: number;
  members: number;
  linkedTeams: number;
  organizationId: string;
  auditDays: number;
  rateLimits: Readonly<Record<AdminRouteFamily, number>> | false;
}

/** The id of the second organization every fake knows (no teams): a body naming it gets 403, not 404. */
export const OTHER_ORGANIZATION_ID = "org_other";

function checkKey(key: unknown, option: string): string {
  if (typeof key !== "string" || key === "" || /[\s:]/.test(key))
    throw fakeOptionError(`every \`options.${option}[].key\` must be a non-empty string without spaces or colons.`);
  return key;
}

function wholeNumber(value: number | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min)
    throw fakeOptionError(`\`options.admin.${name}\` must be an integer >= ${min}.`);
  return value;
}

/** Fills in the admin defaults and rejects keys that would be ambiguous. */
export function resolveAdminOptions(
  input: { teamKeys?: AdminTeamKey[]; organizationKeys?: AdminOrganizationKey[]; admin?: AdminSeedOptions },
  primaryTeamId: number,
): ResolvedAdminOptions {
  const seed = input.admin ?? {};
  const organizationId = seed.organizationId ?? "org_fake";
  const teamKeys = (input.teamKeys ?? [{ key: "team-key" }]).map((entry) => {
    const teamId = entry.teamId ?? primaryTeamId;
    if (!Number.isSafeInteger(teamId) || teamId < 1)
      throw fakeOptionError("`options.teamKeys[].teamId` (default `options.teamId`) must be a positive integer.");
    return { key: checkKey(entry.key, "teamKeys"), teamId, scopes: [...(entry.scopes ?? ["admin:*"])] };
  });
  const organizationKeys = (input.organizationKeys ?? [{ key: "org-key" }]).map((entry) => ({
    key: checkKey(entry.key, "organizationKeys"),
    organizationId: entry.organizationId ?? organizationId,
    scope: entry.scope ?? "admin:*",
  }));
  const teamKeySet = new Set(teamKeys.map((k) => k.key));
  if (organizationKeys.some((k) => teamKeySet.has(k.key)))
    throw fakeOptionError("a key cannot be both in `options.teamKeys` and in `options.organizationKeys`.");
  const rateLimits = seed.rateLimits === false ? false : { ...ADMIN_RATE_LIMITS, ...seed.rateLimits };
  return {
    teamKeys,
    organizationKeys,
    primaryTeamId,
    members: wholeNumber(seed.members, 25, "members", 1),
    linkedTeams: wholeNumber(seed.linkedTeams, 3, "linkedTeams", 1),
    organizationId,
    auditDays: wholeNumber(seed.auditDays, 60, "auditDays", 0),
    rateLimits,
  };
}
