import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, linkedTeam, organizationOf, teamOf } from "./context.js";
import { AdminFailure, badRequest, notFound } from "./failures.js";
import {
  type AccessOutcome,
  applyConfiguration,
  applyModel,
  applyProvider,
  checkAvailable,
  checkCustom,
  configurationView,
  providerModelsView,
  providersView,
  readConfigurationBody,
  readModelBody,
  requireModel,
  requireProvider,
} from "./model-access.js";
import { listItems, pageOf, pagination, slicePage } from "./paging.js";
import { recordAudit, type TeamState } from "./state.js";

// Model access for the key's team (/teams/model-access/…) and for one linked team of the organization
// (/organizations/teams/:teamId/…). Checks run in this order: 404 team, 403 no control, 400 body, 409 state.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § States and transitions)

/** Throws the outcome's status when it failed. */
export function enforce(outcome: AccessOutcome): void {
  if (!outcome.ok) throw new AdminFailure(outcome.status, outcome.message);
}

/** Records a model access write as the spec says: a `team_settings` event. */
export function auditModelAccess(context: AdminContext, team: TeamState, change: Record<string, unknown>): void {
  recordAudit(context.state, team, context.now, "team_settings", { setting: "model_access", ...change });
}

/** The linked team named by `:teamId` (a number, per its schema): 404 when unknown or unlinked. */
function pathTeam(context: AdminContext): TeamState {
  const raw = context.params.teamId ?? "";
  const team = linkedTeam(context, Number(raw));
  if (!team) throw notFound(`Team ${raw} is not linked to this organization.`);
  return team;
}

type TeamOf = (context: AdminContext) => TeamState;

function available(teamOfContext: TeamOf): TeamOf {
  return (context) => {
    const team = teamOfContext(context);
    enforce(checkAvailable(team));
    return team;
  };
}

function handlers(teamOfContext: TeamOf) {
  const resolve = available(teamOfContext);
  return {
    getConfiguration: (context: AdminContext) => reply(configurationView(resolve(context))),
    setConfiguration(context: AdminContext) {
      const team = resolve(context);
      const input = readConfigurationBody(context.input.body);
      enforce(applyConfiguration(team, input));
      auditModelAccess(context, team, { ...input });
      return reply(configurationView(team));
    },
    listProviders(context: AdminContext) {
      const team = resolve(context);
      enforce(checkCustom(team));
      return reply(providersView(team));
    },
    setProvider(context: AdminContext) {
      const team = resolve(context);
      const provider = requireProvider(context.params.provider ?? "");
      const enabled = context.input.body.enabled as boolean;
      enforce(applyProvider(team, provider, enabled));
      auditModelAccess(context, team, { provider: provider.id, enabled });
      return reply(providersView(team));
    },
    listModels(context: AdminContext) {
      const team = resolve(context);
      const provider = requireProvider(context.params.provider ?? "");
      enforce(checkCustom(team));
      return reply(providerModelsView(team, provider));
    },
    setModel(context: AdminContext) {
      const team = resolve(context);
      const provider = requireProvider(context.params.provider ?? "");
      const model = requireModel(provider, context.params.model ?? "");
      const input = readModelBody(context.input.body, model);
      enforce(applyModel(team, provider, model, input));
      auditModelAccess(context, team, { provider: provider.id, model: model.id, enabled: input.enabled });
      return reply(providerModelsView(team, provider));
    },
  };
}

/** GET /organizations/teams/model-access/configuration: a linked team without control is a row with errorMessage. */
function orgListModelAccess(context: AdminContext) {
  const organization = organizationOf(context);
  const linked = organization?.teamIds ?? [];
  const { page, pageSize } = pageOf(context.name, context.input.query);
  const wanted = listItems(context.input.query.teamIds).map(Number);
  const unlinked = wanted.find((id) => !linked.includes(id));
  if (unlinked !== undefined) throw badRequest(`\`teamIds\`: team ${unlinked} is not linked to this organization.`);
  const teams = linked
    .filter((id) => wanted.length === 0 || wanted.includes(id))
    .flatMap((id) => context.state.teams.get(id) ?? []);
  const rows = slicePage(teams, page, pageSize).map((team) => {
    const outcome = checkAvailable(team);
    if (!outcome.ok) return { teamId: team.id, teamName: team.name, errorMessage: outcome.message };
    return { teamId: team.id, teamName: team.name, ...configurationView(team) };
  });
  return reply({ teams: rows, pagination: pagination(teams.length, page, pageSize) });
}

const team = handlers(teamOf);
const organization = handlers(pathTeam);

/** Team and single-team organization model access routes. */
export const modelAccessHandlers: AdminHandlers = {
  "modelAccess.get": team.getConfiguration,
  "modelAccess.set": team.setConfiguration,
  "modelAccess.providers": team.listProviders,
  "modelAccess.setProvider": team.setProvider,
  "modelAccess.models": team.listModels,
  "modelAccess.setModel": team.setModel,
  "org.modelAccess.list": orgListModelAccess,
  "org.modelAccess.get": organization.getConfiguration,
  "org.modelAccess.set": organization.setConfiguration,
  "org.modelAccess.providers": organization.listProviders,
  "org.modelAccess.setProvider": organization.setProvider,
  "org.modelAccess.setModel": organization.setModel,
};
