import { describe, expect, it } from "vitest";
import { adminSetup, type Json } from "./helpers.js";

describe("fake admin API: a 5,000-member team", () => {
  it("lists every member and pages through them fully on the paged routes", async () => {
    const { team, org, fake } = adminSetup({ admin: { members: 5000 } });
    const members = (await team.get("/teams/members")).json.teamMembers;
    expect(members).toHaveLength(5000);
    const ids = new Set(members.map((m: Json) => m.id));
    expect(ids.size).toBe(5000);
    expect(new Set(members.map((m: Json) => m.email)).size).toBe(5000);

    // Team spend, 500 per page.
    const spendIds: string[] = [];
    let totalPages = 1;
    for (let page = 1; page <= totalPages; page++) {
      const { json } = await team.post("/teams/spend", { page, pageSize: 500, sortBy: "user", sortDirection: "asc" });
      totalPages = json.totalPages;
      spendIds.push(...json.teamMemberSpend.map((r: Json) => r.userId));
    }
    expect(totalPages).toBe(10);
    expect(new Set(spendIds)).toEqual(ids);

    // Organization members: pageSize 1000 is clamped to 200.
    const orgIds: number[] = [];
    let page = 1;
    for (;;) {
      const { json } = await org.get("/organizations/members", { query: { page, pageSize: 1000 } });
      expect(json.pagination.pageSize).toBe(200);
      orgIds.push(...json.members.map((m: Json) => m.userId));
      if (!json.pagination.hasNextPage) break;
      page += 1;
    }
    expect(page).toBe(Math.ceil((5000 + 13) / 200));
    expect(new Set(orgIds).size).toBe(5013);
    expect(
      fake.admin
        .members()
        .map((m) => m.numericId)
        .every((id) => orgIds.includes(id)),
    ).toBe(true);

    // Daily usage, paginated by user within the family budget (20 per minute): 1 000 users per page.
    const users = new Set<number>();
    const day = Date.UTC(2030, 4, 14);
    for (let p = 1; p <= 5; p++) {
      const { json } = await team.post("/teams/daily-usage-data", {
        startDate: day,
        endDate: day + 1,
        page: p,
        pageSize: 1000,
      });
      expect(json.pagination).toMatchObject({ totalUsers: 5000, totalPages: 5, hasNextPage: p < 5 });
      for (const row of json.data) users.add(row.userId);
    }
    expect(users.size).toBe(5000);
    expect(fake.admin.stats.rateLimited).toBe(0);
  });
});
