import { isoTime } from "../clock.js";
import type { GroupStore } from "./group-store.js";
import { encodeCounter, uuidFrom } from "./hash.js";

// The Admin and Organization APIs' whole mutable state. Records hold epoch ms and ids; the wire
// shapes are built by the route files on every read.

/** A person of the fake world: a member of teams, of the organization, or of neither. */
export interface Person {
  /** The numeric id (daily usage `userId` on the team route, organization members). */
  readonly id: number;
  /** The encoded id, `user_…` (team members, groups, spend). */
  readonly userId: string;
  name: string;
  email: string;
  inOrganization: boolean;
  organizationRole: "admin" | "member";
}

/** One person's membership of one team. */
export interface TeamMemberRecord {
  readonly person: Person;
  /** `owner`, `free-owner` (an admin seat that is not paid) or `member`. */
  role: string;
  isRemoved: boolean;
  joinedAt: number;
  removedAt?: number;
  /** Set by the spend-limit routes; null = no limit. */
  spendLimitDollars: number | null;
  hardLimitOverrideDollars: number;
}

/** An audit log row as stored. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Audit log event) */
export interface AuditEventRecord {
  readonly eventId: string;
  readonly timestamp: number;
  readonly ipAddress: string;
  readonly userEmail: string;
  readonly eventType: string;
  readonly applicationType: "" | "service" | "assistant_bot";
  readonly eventData: Record<string, unknown>;
}

/** A repository blocklist entry. */
export interface BlocklistRecord {
  readonly id: string;
  url: string;
  patterns: string[];
}

/** A billing group (the members live in {@link TeamState.billingMemberships}). */
export interface BillingGroupRecord {
  readonly id: string;
  name: string;
  directoryGroupId: string | null;
  readonly createdAt: number;
  updatedAt: number;
}

/** A stint of one person in one billing group; `leftAt` null while it lasts. */
export interface BillingMembership {
  readonly personId: number;
  readonly groupId: string;
  readonly joinedAt: number;
  leftAt: number | null;
}

/** A per-parameter restriction of a model. */
export interface ParameterSetting {
  allowedValues: string[] | null;
  defaultValue: string | null;
}

/** A team's model access policy. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § States and transitions) */
export interface ModelAccessRecord {
  /** False: the team has no model access control (403 on single-team routes, error rows elsewhere). */
  available: boolean;
  state: "unrestricted" | "custom" | "legacy";
  newProviderDefault: "enabled" | "disabled" | null;
  newModelDefault: "enabled" | "disabled" | null;
  /** Toggles seeded from the catalog on entering custom, keyed by provider id and `provider/model`. */
  providers: Map<string, boolean>;
  models: Map<string, boolean>;
  /** `provider/model` → parameter id → setting. */
  parameters: Map<string, Map<string, ParameterSetting>>;
  /** The legacy allowed/blocked lists; cleared on leaving legacy. */
  legacyLists: { allowed: string[]; blocked: string[] } | null;
}

/** A team rule of the assistant bot. */
export interface TeamRuleRecord {
  readonly id: string;
  readonly seq: number;
  name: string;
  content: string;
  enabled: boolean;
  readonly createdAt: number;
  updatedAt: number;
}

/** The assistant bot's settings for one team. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Assistant-bot records) */
export interface BotRecord {
  enabled: boolean;
  capabilities: {
    cloudAgents: boolean;
    templateSharing: string | null;
    actionRecording: boolean;
    localExecution: string | null;
    localEgressAllowed: boolean;
  };
  autoReview: { enforced: boolean; rules: { allow: string[]; block: string[] } };
  access: { mode: "all" | "limited"; groupIds: string[] };
  network: { egressMode: string; allowlist: string[]; locked: boolean };
  rules: TeamRuleRecord[];
  /** Setup manifests by id; `scripts` as sent (validated). */
  manifests: Map<string, { id: string; scripts: Array<Record<string, string>> }>;
}

