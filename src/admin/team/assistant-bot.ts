import type * as v from "valibot";
import type { CallOptions } from "../../core/options.js";
import { type AdminContext, adminCall } from "../admin-context.js";
import { cursorList } from "../admin-lists.js";
import type { AdminRouteName } from "../routes.js";
import {
  AutoReviewPolicySchema,
  BotAccessSchema,
  BotCapabilitiesSchema,
  BotNetworkSchema,
  SetupManifestResponseSchema,
  SetupManifestsPageSchema,
  TeamRuleResponseSchema,
  TeamRulesPageSchema,
} from "../schemas/index.js";
import type {
  AutoReviewParams,
  BotAccessParams,
  BotCapabilitiesPatch,
  BotNetworkParams,
  SetupManifestParams,
  TeamRuleCreateParams,
  TeamRuleUpdateParams,
} from "../schemas/requests-assistant-bot.js";
import {
  assertAutoReview,
  assertBotAccess,
  assertBotCapabilitiesPatch,
  assertBotNetwork,
  assertManifestId,
  assertSetupManifest,
  assertTeamRuleCreate,
  assertTeamRuleId,
  assertTeamRuleUpdate,
} from "../validate.js";

/** Where an assistant-bot setting lives and how its writes are checked. */
interface SettingSpec<S extends v.GenericSchema> {
  get: AdminRouteName;
  set: AdminRouteName;
  name: string;
  schema: S;
  assert: (body: unknown, context: string) => unknown;
}

/** A readable and writable assistant-bot setting. */
class Setting<S extends v.GenericSchema, P> {
  readonly #context: AdminContext;
  readonly #spec: SettingSpec<S>;
  constructor(context: AdminContext, spec: SettingSpec<S>) {
    this.#context = context;
    this.#spec = spec;
  }

  /** The effective policy (returned on every plan). */
  get(options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: this.#spec.get,
      operation: `assistantBot.${this.#spec.name}.get`,
      schema: this.#spec.schema,
      options,
    }));
  }

  /** Writes it (403 when the feature is unavailable to the team). */
  set(body: P, options?: CallOptions) {
    const operation = `assistantBot.${this.#spec.name}.set`;
    return adminCall(this.#context, () => ({
      route: this.#spec.set,
      operation,
      body: this.#spec.assert(body, operation),
      schema: this.#spec.schema,
      options,
    }));
  }
}

/** Capabilities are patched: any of cloudAgents, templateSharing, actionRecording, localExecution, localEgressAllowed (never `enabled`). */
class CapabilitiesSetting extends Setting<typeof BotCapabilitiesSchema, BotCapabilitiesPatch> {
  /** Patches at least one capability (403 when a field is unavailable to the team). */
  update(patch: BotCapabilitiesPatch, options?: CallOptions) {
    return this.set(patch, options);
  }
}

/**
 * Assistant-bot administration: availability, capabilities, auto-review, access, network, team rules
 * and setup manifests. @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Team Admin API (team key))
 */
export class AssistantBotResource {
  readonly #context: AdminContext;
  readonly capabilities: CapabilitiesSetting;
  readonly autoReview: Setting<typeof AutoReviewPolicySchema, AutoReviewParams>;
  readonly access: Setting<typeof BotAccessSchema, BotAccessParams>;
  readonly network: Setting<typeof BotNetworkSchema, BotNetworkParams>;
  readonly teamRules: TeamRulesResource;
  readonly setupManifests: SetupManifestsResource;

  constructor(context: AdminContext) {
    this.#context = context;
    this.capabilities = new CapabilitiesSetting(context, {
      get: "getBotCapabilities",
      set: "updateBotCapabilities",
      name: "capabilities",
      schema: BotCapabilitiesSchema,
      assert: assertBotCapabilitiesPatch,
    });
    this.autoReview = new Setting(context, {
      get: "getBotAutoReview",
      set: "setBotAutoReview",
      name: "autoReview",
      schema: AutoReviewPolicySchema,
      assert: assertAutoReview,
    });
    this.access = new Setting(context, {
      get: "getBotAccess",
      set: "setBotAccess",
      name: "access",
      schema: BotAccessSchema,
      assert: assertBotAccess,
    });
    this.network = new Setting(context, {
      get: "getBotNetwork",
      set: "setBotNetwork",
      name: "network",
      schema: BotNetworkSchema,
      assert: assertBotNetwork,
    });
    this.teamRules = new TeamRulesResource(context);
    this.setupManifests = new SetupManifestsResource(context);
  }

