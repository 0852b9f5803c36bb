import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { badRequest } from "./failures.js";
import { type BotRecord, recordAudit, type TeamState } from "./state.js";

// Assistant-bot administration: availability, capabilities, auto-review, access and network policies.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Assistant-bot records)

const capabilitiesView = (bot: BotRecord) => ({ enabled: bot.enabled, ...bot.capabilities });
const autoReviewView = (bot: BotRecord) => structuredClone(bot.autoReview);
const networkView = (bot: BotRecord) => structuredClone(bot.network);

function accessView(team: TeamState): Record<string, unknown> {
  const { access } = team.bot;
  const groups = access.mode === "all" ? [] : access.groupIds;
  return {
    mode: access.mode,
    groups: groups.map((id) => ({ id, name: team.billingGroups.find((g) => g.id === id)?.name ?? id })),
  };
}

function setAvailability(enabled: boolean) {
  return (context: AdminContext) => {
    const team = teamOf(context);
    team.bot.enabled = enabled;
    recordAudit(context.state, team, context.now, "assistant_bot_lifecycle", { enabled });
    return { status: 204 };
  };
}

/** PATCH capabilities: the fields sent replace the stored ones (the schema refused `enabled` and an empty patch). */
function updateCapabilities(context: AdminContext) {
  const team = teamOf(context);
  const next = { ...team.bot.capabilities };
  for (const [field, value] of Object.entries(context.input.body))
    if (field in next && value !== undefined) Object.assign(next, { [field]: value });
  team.bot.capabilities = next;
  recordAudit(context.state, team, context.now, "assistant_bot_resource", { capabilities: { ...next } });
  return reply(capabilitiesView(team.bot));
}

/** PUT auto-review: entries trimmed and de-duplicated (the schema checked counts and lengths the same way). */
function setAutoReview(context: AdminContext) {
  const team = teamOf(context);
  const { enforced, rules } = context.input.body as { enforced: boolean; rules: { allow: string[]; block: string[] } };
  const clean = (list: string[]) => [...new Set(list.map((rule) => rule.trim()))];
  team.bot.autoReview = { enforced, rules: { allow: clean(rules.allow), block: clean(rules.block) } };
  recordAudit(context.state, team, context.now, "reviewbot_team_settings", { enforced });
  return reply(autoReviewView(team.bot));
}

/** PUT access: `mode` all, or limited to billing group ids that must exist in this team (state, not schema). */
function setAccess(context: AdminContext) {
  const team = teamOf(context);
  const { mode, groupIds = [] } = context.input.body as { mode: "all" | "limited"; groupIds?: string[] };
  const unique = [...new Set(groupIds)];
  const unknown = unique.find((id) => !team.billingGroups.some((g) => g.id === id));
  if (unknown !== undefined) throw badRequest(`\`groupIds\`: no billing group ${unknown} in this team.`);
  team.bot.access = { mode, groupIds: unique };
  recordAudit(context.state, team, context.now, "assistant_bot_access_changed", { mode });
  return reply(accessView(team));
}

/** PUT network: `egressMode`, `allowlist` and `locked` replace the policy (all three required by the schema). */
function setNetwork(context: AdminContext) {
  const team = teamOf(context);
  const { egressMode, allowlist, locked } = context.input.body as BotRecord["network"];
  team.bot.network = { egressMode, allowlist: allowlist.map((entry) => entry.trim()), locked };
  recordAudit(context.state, team, context.now, "assistant_bot_resource", { network: egressMode });
  return reply(networkView(team.bot));
}

/** Assistant-bot availability and policy routes. */
export const botHandlers: AdminHandlers = {
  "assistantBot.enable": setAvailability(true),
  "assistantBot.disable": setAvailability(false),
  "assistantBot.capabilities.get": (context) => reply(capabilitiesView(teamOf(context).bot)),
  "assistantBot.capabilities.update": updateCapabilities,
  "assistantBot.autoReview.get": (context) => reply(autoReviewView(teamOf(context).bot)),
  "assistantBot.autoReview.set": setAutoReview,
  "assistantBot.access.get": (context) => reply(accessView(teamOf(context))),
  "assistantBot.access.set": setAccess,
  "assistantBot.network.get": (context) => reply(networkView(teamOf(context).bot)),
  "assistantBot.network.set": setNetwork,
};
