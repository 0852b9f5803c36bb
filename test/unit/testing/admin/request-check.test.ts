import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS, type AdminOperation } from "../../../../src/admin/operations.js";
import { requestIssues } from "../../../../src/core/schema.js";
import { queryObject } from "../../../../src/testing/admin/request-check.js";
import { adminSetup } from "./helpers.js";

// The fake's 400 answers come from the same schemas the client checks before sending, so the two cannot disagree:
// whatever an operation's schema refuses, the fake refuses too (and changes nothing), and what it accepts gets past
// validation to the handler.

const BODIES: readonly unknown[] = [42, "text", [], {}, { unexpected: true }, null];
const QUERIES: ReadonlyArray<Record<string, string>> = [
  { page: "0" },
  { pageSize: "-1" },
  { limit: "0" },
  { page: "x" },
];

function pathOf(operation: AdminOperation, value: string): string {
  return operation.path.replace(/\{\w+\}/g, value);
}

describe("the fake validates with the operations' schemas", () => {
  it("refuses every body and query the client's schema refuses: 0 accepted", async () => {
    const { team, org } = adminSetup({ admin: { rateLimits: false } });
    const accepted: string[] = [];
    let refused = 0;
    for (const [name, operation] of Object.entries(ADMIN_OPERATIONS) as Array<[string, AdminOperation]>) {
      const client = operation.keyKind === "team" ? team : org;
      // A valid-looking id for each placeholder, so only the body or query is wrong.
      const path = pathOf(
        operation,
        name.startsWith("billingGroups.") ? "group_1" : name.startsWith("org.") ? "g_1" : "x1",
      )
        .replace(/\/teams\/(g_1|x1)\//, "/teams/1/")
        .replace(/directory-groups\/x1/, "directory-groups/team_group_1");
      const cases: Array<[string, { body?: unknown; query?: Record<string, string> }, boolean]> = [];
      if (operation.body) {
        for (const body of BODIES)
          cases.push([JSON.stringify(body), { body }, requestIssues(operation.body, body).length > 0]);
      }
      if (operation.query) {
        for (const query of QUERIES) {
          const refusedBySchema = requestIssues(operation.query, queryObject(new URLSearchParams(query))).length > 0;
          cases.push([new URLSearchParams(query).toString(), { query }, refusedBySchema]);
        }
      }
      for (const [label, input, schemaRefuses] of cases) {
        if (!schemaRefuses) continue;
        const result = await client.call(operation.method, path, input);
        const answeredAsError = result.status === 400 || (result.status === 200 && result.json?.outcome === "error");
        if (answeredAsError) refused++;
        else accepted.push(`${name} ${label}: ${result.status}`);
      }
    }
    console.info(`fake request sweep: ${refused} inputs the schemas refuse, all refused by the fake`);
    expect(accepted).toEqual([]);
    expect(refused).toBeGreaterThan(150);
  });

  it("refuses a path id of another family, as the client does", async () => {
    const { team, org } = adminSetup();
    expect((await team.get("/teams/directory-groups/g_1")).status).toBe(400);
    expect((await team.get("/teams/groups/team_group_1")).status).toBe(400);
    expect((await org.get("/organizations/groups/grp_1")).status).toBe(400);
    expect((await org.get("/organizations/teams/abc/model-access/configuration")).status).toBe(400);
  });

  it("reports a broken sync entry as an error row, not a 400 (spec: per-entry failures return 200)", async () => {
    const { org, fake } = adminSetup();
    const result = await org.post("/organizations/team-memberships/sync", {
      organizationId: fake.admin.organizationId,
      users: [{ userId: 1, teamIds: [1], destinationTeamId: 1 }],
    });
    expect([result.status, result.json.errorCount]).toEqual([200, 1]);
  });
});
