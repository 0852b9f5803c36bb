import { DAY_MS, dayIndex, hash, hourFloor, isoDay, pick, roundCents, uuidFrom } from "./hash.js";
import { CATALOG_MODELS } from "./model-catalog.js";
import type { TeamMemberRecord, TeamState } from "./state.js";

// Usage is a pure function of (team, person, day): nothing is stored, so a 5 000-member team costs
// nothing until asked, and moving the clock forward makes new hours of data appear. Data is
// aggregated hourly: nothing from the current hour is visible yet.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Usage event)

/** The `hostingType` filter values of the team usage-events route. */
export const HOSTING_TYPES = ["CLOUD", "SELF_HOSTED", "SELF_HOSTED_POOL", "SELF_HOSTED_MACHINE"] as const;

/** A usage event as generated; `hostingType` is internal (a filter, never sent). */
export interface UsageEvent {
  teamId: number;
  personId?: number;
  timestamp: number;
  userEmail: string;
  serviceAccountId?: string;
  serviceAccountName?: string;
  cloudAgentId?: string;
  automationId?: string;
  conversationId?: string;
  hostingType?: (typeof HOSTING_TYPES)[number];
  model: string;
  kind: string;
  maxMode: boolean;
  requestsCosts: number;
  isTokenBasedCall: boolean;
  isChargeable: boolean;
  isHeadless: boolean;
  tokenUsage?: Record<string, number>;
  chargedCents: number;
  serviceTokenFee?: number;
}

const KINDS = [
  "Included in Business",
  "Included in Business",
  "Included in Business",
  "Usage-based",
  "Usage-based",
  "User API Key",
];
const HOSTING_ROLL = ["CLOUD", "CLOUD", "SELF_HOSTED", "SELF_HOSTED_POOL", "SELF_HOSTED_MACHINE"] as const;
const EXTENSIONS = ["ts", "py", "go", "rs", "tsx"];
const VERSIONS = ["1.4.2", "1.5.0", "1.5.1"];

