import type { ApiPromise } from "../core/api-promise.js";
import type { AdminContext } from "./admin-policy.js";
import { type AdminClientOptions, type AdminRawRequest, adminContext, adminRequest } from "./client-base.js";
import { directoryGroups } from "./groups-resource.js";
import { AssistantBotResource } from "./team/assistant-bot.js";
import { BillingGroupsResource, TeamModelAccessResource } from "./team/billing-and-models.js";
import { AuditLogsResource, MembersResource, RepoBlocklistsResource } from "./team/members.js";
import { SpendLimitsResource, SpendResource, UsageResource } from "./team/usage.js";

/**
 * The Team Admin API client (team key, HTTP Basic): members, audit logs, usage, spend, spend limits,
 * repository blocklists, directory and billing groups, model access, assistant-bot administration.
 *
 * ```ts
 * const admin = new AdminClient({ apiKey, baseUrl: "https://api.example.com" });
 * for await (const event of admin.auditLogs.list({ startTime: "2026-01-01T00:00:00Z", endTime: Date.now() })) {}
 * ```
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API)
 */
export class AdminClient {
  readonly members: MembersResource;
  readonly auditLogs: AuditLogsResource;
  readonly usage: UsageResource;
  readonly spend: SpendResource;
  readonly spendLimits: SpendLimitsResource;
  readonly repoBlocklists: RepoBlocklistsResource;
  readonly directoryGroups: ReturnType<typeof directoryGroups>;
  readonly billingGroups: BillingGroupsResource;
  readonly modelAccess: TeamModelAccessResource;
  readonly assistantBot: AssistantBotResource;
  readonly #context: AdminContext;

  constructor(options: AdminClientOptions) {
    this.#context = adminContext(options, "team");
    const context = this.#context;
    this.members = new MembersResource(context);
    this.auditLogs = new AuditLogsResource(context);
    this.usage = new UsageResource(context);
    this.spend = new SpendResource(context);
    this.spendLimits = new SpendLimitsResource(context);
    this.repoBlocklists = new RepoBlocklistsResource(context);
    this.directoryGroups = directoryGroups(context);
    this.billingGroups = new BillingGroupsResource(context);
    this.modelAccess = new TeamModelAccessResource(context);
    this.assistantBot = new AssistantBotResource(context);
  }

  /**
   * Any route, typed by you: `request<T>({ method, path, query, body, schema, family })` with this client's key,
   * budgets, retries, errors and logs. `path` is the spec's (`/teams/members`); a known route keeps its budget.
   */
  request<T = unknown>(request: AdminRawRequest<T>): ApiPromise<T> {
    return adminRequest(this.#context, request);
  }

  /** The base URL requests go to. */
  get baseUrl(): string {
    return this.#context.transport.baseUrl;
  }

  // Keeps the key out of `console.log(client)` and JSON dumps.
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl };
  }
}
