import type { AdminSeedOptions } from "./options.js";
import type { AdminStats } from "./rate-limit.js";
import type { AdminState } from "./state.js";

/** A team member as `fake.admin.members()` lists it: both id forms, for building requests in tests. */
export interface AdminMemberInfo {
  /** `user_…` */
  userId: string;
  /** The numeric id (team daily usage, organization members). */
  numericId: number;
  email: string;
  name: string;
  role: string;
  isRemoved: boolean;
  /** The spend limit set through the spend-limit routes, null for none. */
  spendLimitDollars: number | null;
}

/** An audit event as stored, in the wire's field names. */
export interface AdminAuditEventInfo {
  event_id: string;
  timestamp: string;
  user_email: string;
  event_type: string;
  application_type: string;
  event_data: Record<string, unknown>;
}

/**
 * `fake.admin`: inspection and control of the Team Admin and Organization API half of the fake.
 * State is seeded lazily (first admin request or first use of these controls) at the clock's instant
 * of `createFakeService()` (or of the last `reset()`), so a manual clock gives the same data every run.
 */
export interface FakeAdmin {
  /** Counters: admin requests answered, 429s from the per-family rate limits, per family. A copy. */
  readonly stats: AdminStats;
  /** Zeroes `stats` (rate windows stay). */
  resetStats(): void;
  /** The seeded organization's id (default `org_fake`). */
  readonly organizationId: string;
  /** Teams linked to the organization, primary first (default `[teamId, teamId + 1, teamId + 2]`). */
  readonly teamIds: readonly number[];
  /** The primary team: the default team key's. */
  readonly primaryTeamId: number;
  /** A team's members in join order, removed ones included. Default: the primary team. */
  members(teamId?: number): AdminMemberInfo[];
  /** A team's audit log, oldest first, seeded history and API writes alike. Default: the primary team. */
  auditEvents(teamId?: number): AdminAuditEventInfo[];
  /** Gives a team model access control or takes it away (403 on single-team routes, error rows in lists and bulk). */
  setModelAccessControl(teamId: number, available: boolean): void;
  /** Re-seeds everything at the clock's current instant, optionally with new seed options; zeroes stats and rate windows. */
  reset(seed?: AdminSeedOptions): void;
  /** The live state, for what the controls above do not cover. Its shape is internal and may change. */
  readonly state: AdminState;
}
