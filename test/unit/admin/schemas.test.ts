import { describe, expect, it } from "vitest";
import {
  AdminErrorBodySchema,
  AdminErrorMessageBodySchema,
  AuditLogsResponseSchema,
  BillingGroupListResponseSchema,
  BillingGroupResponseSchema,
  BillingGroupWriteResponseSchema,
  BlocklistsResponseSchema,
  DirectoryGroupListResponseSchema,
  DirectoryGroupResponseSchema,
  GroupMembersAddedSchema,
  GroupMembersRemovedSchema,
  GroupMembersResponseSchema,
  ListMembersResponseSchema,
  OrganizationGroupListResponseSchema,
  OrgDailyUsageResponseSchema,
  OrgUsageEventsResponseSchema,
  RemoveMemberResponseSchema,
  SetSpendLimitResponseSchema,
  SetSpendLimitsResponseSchema,
  TeamDailyUsageResponseSchema,
  TeamSpendResponseSchema,
  UsageEventsResponseSchema,
} from "../../../src/admin/schemas/index.js";
import { parseResponse } from "../../../src/core/schema.js";
import { validationErrorOf } from "../validation-error-of.js";

const at = "2025-01-02T03:04:05.000Z";
const pagination = { page: 1, pageSize: 50, totalCount: 1, totalPages: 1, hasNextPage: false, hasPreviousPage: false };

describe("members, audit log, removal, blocklists", () => {
  const member = { id: "user_abc", email: "dev@example.com", name: "Dev", role: "member", isRemoved: false };

  it("keeps unknown fields and unknown roles", () => {
    const body = { teamMembers: [{ ...member, role: "billing-admin", avatar: "x" }], extra: true };
    expect(parseResponse(ListMembersResponseSchema, body, "members.list")).toEqual(body);
  });

  it("reads a member without a field the spec does not require, and names a field of the wrong type", () => {
    const { isRemoved: _isRemoved, ...partial } = member;
    expect(parseResponse(ListMembersResponseSchema, { teamMembers: [partial] }, "members.list")).toEqual({
      teamMembers: [partial],
    });
    const error = validationErrorOf(() =>
      parseResponse(ListMembersResponseSchema, { teamMembers: [{ ...member, isRemoved: "no" }] }, "members.list"),
    );
    expect(error.direction).toBe("response");
    expect(error.path).toBe("teamMembers[0].isRemoved");
  });

  it("parses audit events, keeping unknown event and application types and event data", () => {
    const event = {
      event_id: "ev_1",
      timestamp: at,
      ip_address: "10.0.0.1",
      user_email: "dev@example.com",
      event_type: "assistant_bot_routine",
      application_type: "",
      event_data: { sand_agent_id: "sa_1", routine: "nightly" },
    };
    const body = {
      events: [event, { ...event, event_id: 2, event_type: "brand_new_type", application_type: "cli" }],
      pagination: { ...pagination, pageSize: 100 },
      params: { teamId: 7, startDate: "2025-01-01", endDate: 1735776000000 },
    };
    expect(parseResponse(AuditLogsResponseSchema, body, "auditLogs.list")).toEqual(body);
    const error = validationErrorOf(() =>
      parseResponse(AuditLogsResponseSchema, { ...body, pagination: { ...pagination, hasNextPage: "no" } }, "x"),
    );
    expect(error.path).toBe("pagination.hasNextPage");
  });

  it("parses removal results and blocklists", () => {
    expect(
      parseResponse(RemoveMemberResponseSchema, { success: true, userId: "user_a", hasBillingCycleUsage: false }, "x"),
    ).toEqual({ success: true, userId: "user_a", hasBillingCycleUsage: false });
    const repos = { repos: [{ id: "r1", url: "https://github.com/acme/web", patterns: ["*"], addedBy: "x" }] };
    expect(parseResponse(BlocklistsResponseSchema, repos, "x")).toEqual(repos);
  });

  it("parses both error body shapes", () => {
    expect(parseResponse(AdminErrorBodySchema, { code: "error", message: "bad" }, "x")).toEqual({
      code: "error",
      message: "bad",
    });
    expect(parseResponse(AdminErrorMessageBodySchema, { error: "neither id nor email given" }, "x")).toEqual({
      error: "neither id nor email given",
    });
  });
});

