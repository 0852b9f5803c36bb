import { callOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { AdminResource } from "../admin-resource.js";
import type { BillingGroupCreateParams, BillingGroupUpdateParams } from "../schemas/requests-groups.js";
import type { ModelAccessConfigParams, ModelParameterSetting } from "../schemas/requests-model-access.js";

/** Billing groups (`group_` ids): spend per group, a member in at most one. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Billing group) */
export class BillingGroupsResource extends AdminResource {
  /** Every group plus the Unassigned group, for a billing cycle (default: the current one). */
  list(params: { billingCycle?: string } = {}, options?: CallOptions) {
    return callOperation(this.context, "billingGroups.list", { query: params, options });
  }

  /** One group for a billing cycle. */
  get(groupId: string, params: { billingCycle?: string } = {}, options?: CallOptions) {
    return callOperation(this.context, "billingGroups.get", { params: { groupId }, query: params, options });
  }

  /** Creates a billing group. Not retried when ambiguous. */
  create(body: BillingGroupCreateParams, options?: CallOptions) {
    return callOperation(this.context, "billingGroups.create", { body, options });
  }

  /** Renames, or links / detaches (`null`) a directory group; one field per request. */
  update(groupId: string, patch: BillingGroupUpdateParams, options?: CallOptions) {
    return callOperation(this.context, "billingGroups.update", { params: { groupId }, body: patch, options });
  }

  /** Deletes a group; its historical usage moves to Unassigned. */
  delete(groupId: string, options?: CallOptions) {
    return callOperation(this.context, "billingGroups.delete", { params: { groupId }, options });
  }

  /** Adds team members who are in no other group. */
  addMembers(groupId: string, userIds: readonly string[], options?: CallOptions) {
    return callOperation(this.context, "billingGroups.addMembers", { params: { groupId }, body: { userIds }, options });
  }

  /** Removes members; they move to Unassigned. */
  removeMembers(groupId: string, userIds: readonly string[], options?: CallOptions) {
    return callOperation(this.context, "billingGroups.removeMembers", {
      params: { groupId },
      body: { userIds },
      options,
    });
  }
}

/** The team's model access policy (preview). @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Model access configuration) */
export class TeamModelAccessResource extends AdminResource {
  /** The policy: `unrestricted`, `custom` (with defaults) or `legacy`. */
  get(options?: CallOptions) {
    return callOperation(this.context, "modelAccess.get", { options });
  }

  /** `{ state: "unrestricted" }`, or both defaults (which moves an unrestricted policy to custom). */
  set(config: ModelAccessConfigParams, options?: CallOptions) {
    return callOperation(this.context, "modelAccess.set", { body: config, options });
  }

  /** Providers and their models (409 unless the policy is custom). */
  providers(options?: CallOptions) {
    return callOperation(this.context, "modelAccess.providers", { options });
  }

  /** Enables or disables a provider (409 while unrestricted or legacy). */
  setProvider(provider: string, enabled: boolean, options?: CallOptions) {
    return callOperation(this.context, "modelAccess.setProvider", { params: { provider }, body: { enabled }, options });
  }

  /** One provider's models with their parameters (409 unless custom). */
  models(provider: string, options?: CallOptions) {
    return callOperation(this.context, "modelAccess.models", { params: { provider }, options });
  }

  /** Enables or disables one model, optionally with parameter settings (route assumed; see README). */
  setModel(
    provider: string,
    model: string,
    body: { enabled: boolean; parameters?: Record<string, ModelParameterSetting> },
    options?: CallOptions,
  ) {
    return callOperation(this.context, "modelAccess.setModel", { params: { provider, model }, body, options });
  }
}
