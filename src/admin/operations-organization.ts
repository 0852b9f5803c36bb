import { lazySchema } from "../core/lazy-schema.js";
import { requestObject as openObject } from "../core/request-fields.js";
import { org } from "./operation-types.js";
import { ModelPathSchema, ProviderPathSchema } from "./operations-team.js";
import * as s from "./schemas/index.js";
import { nonBlankText, pathIntegerField } from "./schemas/request-fields.js";
import { pageQuerySchema } from "./schemas/requests-pagination.js";

// The Organization API (organization key). Bodies that name the organization get it from the client.

const MODELS_READ = ["models:read", "models:*"] as const;
const MODELS_WRITE = ["models:*"] as const;
const MEMBERS = ["members:*"] as const;
const USAGE = { scopes: ["usage:*"], family: "organizationUsage", idempotent: true } as const;

const TeamPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ teamId: pathIntegerField("`teamId`") }, "the path"),
);
const TeamProviderPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ teamId: pathIntegerField("`teamId`"), provider: nonBlankText("`provider`") }, "the path"),
);
const TeamModelPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    { teamId: pathIntegerField("`teamId`"), provider: nonBlankText("`provider`"), model: nonBlankText("`model`") },
    "the path",
  ),
);
const GroupMembersQuerySchema = /* @__PURE__ */ lazySchema(() => pageQuerySchema("org.groups.members"));

const reads = { scopes: MODELS_READ, family: "modelAccess" } as const;
const writes = { scopes: MODELS_WRITE, family: "modelAccess" } as const;
const group = { scopes: MEMBERS, family: "groups", params: s.OrganizationGroupPathSchema } as const;

/** The Organization API's operations (part of `ADMIN_OPERATIONS`). */
export const ADMIN_ORGANIZATION_OPERATIONS = {
  "org.members.list": org("GET", "/organizations/members", {
    scopes: ["members:read", "members:*"],
    query: s.OrgMembersQuerySchema,
    response: s.OrgMembersResponseSchema,
  }),
  "org.teamMemberships.sync": org("POST", "/organizations/team-memberships/sync", {
    scopes: MEMBERS,
    idempotent: true,
    body: s.OrgSyncBodySchema,
    response: s.SyncResultsSchema,
  }),
  "org.usage.pooled": org("POST", "/organizations/pooled-usage", {
    ...USAGE,
    body: s.OrgPooledUsageBodySchema,
    response: s.PooledUsageResponseSchema,
  }),
  "org.usage.events": org("POST", "/organizations/filtered-usage-events", {
    ...USAGE,
    body: s.OrgUsageEventsBodySchema,
    response: s.OrgUsageEventsResponseSchema,
  }),
  "org.usage.daily": org("POST", "/organizations/daily-usage-data", {
    ...USAGE,
    body: s.OrgDailyUsageBodySchema,
    response: s.OrgDailyUsageResponseSchema,
  }),
  "org.spend.list": org("POST", "/organizations/spend", {
    ...USAGE,
    body: s.OrgSpendBodySchema,
    response: s.OrgSpendResponseSchema,
  }),
  "org.modelAccess.list": org("GET", "/organizations/teams/model-access/configuration", {
    ...reads,
    query: s.OrgModelAccessQuerySchema,
    response: s.OrgModelAccessListResponseSchema,
  }),
  "org.modelAccess.get": org("GET", "/organizations/teams/{teamId}/model-access/configuration", {
    ...reads,
    params: TeamPathSchema,
    response: s.ModelAccessConfigSchema,
  }),
  "org.modelAccess.set": org("PUT", "/organizations/teams/{teamId}/model-access/configuration", {
    ...writes,
    params: TeamPathSchema,
    body: s.ModelAccessConfigBodySchema,
    response: s.ModelAccessConfigSchema,
  }),
  "org.modelAccess.setMany": org("PUT", "/organizations/teams/model-access/configuration", {
    ...writes,
    body: s.ModelAccessConfigBulkBodySchema,
    response: s.BulkTeamResultsSchema,
  }),
  "org.modelAccess.providers": org("GET", "/organizations/teams/{teamId}/model-access/providers", {
    ...reads,
    params: TeamPathSchema,
    response: s.ModelProvidersResponseSchema,
  }),
  "org.modelAccess.setProvider": org("PUT", "/organizations/teams/{teamId}/model-access/providers/{provider}", {
    ...writes,
    params: TeamProviderPathSchema,
    body: s.ProviderToggleBodySchema,
  }),
  "org.modelAccess.setModel": org(
    "PUT",
    "/organizations/teams/{teamId}/model-access/providers/{provider}/models/{model}",
    {
      ...writes,
      params: TeamModelPathSchema,
      body: s.ModelToggleBodySchema,
    },
  ),
  "org.modelAccess.setProviderMany": org("PUT", "/organizations/teams/model-access/providers/{provider}", {
    ...writes,
    params: ProviderPathSchema,
    body: s.ProviderToggleBulkBodySchema,
    response: s.BulkTeamResultsSchema,
  }),
  "org.modelAccess.setModelMany": org("PUT", "/organizations/teams/model-access/providers/{provider}/models/{model}", {
    ...writes,
    params: ModelPathSchema,
    body: s.ModelToggleBulkBodySchema,
    response: s.BulkTeamResultsSchema,
  }),
  "org.groups.list": org("GET", "/organizations/groups", {
    scopes: MEMBERS,
    family: "groups",
    query: s.OrgGroupsQuerySchema,
    response: s.OrganizationGroupListResponseSchema,
  }),
  "org.groups.get": org("GET", "/organizations/groups/{groupId}", {
    ...group,
    response: s.OrganizationGroupResponseSchema,
  }),
  "org.groups.create": org("POST", "/organizations/groups", {
    scopes: MEMBERS,
    family: "groups",
    body: s.GroupCreateBodySchema,
    response: s.OrganizationGroupResponseSchema,
  }),
  "org.groups.update": org("PATCH", "/organizations/groups/{groupId}", {
    ...group,
    idempotent: true,
    body: s.GroupUpdateBodySchema,
    response: s.OrganizationGroupResponseSchema,
  }),
  "org.groups.delete": org("DELETE", "/organizations/groups/{groupId}", { ...group, goneOnRetry: true }),
  "org.groups.members": org("GET", "/organizations/groups/{groupId}/members", {
    ...group,
    query: GroupMembersQuerySchema,
    response: s.GroupMembersResponseSchema,
  }),
  "org.groups.addMembers": org("POST", "/organizations/groups/{groupId}/members/bulk-add", {
    ...group,
    idempotent: true,
    body: s.GroupMemberIdsBodySchema,
    response: s.GroupMembersAddedSchema,
  }),
  "org.groups.removeMembers": org("POST", "/organizations/groups/{groupId}/members/bulk-remove", {
    ...group,
    idempotent: true,
    body: s.GroupMemberIdsBodySchema,
    response: s.GroupMembersRemovedSchema,
  }),
} as const;
