import { requestObject } from "../../core/arguments.js";
import { callOperation, sendOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { fillPath } from "../../core/paths.js";
import { checkRequest } from "../../core/schema.js";
import { pagedList } from "../admin-lists.js";
import { AdminResource } from "../admin-resource.js";
import { type BulkCallOptions, type BulkRowsResult, bulkRows } from "../bulk-rows.js";
import type { AdminOperation } from "../operation-types.js";
import { ADMIN_LIMITS } from "../schemas/constants.js";
import type { BulkTeamResult, OrgModelAccessRow } from "../schemas/index.js";
import {
  BulkTeamIdsBodySchema,
  type ModelAccessConfigParams,
  type ModelParameterSetting,
} from "../schemas/requests-model-access.js";

/** A bulk model-access result: one row per team (matched by `teamId`), with the chunk report. */
export type BulkTeamsResult = BulkRowsResult<BulkTeamResult, number>;

// Each bulk operation's body is its single-team operation's body plus `teamIds`.
const SINGLE = {
  "org.modelAccess.setMany": "org.modelAccess.set",
  "org.modelAccess.setProviderMany": "org.modelAccess.setProvider",
  "org.modelAccess.setModelMany": "org.modelAccess.setModel",
} as const;

/** Model access across the organization's teams (preview). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export class OrgModelAccessResource extends AdminResource {
  /** Every linked team's configuration, paged (a team without control is a row with `errorMessage`). */
  list(params: { teamIds?: number[]; pageSize?: number } = {}, options?: CallOptions) {
    const { pageSize, teamIds } = requestObject(params, "params", "org.modelAccess.list");
    return pagedList(this.context, "org.modelAccess.list", {
      itemsOf: (page): readonly OrgModelAccessRow[] => page.teams,
      placement: "query",
      params: { teamIds },
      pageSize,
      fallbackPageSize: 100,
      options,
    });
  }

  /** One team's configuration (404 unknown or unlinked team; 403 when control is unavailable). */
  get(teamId: number, options?: CallOptions) {
    return callOperation(this.context, "org.modelAccess.get", { params: { teamId }, options });
  }

  /** Sets one team's configuration: `{ state: "unrestricted" }` or both defaults. */
  set(teamId: number, config: ModelAccessConfigParams, options?: CallOptions) {
    return callOperation(this.context, "org.modelAccess.set", { params: { teamId }, body: config, options });
  }

  /** Sets the configuration of many teams: 100 per request, per-team rows; retry only failed teams. */
  setMany(teamIds: readonly number[], config: ModelAccessConfigParams, options?: CallOptions & BulkCallOptions) {
    return this.#bulk("org.modelAccess.setMany", teamIds, {}, config, options);
  }

  /** One team's providers and models (409 unless its policy is custom). */
  providers(teamId: number, options?: CallOptions) {
    return callOperation(this.context, "org.modelAccess.providers", { params: { teamId }, options });
  }

  /** Enables or disables a provider for one team. */
  setProvider(teamId: number, provider: string, enabled: boolean, options?: CallOptions) {
    return callOperation(this.context, "org.modelAccess.setProvider", {
      params: { teamId, provider },
      body: { enabled },
      options,
    });
  }

  /** Enables or disables a provider for many teams (100 per request). */
  setProviderMany(
    teamIds: readonly number[],
    provider: string,
    enabled: boolean,
    options?: CallOptions & BulkCallOptions,
  ) {
    return this.#bulk("org.modelAccess.setProviderMany", teamIds, { provider }, { enabled }, options);
  }

  /** Enables or disables one model for one team, optionally with parameter settings. */
  setModel(
    teamId: number,
    provider: string,
    model: string,
    body: { enabled: boolean; parameters?: Record<string, ModelParameterSetting> },
    options?: CallOptions,
  ) {
    return callOperation(this.context, "org.modelAccess.setModel", {
      params: { teamId, provider, model },
      body,
      options,
    });
  }

  /** Enables or disables one model for many teams (100 per request). */
  setModelMany(
    teamIds: readonly number[],
    provider: string,
    model: string,
    body: { enabled: boolean; parameters?: Record<string, ModelParameterSetting> },
    options?: CallOptions & BulkCallOptions,
  ) {
    return this.#bulk("org.modelAccess.setModelMany", teamIds, { provider, model }, body, options);
  }

  #bulk(
    name: keyof typeof SINGLE,
    teamIds: readonly number[],
    params: Record<string, string>,
    body: object,
    options: (CallOptions & BulkCallOptions) | undefined,
  ): Promise<BulkTeamsResult> {
    // Everything is checked up front — the path, the body, every slice of ids — so nothing is sent when any part is
    // wrong. An empty list sends nothing (what `retryFailed` gives after a clean run).
    const { path, params: pathSchema, body: bulkSchema }: AdminOperation = this.context.operations[name];
    const { body: singleSchema }: AdminOperation = this.context.operations[SINGLE[name]];
    if (pathSchema)
      fillPath(path, checkRequest(pathSchema, params, name) as Record<string, string>, name, {
        provider: "name",
        model: "name",
      });
    if (singleSchema) checkRequest(singleSchema, body, name);
    if (!Array.isArray(teamIds)) checkRequest(BulkTeamIdsBodySchema, teamIds === undefined ? {} : { teamIds }, name);
    for (let at = 0; at < teamIds.length && bulkSchema; at += ADMIN_LIMITS.maxBulkTeamIds) {
      checkRequest(bulkSchema, { ...body, teamIds: teamIds.slice(at, at + ADMIN_LIMITS.maxBulkTeamIds) }, name);
    }
    return bulkRows<BulkTeamResult, number>({
      items: teamIds,
      size: ADMIN_LIMITS.maxBulkTeamIds,
      call: options,
      redact: (text) => this.context.transport.redacted(text),
      key: { input: (teamId) => teamId, row: (row) => row.teamId },
      send: async (chunk) => {
        const result = await sendOperation(this.context, name, { params, body: { ...body, teamIds: chunk }, options });
        return result.data.results;
      },
    });
  }
}
