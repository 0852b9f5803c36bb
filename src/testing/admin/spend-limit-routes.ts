import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { AdminFailure } from "./failures.js";
import { activeMembers, recordAudit, type TeamState } from "./state.js";

// POST /teams/user-spend-limit (`{outcome, message}`, failures too, with 200) and the bulk preview route (per-row results, nothing
// applied on a 400). @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Team Admin API (team key))

interface LimitUpdate {
  userEmail: string;
  spendLimitDollars: number | null;
}

// Updates passed the operation's schema (email format, whole dollars or null) before the handler runs.
function readUpdate(value: unknown): LimitUpdate {
  const { userEmail, spendLimitDollars } = value as LimitUpdate;
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
  const update = readUpdate(context.input.body);
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
  // The schema refused an empty list, more than 100 updates, a malformed row and a repeated email (nothing applied).
  const { updates } = context.input.body as { updates: unknown[] };
  const parsed = updates.map(readUpdate);
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
export const spendLimitHandlers: AdminHandlers = {
  "spendLimits.set": setSpendLimit,
  "spendLimits.setMany": setSpendLimits,
};
