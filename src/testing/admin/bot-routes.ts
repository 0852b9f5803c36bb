import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { badRequest } from "./failures.js";
import { isObject, isStringArray, type JsonObject, requireBoolean, requireObject } from "./input.js";
import { type BotRecord, recordAudit, type TeamState } from "./state.js";

// Assistant-bot administration: availability, capabilities, auto-review, access and network policies.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Assistant-bot records)

const TEMPLATE_SHARING = ["all", "team_only", "none"];
const LOCAL_EXECUTION = ["never", "ask", "always"];
const EGRESS_MODES = ["unset", "allow_all", "default_with_network_settings", "network_settings_only"];
const MAX_REVIEW_RULES = 20;
const MAX_REVIEW_RULE_CHARS = 1000;
const MAX_ACCESS_GROUPS = 100;

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

const enumOrNull = (value: unknown, allowed: readonly string[]) =>
  value === null || (typeof value === "string" && allowed.includes(value));

/** PATCH capabilities: any of the writable fields, at least one; `enabled` is read-only (400). */
function updateCapabilities(context: AdminContext) {
  const team = teamOf(context);
  const body = requireObject(context.body);
  if ("enabled" in body) throw badRequest("`enabled` is read-only; use POST /assistant-bot/enable or /disable.");
  const next = { ...team.bot.capabilities };
  let changed = 0;
  for (const field of ["cloudAgents", "actionRecording", "localEgressAllowed"] as const) {
    if (body[field] === undefined) continue;
    next[field] = requireBoolean(body, field);
    changed += 1;
  }
  if (body.templateSharing !== undefined) {
    if (!enumOrNull(body.templateSharing, TEMPLATE_SHARING))
      throw badRequest("`templateSharing` must be all, team_only, none or null.");
    next.templateSharing = body.templateSharing as string | null;
    changed += 1;
  }
  if (body.localExecution !== undefined) {
    if (!enumOrNull(body.localExecution, LOCAL_EXECUTION))
      throw badRequest("`localExecution` must be never, ask, always or null.");
    next.localExecution = body.localExecution as string | null;
    changed += 1;
  }
  if (changed === 0)
    throw badRequest(
      "Send at least one of cloudAgents, templateSharing, actionRecording, localExecution, localEgressAllowed.",
    );
  team.bot.capabilities = next;
  recordAudit(context.state, team, context.now, "assistant_bot_resource", { capabilities: { ...next } });
  return reply(capabilitiesView(team.bot));
}

function readRuleList(rules: JsonObject, field: "allow" | "block"): string[] {
  const list = rules[field];
  if (!isStringArray(list)) throw badRequest(`\`rules.${field}\` is required and must be an array of strings.`);
  const clean = [...new Set(list.map((rule) => rule.trim()).filter((rule) => rule !== ""))];
  if (clean.length > MAX_REVIEW_RULES)
    throw badRequest(`\`rules.${field}\` holds ${clean.length} entries; at most ${MAX_REVIEW_RULES}.`);
  if (clean.some((rule) => rule.length > MAX_REVIEW_RULE_CHARS))
    throw badRequest(`Each \`rules.${field}\` entry is at most ${MAX_REVIEW_RULE_CHARS} characters.`);
  return clean;
}

/** PUT auto-review: `enforced` and `rules` required; entries trimmed and de-duplicated. */
function setAutoReview(context: AdminContext) {
  const team = teamOf(context);
  const body = requireObject(context.body);
  const enforced = requireBoolean(body, "enforced");
  if (!isObject(body.rules)) throw badRequest("`rules` is required: {allow: string[], block: string[]}.");
  team.bot.autoReview = {
    enforced,
    rules: { allow: readRuleList(body.rules, "allow"), block: readRuleList(body.rules, "block") },
  };
  recordAudit(context.state, team, context.now, "reviewbot_team_settings", { enforced });
  return reply(autoReviewView(team.bot));
}

/** PUT access: `mode` all (no groupIds) or limited (1..100 billing group ids of this team). */
function setAccess(context: AdminContext) {
  const team = teamOf(context);
  const body = requireObject(context.body);
  const { mode, groupIds } = body;
  if (mode !== "all" && mode !== "limited") throw badRequest("`mode` is required: all or limited.");
  if (mode === "all") {
    if (groupIds !== undefined && !(Array.isArray(groupIds) && groupIds.length === 0))
      throw badRequest("`groupIds` must be omitted when `mode` is all.");
    team.bot.access = { mode, groupIds: [] };
  } else {
    if (!isStringArray(groupIds) || groupIds.length === 0)
      throw badRequest("`groupIds` is required with mode limited: 1 to 100 billing group ids.");
    const unique = [...new Set(groupIds)];
    if (unique.length > MAX_ACCESS_GROUPS)
      throw badRequest(`\`groupIds\` holds ${unique.length} ids; at most ${MAX_ACCESS_GROUPS}.`);
    for (const id of unique) {
      if (!/^group_[A-Za-z0-9]+$/.test(id))
        throw badRequest(`\`groupIds\`: ${JSON.stringify(id)} is not a billing group id.`);
      if (!team.billingGroups.some((g) => g.id === id))
        throw badRequest(`\`groupIds\`: no billing group ${id} in this team.`);
    }
    team.bot.access = { mode, groupIds: unique };
  }
  recordAudit(context.state, team, context.now, "assistant_bot_access_changed", { mode });
  return reply(accessView(team));
}

// host or *.host, or an IPv4 address/CIDR; then an optional :port.
const HOST = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(\/(\d{1,2}))?$/;

/** Whether an allowlist entry is a host, wildcard host, IPv4 or CIDR, with an optional :port. */
export function isAllowlistEntry(entry: string): boolean {
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(entry.trim());
  const target = match?.[1] ?? "";
  const port = match?.[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  const ip = IPV4.exec(target);
  if (ip) return ip.slice(1, 5).every((octet) => Number(octet) <= 255) && (ip[6] === undefined || Number(ip[6]) <= 32);
  return HOST.test(target) && !/^[\d.]+$/.test(target);
}

/** PUT network: `egressMode`, `allowlist` and `locked`, all required. */
function setNetwork(context: AdminContext) {
  const team = teamOf(context);
  const body = requireObject(context.body);
  const { egressMode, allowlist, locked } = body;
  if (egressMode === undefined || allowlist === undefined || locked === undefined)
    throw badRequest("Send `egressMode`, `allowlist` and `locked` together; partial updates are not accepted.");
  if (typeof egressMode !== "string" || !EGRESS_MODES.includes(egressMode))
    throw badRequest(`\`egressMode\` must be one of ${EGRESS_MODES.join(", ")}.`);
  if (!isStringArray(allowlist)) throw badRequest("`allowlist` must be an array of strings.");
  const invalid = allowlist.find((entry) => !isAllowlistEntry(entry));
  if (invalid !== undefined)
    throw badRequest(
      `\`allowlist\`: ${JSON.stringify(invalid)} is not a host, *.domain, IPv4 or CIDR with optional :port.`,
    );
  if (typeof locked !== "boolean") throw badRequest("`locked` must be a boolean.");
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
