import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum } from "../../core/schema.js";
import { MODEL_ACCESS_DEFAULTS, MODEL_ACCESS_STATES } from "./constants.js";
import { PagePaginationSchema } from "./envelopes.js";
import { responseObject } from "./response-object.js";

// Model access policy (preview): configuration, the provider/model catalog with toggles and parameters, and the
// organization's list across teams. Provider and model ids are catalog ids, not display names.

const DefaultSchema = /* @__PURE__ */ lazySchema(() => v.nullable(openEnum(MODEL_ACCESS_DEFAULTS)));

/**
 * A team's model access policy; the two defaults are set (enabled/disabled) when `state` is custom, else null.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access configuration)
 */
export const ModelAccessConfigSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    teamId: v.number(),
    state: openEnum(MODEL_ACCESS_STATES),
    newProviderDefault: DefaultSchema,
    newModelDefault: DefaultSchema,
  }),
);

/**
 * A row of the organization list: the configuration plus `teamName`, or `errorMessage` in place of state and
 * defaults when the team cannot load its configuration (still a 200 row).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access configuration)
 */
export const OrgModelAccessRowSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      teamId: v.number(),
      teamName: v.optional(v.string()),
      state: v.optional(openEnum(MODEL_ACCESS_STATES)),
      newProviderDefault: v.optional(DefaultSchema),
      newModelDefault: v.optional(DefaultSchema),
      errorMessage: v.optional(v.string()),
    },
    ["teamId"],
  ),
);

/** 200 of GET /organizations/teams/model-access/configuration. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const OrgModelAccessListResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      teams: v.array(OrgModelAccessRowSchema),
      pagination: PagePaginationSchema,
    },
    ["teams"],
  ),
);

/**
 * A model parameter: every value the catalog supports, the values the policy allows, and both defaults (null
 * when none).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access providers)
 */
export const ModelParameterSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      id: v.string(),
      displayName: v.string(),
      supportedValues: v.array(v.string()),
      allowedValues: v.array(v.string()),
      configuredDefaultValue: v.nullable(v.string()),
      catalogDefaultValue: v.nullable(v.string()),
    },
    ["id"],
  ),
);

/** A catalog model with its toggle and parameters. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access providers) */
export const AccessModelSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      id: v.string(),
      displayName: v.string(),
      enabled: v.boolean(),
      parameters: v.array(ModelParameterSchema),
    },
    ["id"],
  ),
);

/** A catalog provider with its toggle and models. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access providers) */
export const AccessProviderSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      id: v.string(),
      displayName: v.string(),
      enabled: v.boolean(),
      models: v.array(AccessModelSchema),
    },
    ["id"],
  ),
);

/** 200 of the providers routes (409 unless the policy is custom). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access providers) */
export const ModelProvidersResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject(
    {
      teamId: v.number(),
      state: openEnum(MODEL_ACCESS_STATES),
      providers: v.array(AccessProviderSchema),
    },
    ["providers"],
  ),
);

/**
 * 200 of GET …/providers/{provider}/models. The spec shows the models and their parameter shape but not the
 * envelope: `models` is read when present, and everything else is kept as sent.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export const ProviderModelsResponseSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    teamId: v.optional(v.number()),
    state: v.optional(openEnum(MODEL_ACCESS_STATES)),
    models: v.optional(v.array(AccessModelSchema)),
  }),
);

/** A team's model access policy. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access configuration) */
export type ModelAccessConfig = v.InferOutput<typeof ModelAccessConfigSchema>;
/** A row of the organization model-access list. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access configuration) */
export type OrgModelAccessRow = v.InferOutput<typeof OrgModelAccessRowSchema>;
/** 200 of the organization model-access list. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type OrgModelAccessListResponse = v.InferOutput<typeof OrgModelAccessListResponseSchema>;
/** A model parameter. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access providers) */
export type ModelParameter = v.InferOutput<typeof ModelParameterSchema>;
/** A catalog model. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access providers) */
export type AccessModel = v.InferOutput<typeof AccessModelSchema>;
/** A catalog provider. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access providers) */
export type AccessProvider = v.InferOutput<typeof AccessProviderSchema>;
/** 200 of the providers routes. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access providers) */
export type ModelProvidersResponse = v.InferOutput<typeof ModelProvidersResponseSchema>;
/** 200 of a provider's models route. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export type ProviderModelsResponse = v.InferOutput<typeof ProviderModelsResponseSchema>;
