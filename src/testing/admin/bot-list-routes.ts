import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, teamOf } from "./context.js";
import { badRequest, notFound } from "./failures.js";
import { decodeCursor, encodeCursor } from "./paging.js";
import { activeMembers, recordAudit, type TeamRuleRecord, type TeamState } from "./state.js";

// Assistant-bot team rules (newest first, at most 50) and setup manifests (by id, at most 100),
// both cursor-paged with `nextCursor` null on the last page. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Assistant-bot records)

const MAX_RULES = 50;
const MAX_MANIFESTS = 100;

/** `limit` (default 50) and `cursor` of a cursor list, as the schema accepted them. */
const cursorPage = (context: AdminContext) => {
  const { limit = 50, cursor } = context.input.query as { limit?: number; cursor?: string };
  return { limit, cursor };
};

const ruleView = (rule: TeamRuleRecord) => ({
  id: rule.id,
  name: rule.name,
  content: rule.content,
  enabled: rule.enabled,
  scope: "assistantBot",
  createdAt: isoTime(rule.createdAt),
  updatedAt: isoTime(rule.updatedAt),
});

function listTeamRules(context: AdminContext) {
  const { rules } = teamOf(context).bot;
  const { limit, cursor } = cursorPage(context);
  const after = cursor === undefined ? Number.POSITIVE_INFINITY : Number(decodeCursor("rules", cursor));
  const rest = [...rules].sort((a, b) => b.seq - a.seq).filter((rule) => rule.seq < after);
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  return reply({
    teamRules: page.map(ruleView),
    nextCursor: rest.length > limit && last ? encodeCursor("rules", String(last.seq)) : null,
  });
}

function createTeamRule(context: AdminContext) {
  const team = teamOf(context);
  const { name, content, enabled } = context.input.body as Pick<TeamRuleRecord, "name" | "content" | "enabled">;
  if (team.bot.rules.length >= MAX_RULES)
    throw badRequest(`A team stores at most ${MAX_RULES} rules; delete one first.`);
  const seq = context.state.nextSeq();
  const rule: TeamRuleRecord = {
    id: context.state.mint("rule_"),
    seq,
    name,
    content,
    enabled,
    createdAt: context.now,
    updatedAt: context.now,
  };
  team.bot.rules.push(rule);
  recordAudit(context.state, team, context.now, "team_rule", { ruleId: rule.id, action: "created" });
  return reply({ teamRule: ruleView(rule) }, 201);
}

function requireRule(team: TeamState, id: string): TeamRuleRecord {
  const rule = team.bot.rules.find((r) => r.id === id);
  if (!rule) throw notFound(`No team rule ${id}.`);
  return rule;
}

function updateTeamRule(context: AdminContext) {
  const team = teamOf(context);
  const rule = requireRule(team, context.params.ruleId ?? "");
  const { name, content, enabled } = context.input.body as Partial<TeamRuleRecord>;
  Object.assign(rule, {
    name: name ?? rule.name,
    content: content ?? rule.content,
    enabled: enabled ?? rule.enabled,
    updatedAt: context.now,
  });
  recordAudit(context.state, team, context.now, "team_rule", { ruleId: rule.id, action: "updated" });
  return reply({ teamRule: ruleView(rule) });
}

function deleteTeamRule(context: AdminContext) {
  const team = teamOf(context);
  const rule = requireRule(team, context.params.ruleId ?? "");
  team.bot.rules.splice(team.bot.rules.indexOf(rule), 1);
  recordAudit(context.state, team, context.now, "team_rule", { ruleId: rule.id, action: "deleted" });
  return { status: 204 };
}

function listSetupManifests(context: AdminContext) {
  const { manifests } = teamOf(context).bot;
  const { limit, cursor } = cursorPage(context);
  const after = cursor === undefined ? undefined : decodeCursor("manifests", cursor);
  const ids = [...manifests.keys()].sort().filter((id) => after === undefined || id > after);
  const page = ids.slice(0, limit);
  const last = page.at(-1);
  return reply({
    manifests: page.map((id) => structuredClone(manifests.get(id))),
    nextCursor: ids.length > limit && last !== undefined ? encodeCursor("manifests", last) : null,
  });
}

/** PUT a manifest: create or replace; a team stores at most 100 and needs an owner to attribute them to. */
function putSetupManifest(context: AdminContext) {
  const team = teamOf(context);
  const id = context.params.manifestId ?? "";
  const body = context.input.body as { scripts: Array<{ id: string; setup: string; check?: string }> };
  const scripts = body.scripts.map(
    ({ id, setup, check }): Record<string, string> => (check === undefined ? { id, setup } : { id, setup, check }),
  );
  const { manifests } = team.bot;
  if (!manifests.has(id) && manifests.size >= MAX_MANIFESTS)
    throw badRequest(`A team stores at most ${MAX_MANIFESTS} setup manifests; delete one first.`);
  if (!activeMembers(team).some((m) => m.role === "owner"))
    throw badRequest("The team has no owner to attribute the manifest to.");
  const manifest = { id, scripts };
  manifests.set(id, manifest);
  recordAudit(context.state, team, context.now, "assistant_bot_team_setup_manifest", { manifestId: id });
  return reply({ manifest: structuredClone(manifest) });
}

function deleteSetupManifest(context: AdminContext) {
  const team = teamOf(context);
  const id = context.params.manifestId ?? "";
  if (!team.bot.manifests.delete(id)) throw notFound(`No setup manifest ${id}.`);
  recordAudit(context.state, team, context.now, "assistant_bot_team_setup_manifest", {
    manifestId: id,
    action: "deleted",
  });
  return { status: 204 };
}

/** Team rule and setup manifest routes. */
export const botListHandlers: AdminHandlers = {
  "assistantBot.teamRules.list": listTeamRules,
  "assistantBot.teamRules.create": createTeamRule,
  "assistantBot.teamRules.update": updateTeamRule,
  "assistantBot.teamRules.delete": deleteTeamRule,
  "assistantBot.setupManifests.list": listSetupManifests,
  "assistantBot.setupManifests.put": putSetupManifest,
  "assistantBot.setupManifests.delete": deleteSetupManifest,
};
