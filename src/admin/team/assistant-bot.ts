import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import type { AdminContext } from "../admin-policy.js";
import { AdminResource } from "../admin-resource.js";
import type {
  AutoReviewParams,
  BotAccessParams,
  BotCapabilitiesPatch,
  BotNetworkParams,
  SetupManifestParams,
  TeamRuleCreateParams,
  TeamRuleUpdateParams,
} from "../schemas/requests-assistant-bot.js";

type SettingOperations = {
  capabilities: ["assistantBot.capabilities.get", "assistantBot.capabilities.update"];
  autoReview: ["assistantBot.autoReview.get", "assistantBot.autoReview.set"];
  access: ["assistantBot.access.get", "assistantBot.access.set"];
  network: ["assistantBot.network.get", "assistantBot.network.set"];
};

/** A readable and writable assistant-bot setting (its two operations). */
class Setting<K extends keyof SettingOperations, P> extends AdminResource {
  readonly #names: SettingOperations[K];
  constructor(context: AdminContext, names: SettingOperations[K]) {
    super(context);
    this.#names = names;
  }

  /** The effective policy (returned on every plan). */
  get(options?: CallOptions) {
    return callOperation(this.context, this.#names[0], { options });
  }

  /** Writes it (403 when the feature is unavailable to the team). */
  set(body: P, options?: CallOptions) {
    return callOperation(this.context, this.#names[1], { body, options });
  }
}

/** Capabilities are patched: any of cloudAgents, templateSharing, actionRecording, localExecution, localEgressAllowed (never `enabled`). */
class CapabilitiesSetting extends Setting<"capabilities", BotCapabilitiesPatch> {
  /** Patches at least one capability (403 when a field is unavailable to the team). */
  update(patch: BotCapabilitiesPatch, options?: CallOptions) {
    return this.set(patch, options);
  }
}

/**
 * Assistant-bot administration: availability, capabilities, auto-review, access, network, team rules
 * and setup manifests. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export class AssistantBotResource extends AdminResource {
  readonly capabilities: CapabilitiesSetting;
  readonly autoReview: Setting<"autoReview", AutoReviewParams>;
  readonly access: Setting<"access", BotAccessParams>;
  readonly network: Setting<"network", BotNetworkParams>;
  readonly teamRules: TeamRulesResource;
  readonly setupManifests: SetupManifestsResource;

  constructor(context: AdminContext) {
    super(context);
    this.capabilities = new CapabilitiesSetting(context, [
      "assistantBot.capabilities.get",
      "assistantBot.capabilities.update",
    ]);
    this.autoReview = new Setting(context, ["assistantBot.autoReview.get", "assistantBot.autoReview.set"]);
    this.access = new Setting(context, ["assistantBot.access.get", "assistantBot.access.set"]);
    this.network = new Setting(context, ["assistantBot.network.get", "assistantBot.network.set"]);
    this.teamRules = new TeamRulesResource(context);
    this.setupManifests = new SetupManifestsResource(context);
  }

  /** Enables the bot for the team (the first enable on an eligible Enterprise team starts the trial). */
  enable(options?: CallOptions) {
    return callOperation(this.context, "assistantBot.enable", { options });
  }

  /** Disables it: members lose access; their computers are not deleted. */
  disable(options?: CallOptions) {
    return callOperation(this.context, "assistantBot.disable", { options });
  }
}

/** Team rules (`rule_` ids, at most 50 per team), newest first. */
export class TeamRulesResource extends AdminResource {
  /** Every rule: `await` → first page, `for await` → every rule (stops where `nextCursor` is null). */
  list(params: { limit?: number } = {}, options?: CallOptions) {
    return listOperation(this.context, "assistantBot.teamRules.list", { query: params, options });
  }

  /** Creates a rule (name, content, enabled). Not retried when ambiguous. */
  create(body: TeamRuleCreateParams, options?: CallOptions) {
    return callOperation(this.context, "assistantBot.teamRules.create", { body: body, options });
  }

  /** Updates any of name, content, enabled. */
  update(ruleId: string, patch: TeamRuleUpdateParams, options?: CallOptions) {
    return callOperation(this.context, "assistantBot.teamRules.update", {
      params: { ruleId: ruleId },
      body: patch,
      options,
    });
  }

  /** Deletes a rule. */
  delete(ruleId: string, options?: CallOptions) {
    return callOperation(this.context, "assistantBot.teamRules.delete", { params: { ruleId: ruleId }, options });
  }
}

/** Setup manifests (at most 100 per team), ordered by id. */
export class SetupManifestsResource extends AdminResource {
  /** Every manifest: `await` → first page, `for await` → every manifest. */
  list(params: { limit?: number } = {}, options?: CallOptions) {
    return listOperation(this.context, "assistantBot.setupManifests.list", { query: params, options });
  }

  /** Creates or replaces a manifest (id: letters, digits, dot, underscore, hyphen). */
  put(manifestId: string, body: SetupManifestParams, options?: CallOptions) {
    return callOperation(this.context, "assistantBot.setupManifests.put", {
      params: { manifestId: manifestId },
      body: body,
      options,
    });
  }

  /** Deletes a manifest. */
  delete(manifestId: string, options?: CallOptions) {
    return callOperation(this.context, "assistantBot.setupManifests.delete", {
      params: { manifestId: manifestId },
      options,
    });
  }
}