  /** Enables the bot for the team (the first enable on an eligible Enterprise team starts the trial). */
  enable(options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "enableAssistantBot",
      operation: "assistantBot.enable",
      schema: undefined,
      options,
    }));
  }

  /** Disables it: members lose access; their computers are not deleted. */
  disable(options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "disableAssistantBot",
      operation: "assistantBot.disable",
      schema: undefined,
      options,
    }));
  }
}

/** Team rules (`rule_` ids, at most 50 per team), newest first. */
export class TeamRulesResource {
  readonly #context: AdminContext;
  constructor(context: AdminContext) {
    this.#context = context;
  }

  /** Every rule: `await` → first page, `for await` → every rule (stops where `nextCursor` is null). */
  list(params: { limit?: number } = {}, options?: CallOptions) {
    return cursorList(this.#context, {
      route: "listTeamRules",
      operation: "assistantBot.teamRules.list",
      schema: TeamRulesPageSchema,
      itemsOf: (page) => page.teamRules,
      params,
      options,
    });
  }

  /** Creates a rule (name, content, enabled). Not retried when ambiguous. */
  create(body: TeamRuleCreateParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "createTeamRule",
      operation: "assistantBot.teamRules.create",
      body: assertTeamRuleCreate(body, "assistantBot.teamRules.create"),
      schema: TeamRuleResponseSchema,
      options,
    }));
  }

  /** Updates any of name, content, enabled. */
  update(ruleId: string, patch: TeamRuleUpdateParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "updateTeamRule",
      operation: "assistantBot.teamRules.update",
      pathParams: { ruleId: assertTeamRuleId(ruleId, "assistantBot.teamRules.update") as string },
      body: assertTeamRuleUpdate(patch, "assistantBot.teamRules.update"),
      schema: TeamRuleResponseSchema,
      options,
    }));
  }

  /** Deletes a rule. */
  delete(ruleId: string, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "deleteTeamRule",
      operation: "assistantBot.teamRules.delete",
      pathParams: { ruleId: assertTeamRuleId(ruleId, "assistantBot.teamRules.delete") as string },
      schema: undefined,
      options,
    }));
  }
}

/** Setup manifests (at most 100 per team), ordered by id. */
export class SetupManifestsResource {
  readonly #context: AdminContext;
  constructor(context: AdminContext) {
    this.#context = context;
  }

  /** Every manifest: `await` → first page, `for await` → every manifest. */
  list(params: { limit?: number } = {}, options?: CallOptions) {
    return cursorList(this.#context, {
      route: "listSetupManifests",
      operation: "assistantBot.setupManifests.list",
      schema: SetupManifestsPageSchema,
      itemsOf: (page) => page.manifests,
      params,
      options,
    });
  }

  /** Creates or replaces a manifest (id: letters, digits, dot, underscore, hyphen). */
  put(manifestId: string, body: SetupManifestParams, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "putSetupManifest",
      operation: "assistantBot.setupManifests.put",
      pathParams: { manifestId: assertManifestId(manifestId, "assistantBot.setupManifests.put") as string },
      body: assertSetupManifest(body, "assistantBot.setupManifests.put"),
      schema: SetupManifestResponseSchema,
      options,
    }));
  }

  /** Deletes a manifest. */
  delete(manifestId: string, options?: CallOptions) {
    return adminCall(this.#context, () => ({
      route: "deleteSetupManifest",
      operation: "assistantBot.setupManifests.delete",
      pathParams: { manifestId: assertManifestId(manifestId, "assistantBot.setupManifests.delete") as string },
      schema: undefined,
      options,
    }));
  }
}
