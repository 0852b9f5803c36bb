import { badRequest } from "./failures.js";
import { DAY_MS, dayIndex } from "./hash.js";
import { slicePage } from "./paging.js";
import { type UsageEvent, visibleBefore } from "./usage-data.js";

// Wire shapes and rules the team and organization usage routes share.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Usage event)

/** The documented maximum date range of audit logs and daily usage. */
export const MAX_RANGE_DAYS = 30;

/** Without dates, the usage routes cover the 7 days before now (the spec does not show a default). */
const DEFAULT_RANGE_DAYS = 7;

/** The range a usage body names (epoch ms its schema accepted), defaults filled in and checked with {@link checkRange}. */
export function rangeOf(now: number, body: { startDate?: unknown; endDate?: unknown }, maxDays?: number) {
  const end = (body.endDate as number | undefined) ?? now;
  const start = (body.startDate as number | undefined) ?? end - DEFAULT_RANGE_DAYS * DAY_MS;
  checkRange(start, end, maxDays);
  return { start, end };
}

/** 400 when `start` is after `end` or the range exceeds `maxDays`. */
export function checkRange(start: number, end: number, maxDays?: number): void {
  if (start > end) throw badRequest("The start of the date range is after its end.");
  if (maxDays !== undefined && end - start > maxDays * DAY_MS)
    throw badRequest(
      `The date range is ${Math.ceil((end - start) / DAY_MS)} days; at most ${maxDays} days are allowed.`,
    );
}

/** The UTC day indexes of `[start, end]` that have begun being visible at `now`. */
export function rangeDays(start: number, end: number, now: number): number[] {
  const days: number[] = [];
  for (let day = dayIndex(start); day <= dayIndex(end) && day * DAY_MS < visibleBefore(now); day++) days.push(day);
  return days;
}

/** A usage event's wire shape; the team route adds `conversationId`, the organization route `teamId`. */
export function usageEventView(event: UsageEvent, route: "team" | "organization"): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  if (route === "organization") view.teamId = event.teamId;
  view.timestamp = String(event.timestamp);
  view.userEmail = event.userEmail;
  if (event.serviceAccountId !== undefined) {
    view.serviceAccountId = event.serviceAccountId;
    view.serviceAccountName = event.serviceAccountName;
  }
  if (event.cloudAgentId !== undefined) view.cloudAgentId = event.cloudAgentId;
  if (event.automationId !== undefined) view.automationId = event.automationId;
  if (route === "team" && event.conversationId !== undefined) view.conversationId = event.conversationId;
  view.model = event.model;
  view.kind = event.kind;
  view.maxMode = event.maxMode;
  view.requestsCosts = event.requestsCosts;
  view.isTokenBasedCall = event.isTokenBasedCall;
  view.isChargeable = event.isChargeable;
  view.isHeadless = event.isHeadless;
  if (event.tokenUsage !== undefined) view.tokenUsage = { ...event.tokenUsage };
  view.chargedCents = event.chargedCents;
  if (event.serviceTokenFee !== undefined) view.serviceTokenFee = event.serviceTokenFee;
  return view;
}

/** The usage event envelope: one page, its count and the period. */
export function usageEventsEnvelope(
  events: readonly UsageEvent[],
  route: "team" | "organization",
  page: number,
  pageSize: number,
  period: { startDate: number; endDate: number },
): Record<string, unknown> {
  const numPages = Math.ceil(events.length / pageSize);
  return {
    totalUsageEventsCount: events.length,
    pagination: { numPages, currentPage: page, pageSize, hasNextPage: page < numPages, hasPreviousPage: page > 1 },
    usageEvents: slicePage(events, page, pageSize).map((event) => usageEventView(event, route)),
    period,
  };
}

/** The daily-usage `pagination` object (paginated by user). */
export function usersPagination(totalUsers: number, page: number, pageSize: number): Record<string, unknown> {
  const totalPages = Math.ceil(totalUsers / pageSize);
  return { page, pageSize, totalUsers, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 };
}
