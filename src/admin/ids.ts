import * as v from "valibot";

// The Admin and Organization APIs use prefixed ids, and the three group families never accept each other's ids.
// Checking the prefix before sending turns a confusing server 400/404 into an error that says which family
// the id belongs to and which one the method takes.

/** The prefix of each id family. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Resources and their fields) */
export const ID_PREFIXES = {
  /** Team members: `user_<encoded>`. */
  teamMember: "user_",
  /** Team directory groups (/teams/directory-groups). */
  directoryGroup: "team_group_",
  /** Organization groups (/organizations/groups), the id their routes take. */
  organizationGroup: "g_",
  /** Organization groups' public id (`publicId`); no route takes it. */
  organizationGroupPublic: "grp_",
  /** Billing groups (/teams/groups); also the ids of assistant-bot access groups. */
  billingGroup: "group_",
  /** Assistant-bot team rules. */
  teamRule: "rule_",
} as const;

/** A family of prefixed ids. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Resources and their fields) */
export type IdFamily = keyof typeof ID_PREFIXES;

/** What each family's ids name, in the words error messages use. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization group) */
export const ID_FAMILY_NAMES: Readonly<Record<IdFamily, string>> = {
  teamMember: "team members",
  directoryGroup: "team directory groups",
  organizationGroup: "organization groups",
  organizationGroupPublic: "organization group public ids (publicId), which no route accepts",
  billingGroup: "billing groups",
  teamRule: "assistant-bot team rules",
};

// Longest prefixes first, so a prefix that happens to start another is never taken for it.
const FAMILIES_BY_PREFIX: readonly IdFamily[] = [
  "directoryGroup",
  "billingGroup",
  "teamMember",
  "teamRule",
  "organizationGroupPublic",
  "organizationGroup",
];

/** The family an id's prefix names, or `undefined` when it has none of the known prefixes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization group) */
export function idFamilyOf(id: string): IdFamily | undefined {
  return FAMILIES_BY_PREFIX.find((family) => id.startsWith(ID_PREFIXES[family]));
}

/** True when `id` is a string with the family's prefix and something after it. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Resources and their fields) */
export function isIdOfFamily(id: unknown, family: IdFamily): id is string {
  const prefix = ID_PREFIXES[family];
  return typeof id === "string" && id.length > prefix.length && idFamilyOf(id) === family;
}

/**
 * A valibot schema for an id of `family`. Another family's id is refused with rule `id_family`, and the message
 * says which prefix the method takes and what the given prefix names, e.g. "team directory groups take
 * team_group_ ids; g_ ids are organization groups". `takenBy` overrides the first half for fields whose
 * family is not the method's own (assistant-bot access takes billing group ids).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization group)
 */
// @__NO_SIDE_EFFECTS__
export function idOfFamily(family: IdFamily, label: string, takenBy?: string) {
  const prefix = ID_PREFIXES[family];
  const taker = takenBy ?? `${ID_FAMILY_NAMES[family]} take ${prefix} ids`;
  return v.pipe(
    v.string(`[type] ${label} must be a string id starting with ${prefix}`),
    v.rawCheck<string>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const id = dataset.value;
      if (id === "") {
        addIssue({ message: `[min_length] ${label} must not be empty; pass a ${prefix} id` });
        return;
      }
      const given = idFamilyOf(id);
      if (given === family) {
        if (id.length === prefix.length) {
          addIssue({ message: `[id_format] ${label} has nothing after ${prefix}; pass the whole id` });
        }
        return;
      }
      const what =
        given === undefined
          ? `${label} does not start with ${prefix}`
          : `${ID_PREFIXES[given]} ids are ${ID_FAMILY_NAMES[given]}`;
      addIssue({ message: `[id_family] ${taker}; ${what}` });
    }),
  );
}

/** A team member id, `user_…`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team member) */
// @__NO_SIDE_EFFECTS__
export function teamMemberId(label: string) {
  return idOfFamily("teamMember", label, `${label} takes team member ids (user_)`);
}

/** A team directory group id, `team_group_…`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team directory group) */
// @__NO_SIDE_EFFECTS__
export function directoryGroupId(label: string) {
  return idOfFamily("directoryGroup", label);
}

/** An organization group id, `g_…`; the public `grp_…` id is refused. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
// @__NO_SIDE_EFFECTS__
export function organizationGroupId(label: string) {
  return idOfFamily("organizationGroup", label, "organization group routes take g_ ids (the group's `id`)");
}

/** A billing group id, `group_…`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
// @__NO_SIDE_EFFECTS__
export function billingGroupId(label: string, takenBy?: string) {
  return idOfFamily("billingGroup", label, takenBy);
}

/** An assistant-bot team rule id, `rule_…`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
// @__NO_SIDE_EFFECTS__
export function teamRuleId(label: string) {
  return idOfFamily("teamRule", label);
}

/** What a setup manifest id (and a script id) may contain: letters, digits, dot, underscore, hyphen. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
export const MANIFEST_ID_PATTERN = /^[A-Za-z0-9._-]+$/;

/** A setup manifest or script id. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records) */
// @__NO_SIDE_EFFECTS__
export function manifestId(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.minLength(1, `[min_length] ${label} must not be empty`),
    v.check(
      (id) => id === "" || MANIFEST_ID_PATTERN.test(id),
      `[pattern] ${label} may contain only letters, digits, dot, underscore and hyphen (such as node-setup_v2.1)`,
    ),
  );
}
