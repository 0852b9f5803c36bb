import { badRequest } from "./failures.js";
import { type CatalogModel, type CatalogProvider, findProvider, MODEL_CATALOG } from "./model-catalog.js";
import type { JsonObject } from "./paging.js";
import type { ModelAccessRecord, ParameterSetting, TeamState } from "./state.js";

// The model access state machine and its wire shapes. Static body checks throw 400 (the whole request
// fails); checks that depend on one team's policy return an outcome, so bulk routes can turn them into
// error rows while single-team routes turn them into statuses.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § States and transitions)

/** What applying a change to one team gave. */
export type AccessOutcome = { ok: true } | { ok: false; status: 400 | 403 | 409; message: string };

/** A configuration PUT: back to unrestricted, or custom defaults. */
export type ConfigurationInput =
  | { state: "unrestricted" }
  | { newProviderDefault: "enabled" | "disabled"; newModelDefault: "enabled" | "disabled" };

/** A single-model PUT. */
export interface ModelInput {
  enabled: boolean;
  parameters?: Map<string, Partial<ParameterSetting>>;
}

/** A configuration body its schema accepted: `state: "unrestricted"` alone, or both defaults. */
export function readConfigurationBody(body: JsonObject): ConfigurationInput {
  const { state, newProviderDefault, newModelDefault } = body as Record<string, "enabled" | "disabled" | undefined>;
  if (state !== undefined) return { state: "unrestricted" };
  return { newProviderDefault, newModelDefault } as ConfigurationInput;
}

/** A catalog provider, or 400. */
export function requireProvider(providerId: string): CatalogProvider {
  const provider = findProvider(providerId);
  if (!provider) throw badRequest(`Unknown provider ${JSON.stringify(providerId)}; use a catalog provider id.`);
  return provider;
}

/** A model of a catalog provider, or 400. */
export function requireModel(provider: CatalogProvider, modelId: string): CatalogModel {
  const model = provider.models.find((m) => m.id === modelId);
  if (!model) throw badRequest(`Unknown model ${JSON.stringify(modelId)} for provider ${provider.id}.`);
  return model;
}

/**
 * `enabled` and the optional `parameters` of a model PUT its schema accepted, checked against the catalog (which
 * only the service knows): 400 for an unknown parameter or an unsupported value.
 */
export function readModelBody(body: JsonObject, model: CatalogModel): ModelInput {
  const { enabled, parameters: given } = body as {
    enabled: boolean;
    parameters?: Record<string, { allowedValues?: string[] | null; defaultValue?: string | null }>;
  };
  if (given === undefined) return { enabled };
  const parameters = new Map<string, Partial<ParameterSetting>>();
  for (const [id, { allowedValues, defaultValue }] of Object.entries(given)) {
    const parameter = model.parameters.find((p) => p.id === id);
    if (!parameter) throw badRequest(`Unknown parameter ${JSON.stringify(id)} for model ${model.id}.`);
    const unsupported = [...(allowedValues ?? []), defaultValue ?? null].find(
      (value) => value !== null && !parameter.supportedValues.includes(value),
    );
    if (unsupported !== undefined)
      throw badRequest(`\`parameters.${id}\`: ${JSON.stringify(unsupported)} is not a supported value.`);
    const setting: Partial<ParameterSetting> = {};
    if (allowedValues !== undefined)
      setting.allowedValues = allowedValues === null ? null : [...new Set(allowedValues)];
    if (defaultValue !== undefined) setting.defaultValue = defaultValue;
    parameters.set(id, setting);
  }
  return { enabled, parameters };
}

/** 403 when the team has no model access control. */
export function checkAvailable(team: TeamState): AccessOutcome {
  if (team.modelAccess.available) return { ok: true };
  return { ok: false, status: 403, message: `Model access control is not available for team ${team.id}.` };
}

/** 403 without control, 409 unless the policy is custom (provider and model routes). */
export function checkCustom(team: TeamState): AccessOutcome {
  const available = checkAvailable(team);
  if (!available.ok) return available;
  if (team.modelAccess.state === "custom") return { ok: true };
  return {
    ok: false,
    status: 409,
    message: `Team ${team.id}'s model access is ${team.modelAccess.state}; set custom defaults with PUT configuration first.`,
  };
}

function clearPolicy(access: ModelAccessRecord): void {
  access.providers.clear();
  access.models.clear();
  access.parameters.clear();
  access.newProviderDefault = null;
  access.newModelDefault = null;
}

