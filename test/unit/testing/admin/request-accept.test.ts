import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS, type AdminOperation } from "../../../../src/admin/operations.js";
import { requestIssues } from "../../../../src/core/schema.js";
import { queryObject } from "../../../../src/testing/admin/request-check.js";
import { adminSetup, DAY, START } from "./helpers.js";

// The other half of request-check.test.ts: what an operation's schema accepts, the fake never answers with a 400
// (nor the spend-limit route's 200 `{outcome: "error"}`). The fake keeps no validation of its own; only state can
// refuse (an unknown member, a taken name), so each input below names seeded things. Keyed by method and path, so
// the table survives a renaming of the operations.

type Ids = ReturnType<typeof seededIds>;
interface Case {
  body?: unknown;
  query?: Record<string, string>;
  /** Replaces the path's placeholders. */
  path?: Record<string, string>;
}

function seededIds(fake: ReturnType<typeof adminSetup>["fake"]) {
  const { state } = fake.admin;
  const team = state.teams.get(fake.admin.primaryTeamId);
  if (!team) throw new Error("no primary team");
  const members = fake.admin.members();
  const inOrganization = state.people.filter((p) => p.inOrganization);
  return {
    org: fake.admin.organizationId,
    linkedTeam: fake.admin.teamIds[0] ?? 0,
    user: members[3]?.userId ?? "",
    email: members[3]?.email ?? "",
    otherEmail: members[4]?.email ?? "",
    directoryGroup: team.directoryGroups.groups[0]?.id ?? "",
    billingGroup: team.billingGroups[0]?.id ?? "",
    orgGroup: state.organization.groups.groups[0]?.id ?? "",
    orgUser: inOrganization[0]?.userId ?? "",
    orgUserNumber: inOrganization[0]?.id ?? 0,
  };
}

const RANGE = { startDate: START - 5 * DAY, endDate: START };
const model = { provider: "acme", model: "acme-large" };

