import type { ApiPromise } from "../core/api-promise.js";
import { requireOptions } from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import type { AdminContext } from "./admin-policy.js";
import { type AdminClientOptions, type AdminRawRequest, adminContext, adminRequest } from "./client-base.js";
import { organizationGroups } from "./groups-resource.js";
import { OrgModelAccessResource } from "./organization/model-access.js";
import {
  OrgMembersResource,
  OrgSpendResource,
  OrgUsageResource,
  TeamMembershipsResource,
} from "./organization/usage-and-members.js";

/** Options of {@link OrganizationClient}: an organization key and the organization it belongs to. */
export interface OrganizationClientOptions extends AdminClientOptions {
  /** Filled into every body that needs it (it must match the key's organization). */
  organizationId: string;
}

/**
 * The Organization API client (organization key, HTTP Basic): members, team membership sync, pooled
 * usage, usage events, daily usage, spend, model access across teams, organization groups.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Organization API (organization key))
 */
export class OrganizationClient {
  readonly members: OrgMembersResource;
  readonly teamMemberships: TeamMembershipsResource;
  readonly usage: OrgUsageResource;
  readonly spend: OrgSpendResource;
  readonly modelAccess: OrgModelAccessResource;
  readonly groups: ReturnType<typeof organizationGroups>;
  readonly organizationId: string;
  readonly #context: AdminContext;

  constructor(given: OrganizationClientOptions) {
    const options = requireOptions<OrganizationClientOptions>(
      given,
      "OrganizationClient",
      "`{ apiKey, organizationId, baseUrl }`",
    );
    if (typeof options.organizationId !== "string" || options.organizationId === "") {
      throw new AgentlineError("`organizationId` is required: the organization the key belongs to.", {
        code: "invalid_option",
      });
    }
    this.organizationId = options.organizationId;
    this.#context = adminContext(options, "organization", options.organizationId);
    const context = this.#context;
    this.members = new OrgMembersResource(context);
    this.teamMemberships = new TeamMembershipsResource(context);
    this.usage = new OrgUsageResource(context);
    this.spend = new OrgSpendResource(context);
    this.modelAccess = new OrgModelAccessResource(context);
    this.groups = organizationGroups(context);
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
    return { baseUrl: this.baseUrl, organizationId: this.organizationId };
  }
}