/** One team and everything the Team Admin API manages for it. */
export interface TeamState {
  readonly id: number;
  name: string;
  /** Linked to the organization (organization routes may touch it). */
  linked: boolean;
  readonly createdAt: number;
  /** In join order; removed members stay with `isRemoved`. */
  readonly members: TeamMemberRecord[];
  readonly memberByPerson: Map<number, TeamMemberRecord>;
  readonly serviceAccount: { id: string; name: string; email: string };
  /** Oldest first. */
  readonly audit: AuditEventRecord[];
  readonly blocklists: BlocklistRecord[];
  readonly directoryGroups: GroupStore;
  readonly billingGroups: BillingGroupRecord[];
  readonly billingMemberships: BillingMembership[];
  readonly modelAccess: ModelAccessRecord;
  readonly bot: BotRecord;
}

/** The organization and its pooled contract. */
export interface OrganizationState {
  readonly id: string;
  name: string;
  /** Linked teams, primary first. */
  readonly teamIds: number[];
  readonly contractStart: number;
  readonly contractEnd: number;
  poolLimitCents: number;
  /** Per-team budgets in cents; teams without one are absent. */
  readonly teamBudgets: Map<number, number>;
  readonly groups: GroupStore;
}

/** Everything the admin half of the fake holds. */
export interface AdminState {
  /** The instant the data was seeded at. */
  readonly anchor: number;
  /** No usage exists before this instant (90 days before the seeding). */
  readonly activityStart: number;
  readonly organization: OrganizationState;
  /** Organization ids the fake knows: its own, `org_other` and those named by keys. */
  readonly knownOrganizationIds: Set<string>;
  readonly people: Person[];
  readonly peopleById: Map<number, Person>;
  readonly peopleByUserId: Map<string, Person>;
  readonly teams: Map<number, TeamState>;
  /** Mints `${prefix}${encoded counter}` ids, unique per fake and deterministic. */
  mint(prefix: string): string;
  /** A strictly increasing number for ordering. */
  nextSeq(): number;
}

/** The team's member record of a person who is currently in it. */
export function activeMember(team: TeamState, personId: number): TeamMemberRecord | undefined {
  const member = team.memberByPerson.get(personId);
  return member && !member.isRemoved ? member : undefined;
}

/** Members not removed, in join order. */
export function activeMembers(team: TeamState): TeamMemberRecord[] {
  return team.members.filter((member) => !member.isRemoved);
}

/** The person a `user_` id, numeric id or email names, if any. */
export function findPerson(state: AdminState, token: string): Person | undefined {
  const text = token.trim();
  if (text.startsWith("user_")) return state.peopleByUserId.get(text);
  if (/^\d+$/.test(text)) return state.peopleById.get(Number(text));
  const email = text.toLowerCase();
  return state.people.find((person) => person.email.toLowerCase() === email);
}

/** Who the fake attributes API writes to in the audit log: the team's first owner. */
function actorEmail(team: TeamState): string {
  const owner = team.members.find((m) => !m.isRemoved && m.role === "owner") ?? team.members[0];
  return owner?.person.email ?? "admin@example.com";
}

/** Appends an audit event for a write made through the API (application type `service`). */
export function recordAudit(
  state: AdminState,
  team: TeamState,
  now: number,
  eventType: string,
  eventData: Record<string, unknown>,
): void {
  const seq = state.nextSeq();
  team.audit.push({
    eventId: uuidFrom(team.id, seq, 0xa0d17),
    timestamp: now,
    ipAddress: "203.0.113.10",
    userEmail: actorEmail(team),
    eventType,
    applicationType: "service",
    eventData,
  });
}

/** A team member's wire shape. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team member) */
export function memberView(member: TeamMemberRecord): Record<string, unknown> {
  const { person } = member;
  return { id: person.userId, email: person.email, name: person.name, role: member.role, isRemoved: member.isRemoved };
}

/** A group member's wire shape (directory, organization and billing groups). */
export function groupMemberView(person: Person, joinedAt: number): Record<string, unknown> {
  return { userId: person.userId, name: person.name, email: person.email, joinedAt: isoTime(joinedAt) };
}

/** Builds the id minter and sequence of an {@link AdminState}. */
export function createCounters(): Pick<AdminState, "mint" | "nextSeq"> {
  let seq = 0;
  return {
    mint: (prefix) => `${prefix}${encodeCounter(++seq)}`,
    nextSeq: () => ++seq,
  };
}