/** At least one valid input per operation with a body or query. */
function validCases(ids: Ids): Record<string, Case[]> {
  const { org } = ids;
  return {
    "GET /teams/audit-logs": [
      { query: {} },
      {
        query: {
          startTime: "2030-05-10",
          endTime: String(START),
          users: `${ids.email},${ids.user},7,user_nobody`,
          pageSize: "4",
        },
      },
    ],
    "POST /teams/daily-usage-data": [{ body: RANGE }, { body: { ...RANGE, page: 1, pageSize: 5 } }],
    "POST /teams/spend": [{ body: {} }, { body: { searchTerm: "a", sortBy: "amount", sortDirection: "asc", page: 2 } }],
    "POST /teams/filtered-usage-events": [
      { body: {} },
      { body: { ...RANGE, userId: 1, email: "x@example.com", hostingType: "CLOUD", pageSize: 1000 } },
    ],
    "POST /teams/user-spend-limit": [{ body: { userEmail: ids.email, spendLimitDollars: 0 } }],
    "POST /teams/user-spend-limits": [{ body: { updates: [{ userEmail: ids.email, spendLimitDollars: null }] } }],
    "POST /teams/remove-member": [{ body: { userId: ids.user } }, { body: { email: ids.otherEmail } }],
    "POST /settings/repo-blocklists/repos/upsert": [
      { body: { repos: [] } },
      { body: { repos: [{ url: "u", patterns: ["*"] }] } },
    ],
    "GET /teams/directory-groups": [{ query: {} }, { query: { page: "2", pageSize: "500" } }],
    "POST /teams/directory-groups": [{ body: { name: "Fresh" } }],
    "PATCH /teams/directory-groups/{groupId}": [
      { path: { groupId: ids.directoryGroup }, body: { monthlySpendingLimitDollars: 0 } },
      { path: { groupId: ids.directoryGroup }, body: { name: "Renamed", clearMonthlySpendingLimitDollars: true } },
    ],
    "GET /teams/directory-groups/{groupId}/members": [
      { path: { groupId: ids.directoryGroup }, query: { pageSize: "1" } },
    ],
    "POST /teams/directory-groups/{groupId}/members/bulk-add": [
      { path: { groupId: ids.directoryGroup }, body: { userIds: [ids.user, ids.user] } },
      { path: { groupId: ids.directoryGroup }, body: { userIds: [] } },
    ],
    "POST /teams/directory-groups/{groupId}/members/bulk-remove": [
      { path: { groupId: ids.directoryGroup }, body: { userIds: [ids.user] } },
    ],
    "GET /teams/groups": [{ query: {} }, { query: { billingCycle: "2030-03-02" } }],
    "GET /teams/groups/{groupId}": [{ path: { groupId: ids.billingGroup }, query: { billingCycle: "2030-04-01" } }],
    "POST /teams/groups": [{ body: { name: "Ops" } }, { body: { name: "Ops", type: "BILLING" } }],
    "PATCH /teams/groups/{groupId}": [
      { path: { groupId: ids.billingGroup }, body: { name: "Platform" } },
      { path: { groupId: ids.billingGroup }, body: { directoryGroupId: null } },
    ],
    "POST /teams/groups/{groupId}/members": [{ path: { groupId: ids.billingGroup }, body: { userIds: [] } }],
    "DELETE /teams/groups/{groupId}/members": [{ path: { groupId: ids.billingGroup }, body: { userIds: [ids.user] } }],
    "PUT /teams/model-access/configuration": [
      { body: { state: "unrestricted" } },
      { body: { newProviderDefault: "enabled", newModelDefault: "disabled" } },
    ],
    "PUT /teams/model-access/providers/{provider}": [{ path: model, body: { enabled: true } }],
    "PUT /teams/model-access/providers/{provider}/models/{model}": [
      {
        path: model,
        body: { enabled: true, parameters: { thinking: { allowedValues: ["low"], defaultValue: "low" } } },
      },
    ],
    "PATCH /assistant-bot/capabilities": [{ body: { cloudAgents: false } }, { body: { templateSharing: null } }],
    "PUT /assistant-bot/auto-review": [{ body: { enforced: true, rules: { allow: [" a ", "a"], block: [] } } }],
    "PUT /assistant-bot/access": [
      { body: { mode: "all" } },
      { body: { mode: "limited", groupIds: [ids.billingGroup, ids.billingGroup] } },
    ],
    "PUT /assistant-bot/network": [
      { body: { egressMode: "allow_all", allowlist: ["*.example.com:443"], locked: true } },
    ],
    "GET /assistant-bot/team-rules": [{ query: {} }, { query: { limit: "100" } }],
    "POST /assistant-bot/team-rules": [{ body: { name: "n", content: "c", enabled: false } }],
    "PATCH /assistant-bot/team-rules/{ruleId}": [{ path: { ruleId: "rule_missing" }, body: { enabled: true } }],
    "GET /assistant-bot/setup-manifests": [{ query: { limit: "1" } }],
    "PUT /assistant-bot/setup-manifests/{manifestId}": [
      {
        path: { manifestId: "web.app_1" },
        body: {
          scripts: [
            { id: "a", setup: "npm ci" },
            { id: "a", setup: "x" },
          ],
        },
      },
    ],
    "GET /organizations/members": [{ query: {} }, { query: { page: "1", pageSize: "999" } }],
    "POST /organizations/team-memberships/sync": [
      { body: { organizationId: org, users: [{ userId: ids.orgUserNumber, teamIds: [ids.linkedTeam] }] } },
      { body: { organizationId: org, users: [{ userId: "x", teamIds: [], destinationTeamId: 1 }] } },
    ],
    "POST /organizations/pooled-usage": [{ body: { organizationId: org } }],
    "POST /organizations/filtered-usage-events": [
      { body: { organizationId: org } },
      { body: { organizationId: org, ...RANGE, teamIds: [ids.linkedTeam], userId: ids.orgUser, pageSize: 5000 } },
    ],
    "POST /organizations/daily-usage-data": [
      { body: { organizationId: org } },
      { body: { organizationId: org, ...RANGE, userEmails: [ids.email], page: 3 } },
    ],
    "POST /organizations/spend": [{ body: { organizationId: org, sortBy: "spendCents", sortDirection: "desc" } }],
    "GET /organizations/teams/model-access/configuration": [
      { query: {} },
      { query: { teamIds: ` ${ids.linkedTeam} ` } },
    ],
    "PUT /organizations/teams/{teamId}/model-access/configuration": [
      { path: { teamId: String(ids.linkedTeam) }, body: { state: "unrestricted" } },
    ],
    "PUT /organizations/teams/model-access/configuration": [
      { body: { teamIds: [ids.linkedTeam, 99], newProviderDefault: "disabled", newModelDefault: "enabled" } },
    ],
    "PUT /organizations/teams/{teamId}/model-access/providers/{provider}": [
      { path: { teamId: String(ids.linkedTeam), ...model }, body: { enabled: false } },
    ],
    "PUT /organizations/teams/{teamId}/model-access/providers/{provider}/models/{model}": [
      { path: { teamId: String(ids.linkedTeam), ...model }, body: { enabled: true, parameters: {} } },
    ],
    "PUT /organizations/teams/model-access/providers/{provider}": [
      { path: model, body: { enabled: true, teamIds: [1] } },
    ],
    "PUT /organizations/teams/model-access/providers/{provider}/models/{model}": [
      { path: model, body: { enabled: true, teamIds: [ids.linkedTeam] } },
    ],
    "GET /organizations/groups": [{ query: { name: "Platform Guild" } }],
    "POST /organizations/groups": [{ body: { name: "Guild 2" } }],
    "PATCH /organizations/groups/{groupId}": [
      { path: { groupId: ids.orgGroup }, body: { monthlySpendingLimitDollars: 5 } },
    ],
    "GET /organizations/groups/{groupId}/members": [{ path: { groupId: ids.orgGroup }, query: { pageSize: "3" } }],
    "POST /organizations/groups/{groupId}/members/bulk-add": [
      { path: { groupId: ids.orgGroup }, body: { userIds: [ids.orgUser] } },
    ],
    "POST /organizations/groups/{groupId}/members/bulk-remove": [
      { path: { groupId: ids.orgGroup }, body: { userIds: [ids.orgUser] } },
    ],
  };
}

