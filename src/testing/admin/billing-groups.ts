import { isoTime } from "../clock.js";
import { billingCycleOf, DAY_MS, isoDay, roundCents } from "./hash.js";
import {
  activeMembers,
  type BillingGroupRecord,
  groupMemberView,
  type TeamMemberRecord,
  type TeamState,
} from "./state.js";
import { elapsedDays, memberDailySpend } from "./usage-data.js";

// Billing group views. Each day of a member's spend belongs to the billing group they were in at the end
// of that day (or Unassigned), so deleting a group moves its history to Unassigned retroactively.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Billing group)

/** The reserved id of the Unassigned group. */
export const UNASSIGNED_ID = "group_unassigned";

/** A billing cycle (calendar month, UTC). */
export interface Cycle {
  start: number;
  end: number;
}

/** The cycle a `billingCycle` (a date its schema accepted) falls in, default the current one. */
export function readCycle(value: string | undefined, now: number): Cycle {
  return billingCycleOf(value === undefined ? now : Date.parse(value.trim()));
}

/** The `billingCycle` object of the list and get routes. */
export function cycleView(cycle: Cycle): Record<string, string> {
  return { cycleStart: isoTime(cycle.start), cycleEnd: isoTime(cycle.end) };
}

/** The billing group a person is in now, if any. */
export function currentGroupId(team: TeamState, personId: number): string | undefined {
  return team.billingMemberships.find((s) => s.personId === personId && s.leftAt === null)?.groupId;
}

/** Per group id, per person id, per day: the spend attributed there during a cycle. */
type Attribution = Map<string, Map<number, Map<number, number>>>;

function groupAt(team: TeamState, personId: number, at: number): string {
  const stint = team.billingMemberships.find(
    (s) => s.personId === personId && s.joinedAt <= at && (s.leftAt === null || at < s.leftAt),
  );
  return stint?.groupId ?? UNASSIGNED_ID;
}

function attribute(
  team: TeamState,
  cycle: Cycle,
  now: number,
  activityStart: number,
): { days: number[]; spend: Attribution } {
  const days = elapsedDays(cycle.start, cycle.end, now, activityStart);
  const spend: Attribution = new Map();
  for (const member of team.members) {
    for (const day of days) {
      const cents = memberDailySpend(team, member, day);
      if (cents === 0) continue;
      const groupId = groupAt(team, member.person.id, Math.min(day * DAY_MS + DAY_MS - 1, now));
      const people = spend.get(groupId) ?? new Map<number, Map<number, number>>();
      spend.set(groupId, people);
      const daily = people.get(member.person.id) ?? new Map<number, number>();
      people.set(member.person.id, daily);
      daily.set(day, cents);
    }
  }
  return { days, spend };
}

const sum = (values: Iterable<number>): number => {
  let total = 0;
  for (const value of values) total += value;
  return roundCents(total);
};

/** Builds group views for one cycle; `memberDaily` adds each member's `dailySpend` (the get route). */
export class BillingViews {
  private readonly days: number[];
  private readonly spend: Attribution;

  constructor(
    private readonly team: TeamState,
    private readonly cycle: Cycle,
    now: number,
    activityStart: number,
    private readonly memberDaily = false,
  ) {
    ({ days: this.days, spend: this.spend } = attribute(team, cycle, now, activityStart));
  }

  private dailySpend(groupId: string, personId?: number): Array<{ date: string; spendCents: number }> {
    const people = this.spend.get(groupId);
    return this.days.map((day) => {
      let total = 0;
      for (const [id, daily] of people ?? [])
        if (personId === undefined || id === personId) total += daily.get(day) ?? 0;
      return { date: isoDay(day), spendCents: roundCents(total) };
    });
  }

  private memberSpend(groupId: string, personId: number): number {
    return sum(this.spend.get(groupId)?.get(personId)?.values() ?? []);
  }

  private memberRow(groupId: string, member: TeamMemberRecord, joinedAt: number, leftAt: number | null) {
    return {
      ...groupMemberView(member.person, joinedAt),
      leftAt: leftAt === null ? null : isoTime(leftAt),
      spendCents: this.memberSpend(groupId, member.person.id),
      ...(this.memberDaily ? { dailySpend: this.dailySpend(groupId, member.person.id) } : {}),
    };
  }

  private base(group: BillingGroupRecord, memberCount: number): Record<string, unknown> {
    return {
      id: group.id,
      name: group.name,
      type: "BILLING",
      directoryGroupId: group.directoryGroupId,
      memberCount,
      createdAt: isoTime(group.createdAt),
      updatedAt: isoTime(group.updatedAt),
      spendCents: sum([...(this.spend.get(group.id)?.values() ?? [])].map((daily) => sum(daily.values()))),
      dailySpend: this.dailySpend(group.id),
    };
  }

  /** The list/get shape: current and former members (former: left during this cycle, not back since). */
  full(group: BillingGroupRecord): Record<string, unknown> {
    const stints = this.team.billingMemberships.filter((s) => s.groupId === group.id);
    const current = stints.filter((s) => s.leftAt === null);
    const currentIds = new Set(current.map((s) => s.personId));
    const former = stints.filter(
      (s) =>
        s.leftAt !== null && s.leftAt >= this.cycle.start && s.joinedAt < this.cycle.end && !currentIds.has(s.personId),
    );
    const row = (s: (typeof stints)[number]) => {
      const member = this.team.memberByPerson.get(s.personId);
      return member ? [this.memberRow(group.id, member, s.joinedAt, s.leftAt)] : [];
    };
    return {
      ...this.base(group, current.length),
      currentMembers: current.flatMap(row),
      formerMembers: former.flatMap(row),
    };
  }

  /** The write-response shape: `members[]` instead of current and former lists. */
  brief(group: BillingGroupRecord): Record<string, unknown> {
    const current = this.team.billingMemberships.filter((s) => s.groupId === group.id && s.leftAt === null);
    const members = current.flatMap((s) => {
      const person = this.team.memberByPerson.get(s.personId)?.person;
      return person ? [groupMemberView(person, s.joinedAt)] : [];
    });
    return { ...this.base(group, members.length), members };
  }

  /** The reserved Unassigned group: active members in no group. */
  unassigned(): Record<string, unknown> {
    const members = activeMembers(this.team).filter((m) => currentGroupId(this.team, m.person.id) === undefined);
    const record = {
      id: UNASSIGNED_ID,
      name: "Unassigned",
      directoryGroupId: null,
      createdAt: this.team.createdAt,
      updatedAt: this.team.createdAt,
    };
    return {
      ...this.base(record, members.length),
      currentMembers: members.map((m) => this.memberRow(UNASSIGNED_ID, m, m.joinedAt, null)),
      formerMembers: [],
    };
  }
}
