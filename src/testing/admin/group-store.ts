import { isoTime } from "../clock.js";
import { badRequest } from "./failures.js";

/** A team directory group or an organization group. */
export interface GroupRecord {
  readonly id: string;
  /** Organization groups only: the `grp_` public id. */
  readonly publicId?: string;
  name: string;
  monthlySpendingLimitDollars: number | null;
  /** Mapped to a SCIM directory group: cannot be deleted. */
  scimMapped: boolean;
  readonly createdAt: number;
  updatedAt: number;
  /** Person id → joinedAt, in join order. */
  readonly members: Map<number, number>;
}

/** A partial update as the PATCH routes accept it. */
export interface GroupPatch {
  name?: string;
  monthlySpendingLimitDollars?: number;
  clear?: boolean;
}

/**
 * The groups of one team (`team_group_` ids) or one organization (`g_` ids, plus `grp_` public ids):
 * the rules both families share. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team directory group)
 */
export class GroupStore {
  readonly groups: GroupRecord[] = [];

  constructor(
    /** `team_group_` or `g_`. */
    readonly idPrefix: string,
    private readonly mint: (prefix: string) => string,
  ) {}

  /** The group, or undefined. */
  get(id: string): GroupRecord | undefined {
    return this.groups.find((group) => group.id === id);
  }

  /** Creates a group; 400 for a taken name. */
  create(name: string, now: number, scimMapped = false): GroupRecord {
    const clean = this.checkName(name, undefined);
    const group: GroupRecord = {
      id: this.mint(this.idPrefix),
      ...(this.idPrefix === "g_" ? { publicId: this.mint("grp_") } : {}),
      name: clean,
      monthlySpendingLimitDollars: null,
      scimMapped,
      createdAt: now,
      updatedAt: now,
      members: new Map(),
    };
    this.groups.push(group);
    return group;
  }

  /** Applies a validated patch. */
  update(group: GroupRecord, patch: GroupPatch, now: number): void {
    if (patch.name !== undefined) group.name = this.checkName(patch.name, group);
    if (patch.monthlySpendingLimitDollars !== undefined)
      group.monthlySpendingLimitDollars = patch.monthlySpendingLimitDollars;
    if (patch.clear) group.monthlySpendingLimitDollars = null;
    group.updatedAt = now;
  }

  /** Deletes an empty, unmapped group; 400 otherwise. */
  delete(group: GroupRecord): void {
    if (group.members.size > 0)
      throw badRequest(`Group ${group.id} still has ${group.members.size} members; remove them before deleting it.`);
    if (group.scimMapped)
      throw badRequest(`Group ${group.id} has an active SCIM mapping; remove the mapping before deleting it.`);
    this.groups.splice(this.groups.indexOf(group), 1);
  }

  private checkName(name: string, self: GroupRecord | undefined): string {
    const clean = name.trim();
    const taken = this.groups.some((g) => g !== self && g.name.toLowerCase() === clean.toLowerCase());
    if (taken) throw badRequest(`A group named ${JSON.stringify(clean)} already exists.`);
    return clean;
  }
}

/** A PATCH body its schema accepted (at least one field, limit 0..2147483647, never limit plus clear) as a patch. */
export function readGroupPatch(body: Record<string, unknown>): GroupPatch {
  const { name, monthlySpendingLimitDollars, clearMonthlySpendingLimitDollars } = body as GroupPatch & {
    clearMonthlySpendingLimitDollars?: true;
  };
  return { name, monthlySpendingLimitDollars, ...(clearMonthlySpendingLimitDollars ? { clear: true } : {}) };
}

/** A group's wire shape. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team directory group) */
export function groupView(group: GroupRecord): Record<string, unknown> {
  return {
    id: group.id,
    ...(group.publicId !== undefined ? { publicId: group.publicId } : {}),
    name: group.name,
    memberCount: group.members.size,
    monthlySpendingLimitDollars: group.monthlySpendingLimitDollars,
    createdAt: isoTime(group.createdAt),
    updatedAt: isoTime(group.updatedAt),
  };
}
