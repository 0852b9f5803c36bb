import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { badRequest } from "./failures.js";
import { DAY_MS } from "./hash.js";
import { commaList, pagination, readInstant, readPage, slicePage } from "./input.js";
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

/** The emails a `users` filter names (emails, numeric ids and user_ ids, mixed). */
function userEmails(context: AdminContext, tokens: readonly string[]): Set<string> {
  const emails = new Set<string>();
  for (const token of tokens) {
    if (token.includes("@")) emails.add(token.toLowerCase());
    else if (/^\d+$/.test(token) || token.startsWith("user_")) {
      const person = findPerson(context.state, token);
      if (person) emails.add(person.email.toLowerCase());
    } else throw badRequest(`\`users\`: ${JSON.stringify(token)} is not an email, numeric id or user_ id.`);
  }
  return emails;
}

/**
 * GET /teams/audit-logs: filters by time (at most 30 days), event types, users and a search term;
 * newest first, page-based. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Audit log event)
 */
function listAuditLogs(context: AdminContext) {
  const team = teamOf(context);
  const { query } = context;
  const end = readInstant(query.get("endTime"), "endTime") ?? context.now;
  const start = readInstant(query.get("startTime"), "startTime") ?? end - DEFAULT_RANGE_DAYS * DAY_MS;
  checkRange(start, end, MAX_RANGE_DAYS);
  const { page, pageSize } = readPage(query, { defaultPageSize: 100 });
  const types = new Set(commaList(query.get("eventTypes")));
  const users = commaList(query.get("users"));
  if (users.length > pageSize)
    throw badRequest(`\`users\` names ${users.length} users; at most pageSize (${pageSize}) are allowed.`);
  const emails = userEmails(context, users);
  const search = query.get("search")?.trim().toLowerCase() ?? "";
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
