import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { DAY_MS } from "./hash.js";
import { listItems, pageOf, pagination, slicePage } from "./paging.js";
import { type AuditEventRecord, findPerson } from "./state.js";
import { checkRange, MAX_RANGE_DAYS } from "./usage-views.js";

/** Without `startTime`, the fake lists the 7 days before `endTime` (the spec does not show a default). */
const DEFAULT_RANGE_DAYS = 7;

function eventView(event: AuditEventRecord): Record<string, unknown> {
  return {
    event_id: event.eventId,
    timestamp: isoTime(event.timestamp),
    ip_address: event.ipAddress,
    user_email: event.userEmail,
    event_type: event.eventType,
    application_type: event.applicationType,
    event_data: structuredClone(event.eventData),
  };
}

/** The emails a `users` filter names (emails, numeric ids and user_ ids, mixed; anything else names nobody). */
function userEmails(context: AdminContext, tokens: readonly string[]): Set<string> {
  const emails = new Set<string>();
  for (const token of tokens) {
    if (token.includes("@")) emails.add(token.toLowerCase());
    else emails.add(findPerson(context.state, token)?.email.toLowerCase() ?? "");
  }
  return emails;
}

/** An instant the schema accepted (epoch ms as a number or digits, or a date string); unreadable reads as absent. */
function instantOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const parsed = /^-?\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/**
 * GET /teams/audit-logs: filters by time (at most 30 days), event types, users and a search term;
 * newest first, page-based. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Audit log event)
 */
function listAuditLogs(context: AdminContext) {
  const team = teamOf(context);
  const query = context.input.query as { startTime?: unknown; endTime?: unknown; search?: string };
  const end = instantOf(query.endTime) ?? context.now;
  const start = instantOf(query.startTime) ?? end - DEFAULT_RANGE_DAYS * DAY_MS;
  checkRange(start, end, MAX_RANGE_DAYS);
  const { page, pageSize } = pageOf(context.name, context.input.query);
  const types = new Set(listItems(context.input.query.eventTypes));
  const users = listItems(context.input.query.users);
  const emails = userEmails(context, users);
  const search = query.search?.trim().toLowerCase() ?? "";
  const matches = team.audit
    .filter((e) => e.timestamp >= start && e.timestamp <= end)
    .filter((e) => types.size === 0 || types.has(e.eventType))
    .filter((e) => users.length === 0 || emails.has(e.userEmail.toLowerCase()))
    .filter(
      (e) =>
        search === "" ||
        [e.userEmail, e.eventType, e.ipAddress, JSON.stringify(e.eventData)].some((text) =>
          text.toLowerCase().includes(search),
        ),
    )
    .reverse()
    .sort((a, b) => b.timestamp - a.timestamp);
  return reply({
    events: slicePage(matches, page, pageSize).map(eventView),
    pagination: pagination(matches.length, page, pageSize),
    params: { teamId: team.id, startDate: isoTime(start), endDate: isoTime(end) },
  });
}

/** The audit log route. */
export const auditHandlers: AdminHandlers = { "auditLogs.list": listAuditLogs };