/** The most frequent string (ties: first seen), or null. */
function mostFrequent(items: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  let best: string | null = null;
  for (const [item, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = item;
  return best;
}

/** Whether a member did anything on a day (four days in five). */
function isActiveDay(teamId: number, personId: number, day: number): boolean {
  return hash(teamId, personId, day, 1) % 5 !== 0;
}

function inMembership(member: TeamMemberRecord, at: number): boolean {
  return member.joinedAt <= at && (member.removedAt === undefined || at < member.removedAt);
}

/** Who an event belongs to and where it ran. */
type EventIdentity = Pick<UsageEvent, "userEmail" | "isHeadless"> &
  Partial<
    Pick<
      UsageEvent,
      | "personId"
      | "serviceAccountId"
      | "serviceAccountName"
      | "cloudAgentId"
      | "automationId"
      | "conversationId"
      | "hostingType"
    >
  >;

function buildEvent(team: TeamState, h: number, timestamp: number, who: EventIdentity): UsageEvent {
  const model = pick(CATALOG_MODELS, h >>> 3);
  const kind = who.serviceAccountId ? "Usage-based" : pick(KINDS, h >>> 7);
  const tokenBased = ((h >>> 11) & 3) !== 0;
  const maxMode = (h >>> 13) % 8 === 0;
  const requestsCosts = (((h >>> 23) % 4) + 1) * 0.5 * (maxMode ? 2 : 1);
  const event: UsageEvent = {
    teamId: team.id,
    timestamp,
    ...who,
    model: model.id,
    kind,
    maxMode,
    requestsCosts,
    isTokenBasedCall: tokenBased,
    isChargeable: kind === "Usage-based",
    chargedCents: 0,
  };
  let cost = requestsCosts * 4;
  if (tokenBased) {
    const inputTokens = 1_000 + (h % 50_000);
    const outputTokens = 100 + ((h >>> 5) % 8_000);
    const cacheWriteTokens = (h >>> 9) % 2_000;
    const cacheReadTokens = (h >>> 12) % 30_000;
    const totalCents = roundCents(
      inputTokens * 3e-4 + outputTokens * 1.5e-3 + cacheWriteTokens * 3.75e-4 + cacheReadTokens * 3e-5,
    );
    event.tokenUsage = { inputTokens, outputTokens, cacheWriteTokens, cacheReadTokens, totalCents };
    cost = totalCents;
    // Third-party models add the service token rate; first-party ones never carry the field.
    if (model.thirdParty) event.serviceTokenFee = roundCents(totalCents * 0.2);
  }
  event.chargedCents = kind === "User API Key" ? 0 : roundCents(cost + (event.serviceTokenFee ?? 0));
  return event;
}

/** A member's events of one UTC day (1 to 3 on active days), before visibility is applied. */
function memberDayEvents(team: TeamState, member: TeamMemberRecord, day: number): UsageEvent[] {
  const { person } = member;
  if (!isActiveDay(team.id, person.id, day)) return [];
  const count = 1 + (hash(team.id, person.id, day, 2) % 3);
  const events: UsageEvent[] = [];
  for (let j = 0; j < count; j++) {
    const h = hash(team.id, person.id, day, 3, j);
    const timestamp = day * DAY_MS + (h % 86_400) * 1000;
    if (!inMembership(member, timestamp)) continue;
    const cloud = (h >>> 16) % 4 === 0;
    const who: EventIdentity = { personId: person.id, userEmail: person.email, isHeadless: cloud };
    if (cloud) {
      who.hostingType = pick(HOSTING_ROLL, h >>> 18);
      who.cloudAgentId = `bc-${uuidFrom(team.id, person.id, day, j, 4)}`;
      if ((h >>> 21) % 3 === 0) who.automationId = uuidFrom(team.id, person.id, day, j, 6);
    } else {
      who.conversationId = uuidFrom(team.id, person.id, day, j, 5);
    }
    events.push(buildEvent(team, h, timestamp, who));
  }
  return events;
}

/** The team service account's automation run of a day (every other day). */
function serviceAccountDayEvents(team: TeamState, day: number): UsageEvent[] {
  const h = hash(team.id, day, 0x5a);
  if (h % 2 !== 0) return [];
  const account = team.serviceAccount;
  return [
    buildEvent(team, h, day * DAY_MS + ((h >>> 1) % 86_400) * 1000, {
      userEmail: account.email,
      serviceAccountId: account.id,
      serviceAccountName: account.name,
      isHeadless: true,
      hostingType: "CLOUD",
      cloudAgentId: `bc-${uuidFrom(team.id, day, 0x5b)}`,
      automationId: uuidFrom(team.id, 0x5c),
    }),
  ];
}

/** The first instant not yet visible: the start of the current hour. */
export function visibleBefore(now: number): number {
  return hourFloor(now);
}

/**
 * A team's events with `from <= timestamp <= to`, visible at `now` and after `activityStart`, newest
 * first; `members` limits whose events (default every member, removed ones for their time in the team).
 */
export function teamUsageEvents(
  team: TeamState,
  from: number,
  to: number,
  now: number,
  activityStart: number,
  members: readonly TeamMemberRecord[] = team.members,
): UsageEvent[] {
  const start = Math.max(from, activityStart);
  const end = Math.min(to, visibleBefore(now) - 1);
  const events: UsageEvent[] = [];
  for (let day = dayIndex(start); day <= dayIndex(end) && start <= end; day++) {
    for (const member of members) events.push(...memberDayEvents(team, member, day));
    if (members === team.members) events.push(...serviceAccountDayEvents(team, day));
  }
  return events.filter((e) => e.timestamp >= start && e.timestamp <= end).sort((a, b) => b.timestamp - a.timestamp);
}

/** The daily-usage counters of one member on one day, aggregated from the hours visible at `now`. */
export function dailyUsageRow(
  team: TeamState,
  member: TeamMemberRecord,
  day: number,
  now: number,
  activityStart: number,
): Record<string, unknown> {
  const dayStart = day * DAY_MS;
  const dayEnd = dayStart + DAY_MS - 1;
  const events = teamUsageEvents(team, dayStart, dayEnd, now, activityStart, [member]);
  const visibleShare = Math.min(1, Math.max(0, (visibleBefore(now) - Math.max(dayStart, activityStart)) / DAY_MS));
  const active = isActiveDay(team.id, member.person.id, day) && visibleShare > 0;
  const h = hash(team.id, member.person.id, day, 8);
  const scaled = (max: number, shift: number) => (active ? Math.floor(((h >>> shift) % max) * visibleShare) : 0);
  const count = (kind: string) => events.filter((e) => e.kind === kind).length;
  const totalLinesAdded = scaled(900, 0);
  const totalApplies = scaled(40, 4);
  const totalTabsShown = scaled(300, 8);
  return {
    day: isoDay(day),
    date: dayStart,
    email: member.person.email,
    isActive: active && (events.length > 0 || totalTabsShown > 0),
    totalLinesAdded,
    totalLinesDeleted: Math.floor(totalLinesAdded / 3),
    acceptedLinesAdded: Math.floor(totalLinesAdded * 0.6),
    acceptedLinesDeleted: Math.floor(totalLinesAdded / 5),
    totalApplies,
    totalAccepts: Math.floor(totalApplies * 0.7),
    totalRejects: totalApplies - Math.floor(totalApplies * 0.7),
    totalTabsShown,
    totalTabsAccepted: Math.floor(totalTabsShown * 0.35),
    composerRequests: scaled(12, 12),
    chatRequests: scaled(10, 16),
    agentRequests: events.length,
    cmdkUsages: scaled(8, 20),
    subscriptionIncludedReqs: count("Included in Business"),
    apiKeyReqs: count("User API Key"),
    usageBasedReqs: count("Usage-based"),
    reviewbotUsages: scaled(3, 24),
    mostUsedModel: mostFrequent(events.map((e) => e.model)),
    applyMostUsedExtension: totalApplies > 0 ? pick(EXTENSIONS, h >>> 3) : null,
    tabMostUsedExtension: totalTabsShown > 0 ? pick(EXTENSIONS, h >>> 5) : null,
    clientVersion: active ? pick(VERSIONS, h >>> 9) : null,
  };
}

/** A member's spend on one day (billing groups), 0 on inactive days. Fractional cents. */
export function memberDailySpend(team: TeamState, member: TeamMemberRecord, day: number): number {
  if (!isActiveDay(team.id, member.person.id, day) || !inMembership(member, day * DAY_MS)) return 0;
  return roundCents((hash(team.id, member.person.id, day, 10) % 2_000_000) / 10_000);
}

/** The days of `[start, end)` already begun at `now` (and after activity began), as day indexes. */
export function elapsedDays(start: number, end: number, now: number, activityStart: number): number[] {
  const from = dayIndex(Math.max(start, activityStart));
  const until = Math.min(end, visibleBefore(now));
  const days: number[] = [];
  for (let day = from; day * DAY_MS < until; day++) days.push(day);
  return days;
}

/** A member's cycle totals: overall (all usage) and the on-demand share of it. Fractional cents. */
export function memberCycleSpend(
  team: TeamState,
  member: TeamMemberRecord,
  days: readonly number[],
): { overallSpendCents: number; spendCents: number } {
  let overall = 0;
  for (const day of days) overall += memberDailySpend(team, member, day);
  const share = (hash(team.id, member.person.id, days[0] ?? 0, 11) % 70) / 100;
  return { overallSpendCents: roundCents(overall), spendCents: roundCents(overall * share) };
}

/** A member's included-pool spend in one team over the organization contract window so far. */
export function organizationSpendCents(teamId: number, personId: number, elapsedMs: number): number {
  const perDay = (hash(teamId, personId, 77) % 3_000_000) / 10_000;
  return roundCents((perDay * Math.max(0, elapsedMs)) / DAY_MS);
}