describe("the fake accepts what the operations' schemas accept", () => {
  it("answers no valid body or query with a 400: 0 refused, every operation with a body or query covered", async () => {
    const operations = Object.values(ADMIN_OPERATIONS) as AdminOperation[];
    const withInput = operations.filter((operation) => operation.body || operation.query);
    const refused: string[] = [];
    const uncovered: string[] = [];
    let sent = 0;
    for (const operation of withInput) {
      const key = `${operation.method} ${operation.path}`;
      const probe = adminSetup({ admin: { rateLimits: false } });
      const cases = validCases(seededIds(probe.fake))[key];
      if (!cases) uncovered.push(key);
      for (const input of cases ?? []) {
        // Each case on a fresh fake: only the request decides, not what an earlier case changed.
        const { fake, team, org } = adminSetup({ admin: { rateLimits: false } });
        fake.admin.setModelAccessControl(fake.admin.primaryTeamId, true);
        const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => input.path?.[name] ?? name);
        const schemaIssues = [
          ...(operation.body ? requestIssues(operation.body, input.body ?? {}) : []),
          ...(operation.query ? requestIssues(operation.query, queryObject(new URLSearchParams(input.query))) : []),
        ].filter((issue) => !issue.path.startsWith("users["));
        expect(schemaIssues, `${key} ${JSON.stringify(input)}`).toEqual([]);
        const client = operation.keyKind === "team" ? team : org;
        const options = { ...(input.body !== undefined ? { body: input.body } : {}), query: input.query ?? {} };
        const result = await client.call(operation.method, path, options);
        sent++;
        if (result.status === 400 || result.json?.outcome === "error")
          refused.push(`${key} ${JSON.stringify(input)}: ${result.status} ${JSON.stringify(result.json)}`);
      }
    }
    console.info(
      `fake acceptance sweep: ${withInput.length} operations, ${sent} valid inputs, ${refused.length} refused`,
    );
    expect(uncovered).toEqual([]);
    expect(refused).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(withInput.length);
  });
});
