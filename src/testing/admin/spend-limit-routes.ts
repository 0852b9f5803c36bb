import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { AdminFailure, badRequest, type Envelope } from "./failures.js";
import { isInteger, isObject, type JsonObject, requireObject } from "./input.js";
import { activeMembers, recordAudit, type TeamState } from "./state.js";

// POST /teams/user-spend-limit (`{outcome, message}`, failures too, with 200) and the bulk preview route (per-row results, nothing
// applied on a 400). @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team Admin API (team key))

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_UPDATES = 100;

interface LimitUpdate {
  userEmail: string;
  spendLimitDollars: number | null;
}

function readUpdate(value: unknown, where: string, envelope: Envelope): LimitUpdate {
  if (!isObject(value)) throw badRequest(`${where} must be an object.`, envelope);
  const { userEmail, spendLimitDollars } = value as JsonObject;
  if (typeof userEmail !== "string" || userEmail.trim() === "")
    throw badRequest(`${where}.userEmail is required.`, envelope);
  if (!EMAIL.test(userEmail.trim()))
    throw badRequest(`${where}.userEmail ${JSON.stringify(userEmail)} is not a valid email address.`, envelope);
  if (spendLimitDollars === undefined)
    throw badRequest(`${where}.spendLimitDollars is required (an integer, or null to remove the limit).`, envelope);
  if (spendLimitDollars !== null && !(isInteger(spendLimitDollars) && spendLimitDollars >= 0))
    throw badRequest(`${where}.spendLimitDollars must be a whole number of dollars >= 0, or null.`, envelope);
  return { userEmail: userEmail.trim(), spendLimitDollars };
}

function findMember(team: TeamState, email: string) {
  const wanted = email.toLowerCase();
  return activeMembers(team).find((m) => m.person.email.toLowerCase() === wanted);
}

// The single route reports its own failures in a 200 body, `{outcome: "error", message}`: its response column
// reads `{outcome: success or error, message}` and the errors section says failures (an invalid email, for one)
// return that body, with no other status. Key, scope and rate-limit failures stay statuses (the dispatcher's).
function setSpendLimit(context: AdminContext) {
  try {
    return applySpendLimit(context);
  } catch (error) {
    if (error instanceof AdminFailure) return reply({ outcome: "error", message: error.detail });
    throw error;
  }
}

function applySpendLimit(context: AdminContext) {
  const team = teamOf(context);
  const update = readUpdate(requireObject(context.body, "outcome"), "body", "outcome");
  const member = findMember(team, update.userEmail);
  if (!member) throw new AdminFailure(404, `${update.userEmail} is not a member of this team.`, "outcome");
  if (member.spendLimitDollars !== update.spendLimitDollars) {
    member.spendLimitDollars = update.spendLimitDollars;
    recordAudit(context.state, team, context.now, "user_spend_limit", { ...update });
  }
  const message =
    update.spendLimitDollars === null
      ? `Removed the spend limit of ${member.person.email}.`
      : `Set the spend limit of ${member.person.email} to $${update.spendLimitDollars}.`;
  return reply({ outcome: "success", message });
}

function setSpendLimits(context: AdminContext) {
  const team = teamOf(context);
  const { updates } = requireObject(context.body);
  if (!Array.isArray(updates) || updates.length === 0)
    throw badRequest("`updates` is required and must be a non-empty array.");
  if (updates.length > MAX_UPDATES)
    throw badRequest(`\`updates\` holds ${updates.length} entries; at most ${MAX_UPDATES}. Nothing was applied.`);
  const parsed = updates.map((value, index) => readUpdate(value, `updates[${index}]`, "code"));
  const seen = new Set<string>();
  for (const update of parsed) {
    const email = update.userEmail.toLowerCase();
    if (seen.has(email)) throw badRequest(`\`updates\` names ${update.userEmail} twice. Nothing was applied.`);
    seen.add(email);
  }
  const results = parsed.map((update) => {
    const member = findMember(team, update.userEmail);
    if (!member) return { userEmail: update.userEmail, status: "failed", error: "User is not a member of this team." };
    if (member.spendLimitDollars === update.spendLimitDollars)
      return { userEmail: update.userEmail, status: "unchanged" };
    member.spendLimitDollars = update.spendLimitDollars;
    recordAudit(context.state, team, context.now, "user_spend_limit", { ...update });
    return { userEmail: update.userEmail, status: "updated" };
  });
  const count = (status: string) => results.filter((r) => r.status === status).length;
  return reply({
    requestedCount: results.length,
    updatedCount: count("updated"),
    unchangedCount: count("unchanged"),
    failedCount: count("failed"),
    results,
  });
}

/** Spend-limit routes. */
export const spendLimitHandlers: AdminHandlers = { setSpendLimit, setSpendLimits };
