import type { CallOptions } from "../../core/options.js";
import { requireNameSegment } from "../../core/paths.js";
import { type AdminContext, adminCall } from "../admin-context.js";
import { toQuery } from "../admin-lists.js";
import {
  BillingGroupListResponseSchema,
  BillingGroupResponseSchema,
  BillingGroupWriteResponseSchema,
  ModelAccessConfigSchema,
  ModelProvidersResponseSchema,
  ProviderModelsResponseSchema,
} from "../schemas/index.js";
import type { BillingGroupCreateParams, BillingGroupUpdateParams } from "../schemas/requests-groups.js";
import type { ModelAccessConfigParams, ModelParameterSetting } from "../schemas/requests-model-access.js";
import {
  assertBillingGroupCreate,
  assertBillingGroupId,
  assertBillingGroupMembers,
  assertBillingGroupsQuery,
  assertBillingGroupUpdate,
  assertModelAccessConfig,
  assertModelAccessPath,
  assertModelToggle,
  assertProviderToggle,
} from "../validate.js";

/** Billing groups (`group_` ids): spend per group, a member in at most one. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export class BillingGroupsResource {
  readonly #context: AdminContext;
  constructor(context: AdminContext) {
    this.#context = context;
  }

  /** Every group plus the Unassigned group, for a billing cycle (default: the current one). */
  list(params: { billingCycle?: string } = {}, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "listBillingGroups",
      operation: "billingGroups.list",
      query: toQuery({ ...assertBillingGroupsQuery(params, "billingGroups.list") }),
      schema: BillingGroupListResponseSchema,
      options,
    }));
  }

  /** One group for a billing cycle. */
  get(groupId: string, params: { billingCycle?: string } = {}, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "getBillingGroup",
      operation: "billingGroups.get",
      pathParams: { groupId: assertBillingGroupId(groupId, "billingGroups.get") },
      query: toQuery({ ...assertBillingGroupsQuery(params, "billingGroups.get") }),
      schema: BillingGroupResponseSchema,
      options,
    }));
  }

  /** Creates a billing group. Not retried when ambiguous. */
  create(body: BillingGroupCreateParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "createBillingGroup",
      operation: "billingGroups.create",
      body: assertBillingGroupCreate(body, "billingGroups.create"),
      schema: BillingGroupWriteResponseSchema,
      options,
    }));
  }

  /** Renames, or links / detaches (`null`) a directory group; one field per request. */
  update(groupId: string, patch: BillingGroupUpdateParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "updateBillingGroup",
      operation: "billingGroups.update",
      pathParams: { groupId: assertBillingGroupId(groupId, "billingGroups.update") },
      body: assertBillingGroupUpdate(patch, "billingGroups.update"),
      schema: BillingGroupWriteResponseSchema,
      options,
    }));
  }

  /** Deletes a group; its historical usage moves to Unassigned. */
  delete(groupId: string, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "deleteBillingGroup",
      operation: "billingGroups.delete",
      pathParams: { groupId: assertBillingGroupId(groupId, "billingGroups.delete") },
      schema: undefined,
      options,
    }));
  }

  /** Adds team members who are in no other group. */
  addMembers(groupId: string, userIds: readonly string[], options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "addBillingGroupMembers",
      operation: "billingGroups.addMembers",
      pathParams: { groupId: assertBillingGroupId(groupId, "billingGroups.addMembers") },
      body: assertBillingGroupMembers({ userIds }, "billingGroups.addMembers"),
      schema: BillingGroupWriteResponseSchema,
      options,
    }));
  }

  /** Removes members; they move to Unassigned. */
  removeMembers(groupId: string, userIds: readonly string[], options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "removeBillingGroupMembers",
      operation: "billingGroups.removeMembers",
      pathParams: { groupId: assertBillingGroupId(groupId, "billingGroups.removeMembers") },
      body: assertBillingGroupMembers({ userIds }, "billingGroups.removeMembers"),
      schema: BillingGroupWriteResponseSchema,
      options,
    }));
  }
}

/** The team's model access policy (preview). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access configuration) */
export class TeamModelAccessResource {
  readonly #context: AdminContext;
  constructor(context: AdminContext) {
    this.#context = context;
  }

  /** The policy: `unrestricted`, `custom` (with defaults) or `legacy`. */
  get(options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "getModelAccess",
      operation: "modelAccess.get",
      schema: ModelAccessConfigSchema,
      options,
    }));
  }

  /** `{ state: "unrestricted" }`, or both defaults (which moves an unrestricted policy to custom). */
  set(config: ModelAccessConfigParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "setModelAccess",
      operation: "modelAccess.set",
      body: assertModelAccessConfig(config, "modelAccess.set"),
      schema: ModelAccessConfigSchema,
      options,
    }));
  }

  /** Providers and their models (409 unless the policy is custom). */
  providers(options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "listModelProviders",
      operation: "modelAccess.providers",
      schema: ModelProvidersResponseSchema,
      options,
    }));
  }

  /** Enables or disables a provider (409 while unrestricted or legacy). */
  setProvider(provider: string, enabled: boolean, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "setModelProvider",
      operation: "modelAccess.setProvider",
      pathParams: { provider: providerPath(provider, "modelAccess.setProvider") },
      body: assertProviderToggle({ enabled }, "modelAccess.setProvider"),
      schema: undefined,
      options,
    }));
  }

  /** One provider's models with their parameters (409 unless custom). */
  models(provider: string, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "listProviderModels",
      operation: "modelAccess.models",
      pathParams: { provider: providerPath(provider, "modelAccess.models") },
      schema: ProviderModelsResponseSchema,
      options,
    }));
  }

  /** Enables or disables one model, optionally with parameter settings (route assumed; see README). */
  setModel(
    provider: string,
    model: string,
    body: { enabled: boolean; parameters?: Record<string, ModelParameterSetting> },
    options?: CallOptions,
  ) {
    return adminCall(this.#context, () => {
      const operation = "modelAccess.setModel";
      const path = assertModelAccessPath({ provider, model }, operation);
      return {
        route: "setProviderModel",
        operation,
        pathParams: {
          provider: requireNameSegment(path.provider, "provider", operation),
          model: requireNameSegment(path.model, "model", operation),
        },
        body: assertModelToggle(body, "modelAccess.setModel"),
        schema: undefined,
        options,
      };
    });
  }
}

// The path schema takes every part as optional (one schema for all the routes); these routes need the provider.
function providerPath(provider: string, operation: string): string {
  return requireNameSegment(assertModelAccessPath({ provider }, operation).provider, "provider", operation);
}
