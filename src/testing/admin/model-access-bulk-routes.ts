import { reply } from "../responses.js";
import { type AdminContext, type AdminHandlers, linkedTeam } from "./context.js";
import {
  type AccessOutcome,
  applyConfiguration,
  applyModel,
  applyProvider,
  readConfigurationBody,
  readModelBody,
  requireModel,
  requireProvider,
} from "./model-access.js";
import { auditModelAccess } from "./model-access-routes.js";
import type { JsonObject } from "./paging.js";
import type { TeamState } from "./state.js";

// Bulk model access (up to 100 teamIds): a 4xx rejects the whole request with nothing changed; otherwise
// each team gets a result row, successes are kept, and unlinked teams or teams without a policy are
// error rows. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Organization API (organization key))

/** `teamIds` as the schema accepted them (1 to 100 numbers), each once. */
const readTeamIds = (body: JsonObject): number[] => [...new Set(body.teamIds as number[])];

function runBulk(
  context: AdminContext,
  teamIds: readonly number[],
  apply: (team: TeamState) => AccessOutcome,
  change: Record<string, unknown>,
) {
  const results = teamIds.map((teamId) => {
    const team = linkedTeam(context, teamId);
    if (!team) return { teamId, status: "error", errorMessage: `Team ${teamId} is not linked to this organization.` };
    const outcome = apply(team);
    if (!outcome.ok) return { teamId, status: "error", errorMessage: outcome.message };
    auditModelAccess(context, team, change);
    return { teamId, status: "success" };
  });
  const successCount = results.filter((r) => r.status === "success").length;
  return reply({ results, successCount, errorCount: results.length - successCount });
}

function orgSetModelAccessBulk(context: AdminContext) {
  const body = context.input.body;
  const teamIds = readTeamIds(body);
  const input = readConfigurationBody(body);
  return runBulk(context, teamIds, (team) => applyConfiguration(team, input), { ...input });
}

function orgSetModelProviderBulk(context: AdminContext) {
  const body = context.input.body;
  const teamIds = readTeamIds(body);
  const provider = requireProvider(context.params.provider ?? "");
  const enabled = body.enabled as boolean;
  return runBulk(context, teamIds, (team) => applyProvider(team, provider, enabled), {
    provider: provider.id,
    enabled,
  });
}

function orgSetProviderModelBulk(context: AdminContext) {
  const body = context.input.body;
  const teamIds = readTeamIds(body);
  const provider = requireProvider(context.params.provider ?? "");
  const model = requireModel(provider, context.params.model ?? "");
  const input = readModelBody(body, model);
  return runBulk(context, teamIds, (team) => applyModel(team, provider, model, input), {
    provider: provider.id,
    model: model.id,
    enabled: input.enabled,
  });
}

/** Bulk organization model access routes. */
export const modelAccessBulkHandlers: AdminHandlers = {
  "org.modelAccess.setMany": orgSetModelAccessBulk,
  "org.modelAccess.setProviderMany": orgSetModelProviderBulk,
  "org.modelAccess.setModelMany": orgSetProviderModelBulk,
};