/** Moves the policy along the state table; a defaults PUT while legacy is a 409 (the spec does not show it). */
export function applyConfiguration(team: TeamState, input: ConfigurationInput): AccessOutcome {
  const available = checkAvailable(team);
  if (!available.ok) return available;
  const access = team.modelAccess;
  if ("state" in input) {
    clearPolicy(access);
    access.legacyLists = null;
    access.state = "unrestricted";
    return { ok: true };
  }
  if (access.state === "legacy")
    return {
      ok: false,
      status: 409,
      message: `Team ${team.id} has a legacy policy; set state "unrestricted" before choosing custom defaults.`,
    };
  if (access.state === "unrestricted") {
    // Entering custom seeds the current catalog with toggles: everything that was allowed stays allowed.
    for (const provider of MODEL_CATALOG) {
      access.providers.set(provider.id, true);
      for (const model of provider.models) access.models.set(`${provider.id}/${model.id}`, true);
    }
    access.state = "custom";
  }
  access.newProviderDefault = input.newProviderDefault;
  access.newModelDefault = input.newModelDefault;
  return { ok: true };
}

/** Toggles a provider (409 unless custom; the routing model's provider cannot be disabled). */
export function applyProvider(team: TeamState, provider: CatalogProvider, enabled: boolean): AccessOutcome {
  const custom = checkCustom(team);
  if (!custom.ok) return custom;
  if (!enabled && provider.models.some((m) => m.requiredForRouting))
    return {
      ok: false,
      status: 400,
      message: `Provider ${provider.id} serves automatic routing and cannot be blocked.`,
    };
  team.modelAccess.providers.set(provider.id, enabled);
  return { ok: true };
}

/** Toggles a model and merges its parameter settings (409 unless custom; 400 when they leave no valid variant). */
export function applyModel(
  team: TeamState,
  provider: CatalogProvider,
  model: CatalogModel,
  input: ModelInput,
): AccessOutcome {
  const custom = checkCustom(team);
  if (!custom.ok) return custom;
  if (!input.enabled && model.requiredForRouting)
    return {
      ok: false,
      status: 400,
      message: `Model ${model.id} is required by automatic routing and cannot be blocked.`,
    };
  const key = `${provider.id}/${model.id}`;
  const merged = new Map(team.modelAccess.parameters.get(key));
  for (const [id, change] of input.parameters ?? []) {
    const parameter = model.parameters.find((p) => p.id === id);
    const before = merged.get(id) ?? { allowedValues: null, defaultValue: null };
    const next = { ...before, ...change };
    const allowed = next.allowedValues ?? parameter?.supportedValues ?? [];
    const effectiveDefault = next.defaultValue ?? parameter?.catalogDefaultValue ?? null;
    if (effectiveDefault !== null && !allowed.includes(effectiveDefault))
      return {
        ok: false,
        status: 400,
        message: `parameters.${id}: the default ${JSON.stringify(effectiveDefault)} is outside allowedValues; pass a defaultValue among them.`,
      };
    merged.set(id, next);
  }
  team.modelAccess.models.set(key, input.enabled);
  team.modelAccess.parameters.set(key, merged);
  return { ok: true };
}

/** Model access configuration. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Model access configuration) */
export function configurationView(team: TeamState): Record<string, unknown> {
  const access = team.modelAccess;
  const custom = access.state === "custom";
  return {
    teamId: team.id,
    state: access.state,
    newProviderDefault: custom ? access.newProviderDefault : null,
    newModelDefault: custom ? access.newModelDefault : null,
  };
}

function modelView(team: TeamState, provider: CatalogProvider, model: CatalogModel): Record<string, unknown> {
  const key = `${provider.id}/${model.id}`;
  const settings = team.modelAccess.parameters.get(key);
  return {
    id: model.id,
    displayName: model.displayName,
    enabled: team.modelAccess.models.get(key) ?? team.modelAccess.newModelDefault === "enabled",
    parameters: model.parameters.map((parameter) => {
      const setting = settings?.get(parameter.id);
      return {
        id: parameter.id,
        displayName: parameter.displayName,
        supportedValues: [...parameter.supportedValues],
        allowedValues: [...(setting?.allowedValues ?? parameter.supportedValues)],
        configuredDefaultValue: setting?.defaultValue ?? null,
        catalogDefaultValue: parameter.catalogDefaultValue,
      };
    }),
  };
}

/** The providers response. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Model access providers) */
export function providersView(team: TeamState): Record<string, unknown> {
  return {
    teamId: team.id,
    state: team.modelAccess.state,
    providers: MODEL_CATALOG.map((provider) => ({
      id: provider.id,
      displayName: provider.displayName,
      enabled: team.modelAccess.providers.get(provider.id) ?? team.modelAccess.newProviderDefault === "enabled",
      models: provider.models.map((model) => modelView(team, provider, model)),
    })),
  };
}

/** One provider's models with their parameters (the fake's shape: `{teamId, state, providerId, models}`). */
export function providerModelsView(team: TeamState, provider: CatalogProvider): Record<string, unknown> {
  return {
    teamId: team.id,
    state: team.modelAccess.state,
    providerId: provider.id,
    models: provider.models.map((model) => modelView(team, provider, model)),
  };
}
