import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import {
  arrayOf,
  booleanField,
  integerField,
  notAnArray,
  oneOf,
  requestObject as openObject,
  pathItem,
} from "../../core/request-fields.js";
import { maxItems, minItems, presentKeys } from "../../core/request-rules.js";
import { isPlainObject } from "../../core/validation.js";
import { ADMIN_LIMITS, MODEL_ACCESS_DEFAULTS } from "./constants.js";
import { nonBlankText, pathIntegerField } from "./request-fields.js";
import { pageEntries } from "./requests-pagination.js";

// Request rules of the model access routes (team and organization, single-team and bulk). Provider and model ids
// are catalog ids; the server knows the catalog, so only their shape is checked here.

/** `teamIds` of a bulk route: 1..100 whole numbers. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const BulkTeamIdsSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    arrayOf(integerField("each entry of `teamIds`"), "`teamIds`"),
    minItems(1, "`teamIds`"),
    maxItems(ADMIN_LIMITS.maxBulkTeamIds, "`teamIds`", "split it into requests of 100 and retry only failed teams"),
  ),
);

/** A bulk body's `teamIds` alone (the client's first check on every bulk call). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const BulkTeamIdsBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ teamIds: BulkTeamIdsSchema }, "the request body"),
);

const DEFAULT_KEYS = ["newProviderDefault", "newModelDefault"] as const;

const configEntries = /* @__PURE__ */ lazySchema(() => ({
  state: v.optional(
    v.literal(
      "unrestricted",
      '[one_of] `state` can only be "unrestricted"; for a custom policy send `newProviderDefault` and `newModelDefault` instead',
    ),
  ),
  newProviderDefault: v.optional(oneOf(MODEL_ACCESS_DEFAULTS, "`newProviderDefault`")),
  newModelDefault: v.optional(oneOf(MODEL_ACCESS_DEFAULTS, "`newModelDefault`")),
}));

// `{state: "unrestricted"}` alone, or both defaults: never mixed, never half.
// @__NO_SIDE_EFFECTS__
function configForm<TInput>(): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (!isPlainObject(body)) return;
    const defaults = presentKeys(body, DEFAULT_KEYS);
    if (body.state !== undefined) {
      if (defaults.length > 0) {
        addIssue({
          message:
            '[exclusive] `state` cannot be combined with the defaults; send `{state: "unrestricted"}` alone, or both defaults without `state`',
          path: [pathItem(body, "state", body.state)],
        });
      }
      return;
    }
    if (defaults.length === 0) {
      addIssue({
        message:
          '[exactly_one_of] send either `state: "unrestricted"` or both `newProviderDefault` and `newModelDefault` ("enabled" or "disabled")',
      });
    } else if (defaults.length === 1) {
      const missing = defaults[0] === "newProviderDefault" ? "newModelDefault" : "newProviderDefault";
      addIssue({
        message: `[required] \`${missing}\` must be sent with \`${defaults[0]}\`; send both defaults`,
        path: [pathItem(body, missing, undefined)],
      });
    }
  });
}

/**
 * PUT …/model-access/configuration (team, or one organization team): `{state: "unrestricted"}`, or both
 * `newProviderDefault` and `newModelDefault`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § States and transitions)
 */
export const ModelAccessConfigBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(openObject(configEntries, "the request body"), configForm()),
);

/** PUT /organizations/teams/model-access/configuration: `teamIds` plus a configuration. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const ModelAccessConfigBulkBodySchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(openObject({ ...configEntries, teamIds: BulkTeamIdsSchema }, "the request body"), configForm()),
);

/** PUT …/providers/{provider}: `enabled` required. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key)) */
export const ProviderToggleBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ enabled: booleanField("`enabled`") }, "the request body"),
);

/** PUT /organizations/teams/model-access/providers/{provider}: `enabled` and `teamIds`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const ProviderToggleBulkBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ enabled: booleanField("`enabled`"), teamIds: BulkTeamIdsSchema }, "the request body"),
);

/**
 * One parameter's settings: `allowedValues` (null clears the restriction, never empty) and `defaultValue` (null
 * restores the catalog default); omitted members stay unchanged.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const ModelParameterSettingSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    openObject(
      {
        allowedValues: v.optional(
          v.nullable(
            v.pipe(
              arrayOf(nonBlankText("each allowed value"), "`allowedValues`"),
              v.check(
                (values) => values.length > 0,
                "[min_items] `allowedValues` must not be empty; send null to lift the restriction",
              ),
            ),
          ),
        ),
        defaultValue: v.optional(
          v.nullable(v.string("[type] `defaultValue` must be a string, or null to restore the catalog default")),
        ),
      },
      "each parameter setting",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const setting: unknown = dataset.value;
      if (!isPlainObject(setting) || typeof setting.defaultValue !== "string") return;
      const allowed = setting.allowedValues;
      if (Array.isArray(allowed) && allowed.length > 0 && !allowed.includes(setting.defaultValue)) {
        addIssue({
          message: "[default_not_allowed] `defaultValue` must be one of `allowedValues`; add it there or pick another",
          path: [pathItem(setting, "defaultValue", setting.defaultValue)],
        });
      }
    }),
  ),
);

const PARAMETERS_MESSAGE = "[type] `parameters` must be an object keyed by parameter id";

/** `parameters`: an object keyed by parameter id. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const ModelParametersSchema = /* @__PURE__ */ lazySchema(() =>
  notAnArray(
    v.record(
      v.pipe(v.string(), v.minLength(1, "[min_length] a parameter id must not be empty")),
      ModelParameterSettingSchema,
      PARAMETERS_MESSAGE,
    ),
    PARAMETERS_MESSAGE,
  ),
);

/**
 * PUT …/providers/{provider}/models/{model}: `enabled` required, `parameters` optional (without it, enabling
 * keeps catalog defaults).
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const ModelToggleBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ enabled: booleanField("`enabled`"), parameters: v.optional(ModelParametersSchema) }, "the request body"),
);

/** PUT /organizations/teams/model-access/providers/{provider}/models/{model}: plus `teamIds`. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export const ModelToggleBulkBodySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    { enabled: booleanField("`enabled`"), parameters: v.optional(ModelParametersSchema), teamIds: BulkTeamIdsSchema },
    "the request body",
  ),
);

/** Path parameters of the model access routes; each is checked when present. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Endpoints) */
export const ModelAccessPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      teamId: v.optional(pathIntegerField("`teamId`")),
      provider: v.optional(nonBlankText("`provider`")),
      model: v.optional(nonBlankText("`model`")),
    },
    "the path",
  ),
);

/**
 * GET /organizations/teams/model-access/configuration: `page`, `pageSize`, and `teamIds` as whole numbers or a
 * comma-separated string of them.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export const OrgModelAccessQuerySchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    {
      ...pageEntries("org.modelAccess.list"),
      teamIds: v.optional(
        v.union(
          [
            v.pipe(
              v.string(),
              v.regex(
                /^\s*\d+\s*(,\s*\d+\s*)*$/,
                "[pattern] `teamIds` must be comma-separated team ids, such as 12,34",
              ),
            ),
            arrayOf(integerField("each entry of `teamIds`"), "`teamIds`"),
          ],
          "[type] `teamIds` must be an array of team ids or a comma-separated string of them",
        ),
      ),
    },
    "the list query",
  ),
);

/** A configuration write. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § States and transitions) */
export type ModelAccessConfigParams = v.InferInput<typeof ModelAccessConfigBodySchema>;
/** One parameter's settings. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key)) */
export type ModelParameterSetting = v.InferInput<typeof ModelParameterSettingSchema>;
