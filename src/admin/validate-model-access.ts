import type { ValidationIssue } from "../core/errors.js";
import { checkRequest } from "../core/schema.js";
import {
  BulkTeamIdsBodySchema,
  ModelAccessConfigBodySchema,
  ModelAccessConfigBulkBodySchema,
  type ModelAccessConfigBulkParams,
  type ModelAccessConfigParams,
  ModelAccessPathSchema,
  ModelToggleBodySchema,
  ModelToggleBulkBodySchema,
  type ModelToggleBulkParams,
  type ModelToggleParams,
  type OrgModelAccessQueryParams,
  OrgModelAccessQuerySchema,
  ProviderToggleBodySchema,
  ProviderToggleBulkBodySchema,
  type ProviderToggleBulkParams,
  type ProviderToggleParams,
} from "./schemas/requests-model-access.js";
import { fieldOf, issuesOf, queryObject } from "./validate-support.js";

// Check/assert pairs of the model access routes (team, one organization team, and bulk).

/** Path parameters of a model access route, each checked when present. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export interface ModelAccessPathParams {
  teamId?: number;
  provider?: string;
  model?: string;
}

/** Every rule a model access configuration body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § States and transitions) */
export function checkModelAccessConfig(body: unknown): ValidationIssue[] {
  return issuesOf(ModelAccessConfigBodySchema, body);
}

/** The configuration body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § States and transitions) */
export function assertModelAccessConfig(body: unknown, context = "setModelAccess"): ModelAccessConfigParams {
  return checkRequest(ModelAccessConfigBodySchema, body, context);
}

/** Every rule a bulk configuration body (`teamIds` plus a configuration) breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkModelAccessConfigBulk(body: unknown): ValidationIssue[] {
  return issuesOf(ModelAccessConfigBulkBodySchema, body);
}

/** The bulk configuration body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertModelAccessConfigBulk(
  body: unknown,
  context = "orgSetModelAccessBulk",
): ModelAccessConfigBulkParams {
  return checkRequest(ModelAccessConfigBulkBodySchema, body, context);
}

/** Every rule a provider toggle body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function checkProviderToggle(body: unknown): ValidationIssue[] {
  return issuesOf(ProviderToggleBodySchema, body);
}

/** The provider toggle body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export function assertProviderToggle(body: unknown, context = "setModelProvider"): ProviderToggleParams {
  return checkRequest(ProviderToggleBodySchema, body, context);
}

/** Every rule a bulk provider toggle body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkProviderToggleBulk(body: unknown): ValidationIssue[] {
  return issuesOf(ProviderToggleBulkBodySchema, body);
}

/** The bulk provider toggle body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertProviderToggleBulk(body: unknown, context = "orgSetModelProviderBulk"): ProviderToggleBulkParams {
  return checkRequest(ProviderToggleBulkBodySchema, body, context);
}

/** Every rule a model toggle body (`enabled`, optional `parameters`) breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkModelToggle(body: unknown): ValidationIssue[] {
  return issuesOf(ModelToggleBodySchema, body);
}

/** The model toggle body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertModelToggle(body: unknown, context = "setProviderModel"): ModelToggleParams {
  return checkRequest(ModelToggleBodySchema, body, context);
}

/** Every rule a bulk model toggle body breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkModelToggleBulk(body: unknown): ValidationIssue[] {
  return issuesOf(ModelToggleBulkBodySchema, body);
}

/** The bulk model toggle body, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertModelToggleBulk(body: unknown, context = "orgSetProviderModelBulk"): ModelToggleBulkParams {
  return checkRequest(ModelToggleBulkBodySchema, body, context);
}

/** Every rule a bulk route's `teamIds` (1..100 whole numbers) breaks; paths read `teamIds[i]`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkBulkTeamIds(teamIds: unknown): ValidationIssue[] {
  return issuesOf(BulkTeamIdsBodySchema, fieldOf("teamIds", teamIds));
}

/** The bulk `teamIds`, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertBulkTeamIds(teamIds: unknown, context = "orgSetModelAccessBulk"): number[] {
  return checkRequest(BulkTeamIdsBodySchema, fieldOf("teamIds", teamIds), context).teamIds;
}

/** Every rule the path parameters (`teamId`, `provider`, `model`) break. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export function checkModelAccessPath(params: unknown): ValidationIssue[] {
  return issuesOf(ModelAccessPathSchema, params);
}

/** The path parameters, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export function assertModelAccessPath(params: unknown, context = "modelAccess"): ModelAccessPathParams {
  return checkRequest(ModelAccessPathSchema, params, context);
}

/** Every rule the organization model-access list query breaks. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function checkOrgModelAccessQuery(query?: unknown): ValidationIssue[] {
  return issuesOf(OrgModelAccessQuerySchema, queryObject(query));
}

/** The organization model-access list query, or a thrown request `ValidationError`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export function assertOrgModelAccessQuery(query?: unknown, context = "orgListModelAccess"): OrgModelAccessQueryParams {
  return checkRequest(OrgModelAccessQuerySchema, queryObject(query), context);
}