describe("usage and spend", () => {
  const counts = {
    totalLinesAdded: 10,
    totalLinesDeleted: 2,
    acceptedLinesAdded: 8,
    acceptedLinesDeleted: 1,
    totalApplies: 3,
    totalAccepts: 2,
    totalRejects: 1,
    totalTabsShown: 40,
    totalTabsAccepted: 12,
    composerRequests: 4,
    chatRequests: 5,
    agentRequests: 6,
    cmdkUsages: 1,
    subscriptionIncludedReqs: 9,
    apiKeyReqs: 0,
    usageBasedReqs: 2,
    reviewbotUsages: 0,
  };
  const day = {
    day: "2025-01-01",
    date: 1735689600000,
    email: "dev@example.com",
    ...counts,
    mostUsedModel: "model-a",
    applyMostUsedExtension: null,
    tabMostUsedExtension: ".ts",
    clientVersion: null,
  };
  const period = { startDate: 1735689600000, endDate: 1735776000000 };
  const userPagination = {
    page: 1,
    pageSize: 10,
    totalUsers: 1,
    totalPages: 1,
    hasNextPage: false,
    hasPreviousPage: false,
  };

  it("parses team daily usage with and without pagination", () => {
    const body = { data: [{ userId: 42, ...day, isActive: true, newCounter: 5 }], period };
    expect(parseResponse(TeamDailyUsageResponseSchema, body, "x")).toEqual(body);
    const paged = { ...body, pagination: userPagination };
    expect(parseResponse(TeamDailyUsageResponseSchema, paged, "x")).toEqual(paged);
    expect(
      validationErrorOf(() =>
        parseResponse(TeamDailyUsageResponseSchema, { ...body, data: [{ ...day, userId: "u" }] }, "x"),
      ).path,
    ).toBe("data[0].userId");
  });

  it("parses organization daily usage: string user ids, team ids, pagination read when present", () => {
    const body = { data: [{ userId: "user_a", teamId: 3, ...day }], period, pagination: userPagination };
    expect(parseResponse(OrgDailyUsageResponseSchema, body, "x")).toEqual(body);
    const { pagination: _pagination, ...unpaged } = body;
    expect(parseResponse(OrgDailyUsageResponseSchema, unpaged, "x")).toEqual(unpaged);
    expect(
      validationErrorOf(() => parseResponse(OrgDailyUsageResponseSchema, { ...body, pagination: "1" }, "x")).path,
    ).toBe("pagination");
  });

  const event = {
    timestamp: "1735689600000",
    userEmail: "dev@example.com",
    model: "model-a",
    kind: "Usage-based",
    maxMode: false,
    requestsCosts: 1.5,
    isTokenBasedCall: true,
    isChargeable: true,
    isHeadless: false,
    tokenUsage: { inputTokens: 10, outputTokens: 20, cacheWriteTokens: 0, cacheReadTokens: 5, totalCents: 0.0123 },
    chargedCents: 0.0456,
    serviceTokenFee: 0.0011,
  };
  const eventsPagination = { numPages: 1, currentPage: 1, pageSize: 100, hasNextPage: false, hasPreviousPage: false };

  it("parses usage events, keeping fractional cents and unknown fields", () => {
    const body = {
      totalUsageEventsCount: 2,
      pagination: eventsPagination,
      usageEvents: [
        event,
        { ...event, tokenUsage: undefined, isTokenBasedCall: false, conversationId: "c1", hosting: "CLOUD" },
      ],
      period,
    };
    const parsed = parseResponse(UsageEventsResponseSchema, body, "x");
    expect(parsed.usageEvents[0]?.chargedCents).toBe(0.0456);
    expect((parsed.usageEvents[1] as Record<string, unknown>).hosting).toBe("CLOUD");
  });

  it("reads teamId on organization usage events (optional, typed)", () => {
    const body = {
      totalUsageEventsCount: 1,
      pagination: eventsPagination,
      usageEvents: [{ ...event, teamId: 3 }],
      period,
    };
    expect(parseResponse(OrgUsageEventsResponseSchema, body, "x")).toEqual(body);
    expect(parseResponse(OrgUsageEventsResponseSchema, { ...body, usageEvents: [event] }, "x").usageEvents).toEqual([
      event,
    ]);
    const error = validationErrorOf(() =>
      parseResponse(OrgUsageEventsResponseSchema, { ...body, usageEvents: [{ ...event, teamId: "3" }] }, "x"),
    );
    expect(error.path).toBe("usageEvents[0].teamId");
  });

  it("parses team spend with fractional cents and a null monthly limit", () => {
    const body = {
      teamMemberSpend: [
        {
          userId: "user_a",
          name: "Dev",
          email: "dev@example.com",
          role: "member",
          spendCents: 1234.5678,
          overallSpendCents: 2000.01,
          fastPremiumRequests: 3,
          hardLimitOverrideDollars: 0,
          monthlyLimitDollars: null,
          effectivePerUserLimitDollars: 100,
        },
      ],
      subscriptionCycleStart: 1735689600000,
      totalMembers: 1,
      totalPages: 1,
    };
    expect(parseResponse(TeamSpendResponseSchema, body, "x")).toEqual(body);
  });

  it("parses spend-limit results, keeping unknown outcomes and statuses", () => {
    expect(parseResponse(SetSpendLimitResponseSchema, { outcome: "error", message: "invalid email" }, "x")).toEqual({
      outcome: "error",
      message: "invalid email",
    });
    const bulk = {
      requestedCount: 3,
      updatedCount: 1,
      unchangedCount: 1,
      failedCount: 1,
      results: [
        { userEmail: "a@example.com", status: "updated" },
        { userEmail: "b@example.com", status: "unchanged" },
        { userEmail: "c@example.com", status: "failed", error: "not a member" },
        { userEmail: "d@example.com", status: "queued" },
      ],
    };
    expect(parseResponse(SetSpendLimitsResponseSchema, bulk, "x")).toEqual(bulk);
  });
});

