import { requestObject } from "../../core/arguments.js";
import type { CallOptions } from "../../core/options.js";
import { requireNameSegment, requireSegment } from "../../core/paths.js";
import { type AdminContext, adminCall, adminSend } from "../admin-context.js";
import { pagedList } from "../admin-lists.js";
import { type BulkCallOptions, type BulkRowsResult, bulkRows } from "../bulk-rows.js";
import { ADMIN_LIMITS } from "../schemas/constants.js";
import {
  type BulkTeamResult,
  BulkTeamResultsSchema,
  ModelAccessConfigSchema,
  ModelProvidersResponseSchema,
  OrgModelAccessListResponseSchema,
  type OrgModelAccessRow,
} from "../schemas/index.js";
import type { ModelAccessConfigParams, ModelParameterSetting } from "../schemas/requests-model-access.js";
import {
  assertBulkTeamIds,
  assertModelAccessConfig,
  assertModelAccessPath,
  assertModelToggle,
  assertOrgModelAccessQuery,
  assertProviderToggle,
} from "../validate.js";

/** A bulk model-access result: one row per team (matched by `teamId`), with the chunk report. */
export type BulkTeamsResult = BulkRowsResult<BulkTeamResult, number>;

/** Model access across the organization's teams (preview). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export class OrgModelAccessResource {
  readonly #context: AdminContext;
  constructor(context: AdminContext) {
    this.#context = context;
  }

  /** Every linked team's configuration, paged (a team without control is a row with `errorMessage`). */
  list(params: { teamIds?: number[]; pageSize?: number } = {}, options?: CallOptions) {
    params = requestObject(params, "params", "modelAccess.list");
    const { pageSize, teamIds } = params;
    return pagedList(this.#context, {
      route: "orgListModelAccess",
      operation: "modelAccess.list",
      schema: OrgModelAccessListResponseSchema,
      itemsOf: (page): readonly OrgModelAccessRow[] => page.teams,
      placement: "query",
      params: { teamIds },
      check: assertOrgModelAccessQuery,
      pageSize,
      fallbackPageSize: 100,
      options,
    });
  }

  /** One team's configuration (404 unknown or unlinked team; 403 when control is unavailable). */
  get(teamId: number, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "orgGetModelAccess",
      operation: "modelAccess.get",
      pathParams: teamPath(teamId, "modelAccess.get"),
      schema: ModelAccessConfigSchema,
      options,
    }));
  }

  /** Sets one team's configuration: `{ state: "unrestricted" }` or both defaults. */
  set(teamId: number, config: ModelAccessConfigParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "orgSetModelAccess",
      operation: "modelAccess.set",
      pathParams: teamPath(teamId, "modelAccess.set"),
      body: assertModelAccessConfig(config, "modelAccess.set"),
      schema: ModelAccessConfigSchema,
      options,
    }));
  }

  /** Sets the configuration of many teams: 100 per request, per-team rows; retry only failed teams. */
  setMany(
    teamIds: readonly number[],
    config: ModelAccessConfigParams,
    options?: CallOptions & BulkCallOptions,
  ): Promise<BulkTeamsResult> {
    const body = assertModelAccessConfig(config, "modelAccess.setMany");
    return this.#bulk(teamIds, "modelAccess.setMany", options, (chunk) => ({
      route: "orgSetModelAccessBulk",
      body: { ...body, teamIds: chunk },
    }));
  }

  /** One team's providers and models (409 unless its policy is custom). */
  providers(teamId: number, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "orgListModelProviders",
      operation: "modelAccess.providers",
      pathParams: teamPath(teamId, "modelAccess.providers"),
      schema: ModelProvidersResponseSchema,
      options,
    }));
  }

  /** Enables or disables a provider for one team. */
  setProvider(teamId: number, provider: string, enabled: boolean, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "orgSetModelProvider",
      operation: "modelAccess.setProvider",
      pathParams: { ...teamPath(teamId, "modelAccess.setProvider"), provider: pathPart({ provider }, "provider") },
      body: assertProviderToggle({ enabled }, "modelAccess.setProvider"),
      schema: undefined,
      options,
    }));
  }

  /** Enables or disables a provider for many teams (100 per request). */
  setProviderMany(
    teamIds: readonly number[],
    provider: string,
    enabled: boolean,
    options?: CallOptions & BulkCallOptions,
  ) {
    const path = { provider: pathPart({ provider }, "provider") };
    const body = assertProviderToggle({ enabled }, "modelAccess.setProviderMany");
    return this.#bulk(teamIds, "modelAccess.setProviderMany", options, (chunk) => ({
      route: "orgSetModelProviderBulk",
      pathParams: path,
      body: { ...body, teamIds: chunk },
    }));
  }

  /** Enables or disables one model for one team, optionally with parameter settings. */
  setModel(
    teamId: number,
    provider: string,
    model: string,
    body: { enabled: boolean; parameters?: Record<string, ModelParameterSetting> },
    options?: CallOptions,
  ) {
    return adminCall(this.#context, () => ({
      route: "orgSetProviderModel",
      operation: "modelAccess.setModel",
      pathParams: {
        ...teamPath(teamId, "modelAccess.setModel"),
        provider: pathPart({ provider }, "provider"),
        model: pathPart({ model }, "model"),
      },
      body: assertModelToggle(body, "modelAccess.setModel"),
      schema: undefined,
      options,
    }));
  }

  /** Enables or disables one model for many teams (100 per request). */
  setModelMany(
    teamIds: readonly number[],
    provider: string,
    model: string,
    body: { enabled: boolean; parameters?: Record<string, ModelParameterSetting> },
    options?: CallOptions & BulkCallOptions,
  ) {
    const path = { provider: pathPart({ provider }, "provider"), model: pathPart({ model }, "model") };
    const checked = assertModelToggle(body, "modelAccess.setModelMany");
    return this.#bulk(teamIds, "modelAccess.setModelMany", options, (chunk) => ({
      route: "orgSetProviderModelBulk",
      pathParams: path,
      body: { ...checked, teamIds: chunk },
    }));
  }

  #bulk(
    teamIds: readonly number[],
    operation: string,
    options: (CallOptions & BulkCallOptions) | undefined,
    build: (chunk: number[]) => {
      route: "orgSetModelAccessBulk" | "orgSetModelProviderBulk" | "orgSetProviderModelBulk";
      pathParams?: Record<string, string>;
      body: unknown;
    },
  ): Promise<BulkTeamsResult> {
    // Checked in route-sized slices up front, so nothing is sent when any id is wrong. An empty list sends nothing
    // (what `retryFailed` gives after a run where every team applied), like every other bulk helper.
    if (!Array.isArray(teamIds)) assertBulkTeamIds(teamIds, operation);
    for (let at = 0; at < teamIds.length; at += ADMIN_LIMITS.maxBulkTeamIds) {
      assertBulkTeamIds(teamIds.slice(at, at + ADMIN_LIMITS.maxBulkTeamIds), operation);
    }
    return bulkRows<BulkTeamResult, number>({
      items: teamIds,
      size: ADMIN_LIMITS.maxBulkTeamIds,
      call: options,
      key: { input: (teamId) => teamId, row: (row) => row.teamId },
      send: async (chunk) => {
        const request = build(chunk);
        const result = await adminSend(this.#context, {
          ...request,
          operation,
          schema: BulkTeamResultsSchema,
          options,
        });
        return result.data.results;
      },
    });
  }
}

// The path schema takes every part as optional (one schema for all the routes); a route that has the part needs it.
function teamPath(teamId: number, operation: string): { teamId: string } {
  const checked = assertModelAccessPath({ teamId }, operation).teamId;
  return { teamId: requireSegment(checked === undefined ? undefined : String(checked), "teamId", operation) };
}

function pathPart(params: { provider?: string; model?: string }, key: "provider" | "model"): string {
  const operation = `modelAccess (${key})`;
  // Checked here as well as when the path is filled: the bulk calls reuse it for every chunk.
  return requireNameSegment(assertModelAccessPath(params, operation)[key], key, operation);
}
