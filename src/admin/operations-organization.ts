import { lazySchema } from "../core/lazy-schema.js";
import { integerField, requestObject as openObject } from "../core/request-fields.js";
import { org } from "./operation-types.js";
import { ModelPathSchema, ProviderPathSchema } from "./operations-team.js";
import * as s from "./schemas/index.js";
import { nonBlankText } from "./schemas/request-fields.js";
import { pageQuerySchema } from "./schemas/requests-pagination.js";

// The Organization API (organization key). Bodies that name the organization get it from the client.

const MODELS_READ = ["models:read", "models:*"] as const;
const MODELS_WRITE = ["models:*"] as const;
const MEMBERS = ["members:*"] as const;
const USAGE = { scopes: ["usage:*"], family: "organizationUsage", idempotent: true } as const;

const TeamPathSchema = /* @__PURE__ */ lazySchema(() => openObject({ teamId: integerField("`teamId`") }, "the path"));
const TeamProviderPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject({ teamId: integerField("`teamId`"), provider: nonBlankText("`provider`") }, "the path"),
);
const TeamModelPathSchema = /* @__PURE__ */ lazySchema(() =>
  openObject(
    { teamId: integerField("`teamId`"), provider: nonBlankText("`provider`"), model: nonBlankText("`model`") },
    "the path",
  ),
);
const GroupMembersQuerySchema = /* @__PURE__ */ lazySchema(() => pageQuerySchema("orgListGroupMembers"));

const reads = { scopes: MODELS_READ, family: "modelAccess" } as const;
const writes = { scopes: MODELS_WRITE, family: "modelAccess" } as const;
const group = { scopes: MEMBERS, family: "groups", params: s.OrganizationGroupPathSchema } as const;

/** The Organization API's operations (part of `ADMIN_OPERATIONS`). */
export const ADMIN_ORGANIZATION_OPERATIONS = {
  orgListMembers: org("GET", "/organizations/members", {
    scopes: ["members:read", "members:*"],
    query: s.OrgMembersQuerySchema,
    response: s.OrgMembersResponseSchema,
  }),
  orgSyncMemberships: org("POST", "/organizations/team-memberships/sync", {
    scopes: MEMBERS,
    idempotent: true,
    body: s.OrgSyncBodySchema,
    response: s.SyncResultsSchema,
  }),
  orgPooledUsage: org("POST", "/organizations/pooled-usage", {
    ...USAGE,
    body: s.OrgPooledUsageBodySchema,
    response: s.PooledUsageResponseSchema,
  }),
  orgUsageEvents: org("POST", "/organizations/filtered-usage-events", {
    ...USAGE,
    body: s.OrgUsageEventsBodySchema,
    response: s.OrgUsageEventsResponseSchema,
  }),
  orgDailyUsage: org("POST", "/organizations/daily-usage-data", {
    ...USAGE,
    body: s.OrgDailyUsageBodySchema,
    response: s.OrgDailyUsageResponseSchema,
  }),
  orgSpend: org("POST", "/organizations/spend", {
    ...USAGE,
    body: s.OrgSpendBodySchema,
    response: s.OrgSpendResponseSchema,
  }),
  orgListModelAccess: org("GET", "/organizations/teams/model-access/configuration", {
    ...reads,
    query: s.OrgModelAccessQuerySchema,
    response: s.OrgModelAccessListResponseSchema,
  }),
  orgGetModelAccess: org("GET", "/organizations/teams/{teamId}/model-access/configuration", {
    ...reads,
    params: TeamPathSchema,
    response: s.ModelAccessConfigSchema,
  }),
  orgSetModelAccess: org("PUT", "/organizations/teams/{teamId}/model-access/configuration", {
    ...writes,
    params: TeamPathSchema,
    body: s.ModelAccessConfigBodySchema,
    response: s.ModelAccessConfigSchema,
  }),
  orgSetModelAccessBulk: org("PUT", "/organizations/teams/model-access/configuration", {
    ...writes,
    body: s.ModelAccessConfigBulkBodySchema,
    response: s.BulkTeamResultsSchema,
  }),
  orgListModelProviders: org("GET", "/organizations/teams/{teamId}/model-access/providers", {
    ...reads,
    params: TeamPathSchema,
    response: s.ModelProvidersResponseSchema,
  }),
  orgSetModelProvider: org("PUT", "/organizations/teams/{teamId}/model-access/providers/{provider}", {
    ...writes,
    params: TeamProviderPathSchema,
    body: s.ProviderToggleBodySchema,
  }),
  orgSetProviderModel: org("PUT", "/organizations/teams/{teamId}/model-access/providers/{provider}/models/{model}", {
    ...writes,
    params: TeamModelPathSchema,
    body: s.ModelToggleBodySchema,
  }),
  orgSetModelProviderBulk: org("PUT", "/organizations/teams/model-access/providers/{provider}", {
    ...writes,
    params: ProviderPathSchema,
    body: s.ProviderToggleBulkBodySchema,
    response: s.BulkTeamResultsSchema,
  }),
  orgSetProviderModelBulk: org("PUT", "/organizations/teams/model-access/providers/{provider}/models/{model}", {
    ...writes,
    params: ModelPathSchema,
    body: s.ModelToggleBulkBodySchema,
    response: s.BulkTeamResultsSchema,
  }),
  orgListGroups: org("GET", "/organizations/groups", {
    scopes: MEMBERS,
    family: "groups",
    query: s.OrgGroupsQuerySchema,
    response: s.OrganizationGroupListResponseSchema,
  }),
  orgGetGroup: org("GET", "/organizations/groups/{groupId}", { ...group, response: s.OrganizationGroupResponseSchema }),
  orgCreateGroup: org("POST", "/organizations/groups", {
    scopes: MEMBERS,
    family: "groups",
    body: s.GroupCreateBodySchema,
    response: s.OrganizationGroupResponseSchema,
  }),
  orgUpdateGroup: org("PATCH", "/organizations/groups/{groupId}", {
    ...group,
    idempotent: true,
    body: s.GroupUpdateBodySchema,
    response: s.OrganizationGroupResponseSchema,
  }),
  orgDeleteGroup: org("DELETE", "/organizations/groups/{groupId}", group),
  orgListGroupMembers: org("GET", "/organizations/groups/{groupId}/members", {
    ...group,
    query: GroupMembersQuerySchema,
    response: s.GroupMembersResponseSchema,
  }),
  orgAddGroupMembers: org("POST", "/organizations/groups/{groupId}/members/bulk-add", {
    ...group,
    idempotent: true,
    body: s.GroupMemberIdsBodySchema,
    response: s.GroupMembersAddedSchema,
  }),
  orgRemoveGroupMembers: org("POST", "/organizations/groups/{groupId}/members/bulk-remove", {
    ...group,
    idempotent: true,
    body: s.GroupMemberIdsBodySchema,
    response: s.GroupMembersRemovedSchema,
  }),
} as const;