describe("groups", () => {
  const group = {
    id: "team_group_a",
    name: "Platform",
    memberCount: 2,
    monthlySpendingLimitDollars: null,
    createdAt: at,
    updatedAt: at,
  };
  const member = { userId: "user_a", name: "Dev", email: "dev@example.com", joinedAt: at };

  it("parses directory groups, their members and bulk counts", () => {
    const list = { groups: [{ ...group, scimMapped: true }], pagination };
    expect(parseResponse(DirectoryGroupListResponseSchema, list, "x")).toEqual(list);
    expect(
      parseResponse(DirectoryGroupResponseSchema, { group: { ...group, monthlySpendingLimitDollars: 50 } }, "x").group
        .monthlySpendingLimitDollars,
    ).toBe(50);
    expect(parseResponse(GroupMembersResponseSchema, { members: [member], pagination }, "x").members).toEqual([member]);
    expect(parseResponse(GroupMembersAddedSchema, { addedCount: 2 }, "x")).toEqual({ addedCount: 2 });
    expect(parseResponse(GroupMembersRemovedSchema, { removedCount: 0 }, "x")).toEqual({ removedCount: 0 });
  });

  it("reads publicId on organization groups (optional, typed)", () => {
    const orgGroup = { ...group, id: "g_a", publicId: "grp_a" };
    expect(parseResponse(OrganizationGroupListResponseSchema, { groups: [orgGroup], pagination }, "x").groups).toEqual([
      orgGroup,
    ]);
    expect(parseResponse(OrganizationGroupListResponseSchema, { groups: [group], pagination }, "x").groups).toEqual([
      group,
    ]);
    expect(
      validationErrorOf(() =>
        parseResponse(OrganizationGroupListResponseSchema, { groups: [{ ...orgGroup, publicId: 5 }], pagination }, "x"),
      ).path,
    ).toBe("groups[0].publicId");
  });

  const billingMember = {
    ...member,
    leftAt: null,
    spendCents: 10.25,
    dailySpend: [{ date: "2025-01-01", spendCents: 10.25 }],
  };
  const billingGroup = {
    id: "group_a",
    name: "R&D",
    type: "BILLING",
    directoryGroupId: null,
    memberCount: 1,
    createdAt: at,
    updatedAt: at,
    spendCents: 10.25,
    currentMembers: [billingMember],
    formerMembers: [{ ...billingMember, leftAt: at, dailySpend: undefined }],
    dailySpend: [{ date: "2025-01-01", spendCents: 10.25 }],
  };

  it("parses billing groups with the unassigned group and the cycle, keeping unknown types", () => {
    const body = {
      groups: [billingGroup, { ...billingGroup, id: "group_b", type: "COST_CENTER" }],
      unassignedGroup: { ...billingGroup, id: "group_unassigned", name: "Unassigned" },
      billingCycle: { cycleStart: "2025-01-01", cycleEnd: "2025-02-01" },
    };
    const parsed = parseResponse(BillingGroupListResponseSchema, body, "x");
    expect(parsed.groups[1]?.type).toBe("COST_CENTER");
    expect(parsed.unassignedGroup?.id).toBe("group_unassigned");
    expect(
      parseResponse(BillingGroupResponseSchema, { group: billingGroup, billingCycle: body.billingCycle }, "x").group,
    ).toEqual(billingGroup);
  });

  it("parses billing group writes, which carry members[] instead of current/former lists", () => {
    const { currentMembers: _c, formerMembers: _f, dailySpend: _d, spendCents: _s, ...rest } = billingGroup;
    const body = { group: { ...rest, directoryGroupId: "team_group_a", members: [member] } };
    expect(parseResponse(BillingGroupWriteResponseSchema, body, "x")).toEqual(body);
    expect(parseResponse(BillingGroupWriteResponseSchema, { group: { ...rest } }, "x")).toEqual({ group: rest });
    expect(
      validationErrorOf(() => parseResponse(BillingGroupWriteResponseSchema, { group: { ...rest, members: "m" } }, "x"))
        .path,
    ).toBe("group.members");
  });
});
