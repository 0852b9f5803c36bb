import { describe, expect, it } from "vitest";
import { adminSetup, codeError, type Json } from "./helpers.js";

describe("fake admin API: repository blocklists", () => {
  it("lists, upserts (replacing patterns of listed repos only) and deletes with 204", async () => {
    const { team } = adminSetup();
    const before = (await team.get("/settings/repo-blocklists/repos")).json.repos;
    expect(before).toEqual([
      { id: expect.any(String), url: "https://github.com/example/secrets", patterns: ["*"] },
      { id: expect.any(String), url: "https://github.com/example/app", patterns: ["**/*.secret", "config/prod/**"] },
    ]);
    const upsert = await team.post("/settings/repo-blocklists/repos/upsert", {
      repos: [
        { url: "https://github.com/example/app", patterns: ["*.pem"] },
        { url: "https://github.com/example/new", patterns: ["**/*.key"] },
      ],
    });
    expect(upsert.status).toBe(200);
    expect(upsert.json.repos.map((r: Json) => r.url)).toEqual([
      "https://github.com/example/app",
      "https://github.com/example/new",
    ]);
    const after = (await team.get("/settings/repo-blocklists/repos")).json.repos;
    expect(after).toHaveLength(3);
    expect(after[0]).toEqual(before[0]); // not listed: untouched
    expect(after[1]).toEqual({ ...before[1], patterns: ["*.pem"] }); // same id, patterns replaced
    const removed = await team.delete(`/settings/repo-blocklists/repos/${after[2].id}`);
    expect(removed.status).toBe(204);
    expect(removed.json).toBeUndefined();
    expect((await team.get("/settings/repo-blocklists/repos")).json.repos).toHaveLength(2);
    expect((await team.delete(`/settings/repo-blocklists/repos/${after[2].id}`)).status).toBe(404);
    expect((await team.post("/settings/repo-blocklists/repos/upsert", { repos: [{ url: "x" }] })).status).toBe(400);
    expect((await team.post("/settings/repo-blocklists/repos/upsert", {})).status).toBe(400);
  });
});

describe("fake admin API: team directory groups", () => {
  it("lists with pagination (pageSize over 200 clamped) and gets by team_group_ id", async () => {
    const { team } = adminSetup();
    const { json } = await team.get("/teams/directory-groups", { query: { pageSize: 1000 } });
    expect(json.pagination).toEqual({
      page: 1,
      pageSize: 200,
      totalCount: 3,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    expect(json.groups[0]).toEqual({
      id: expect.stringMatching(/^team_group_/),
      name: "Engineering",
      memberCount: 10,
      monthlySpendingLimitDollars: 200,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await team.get(`/teams/directory-groups/${json.groups[0].id}`)).json).toEqual({ group: json.groups[0] });
    const paged = (await team.get("/teams/directory-groups", { query: { page: 2, pageSize: 2 } })).json;
    expect(paged.groups.map((g: Json) => g.name)).toEqual(["Sales (SCIM)"]);
    expect(paged.pagination).toMatchObject({ hasNextPage: false, hasPreviousPage: true, totalPages: 2 });
    expect((await team.get("/teams/directory-groups", { query: { pageSize: 0 } })).status).toBe(400);
    expect((await team.get("/teams/directory-groups", { query: { page: "x" } })).status).toBe(400);
  });

  it("creates (201), rejects missing or duplicate names, and never accepts another family's ids", async () => {
    const { team } = adminSetup();
    const created = await team.post("/teams/directory-groups", { name: "  Platform  " });
    expect(created.status).toBe(201);
    expect(created.json.group).toMatchObject({ name: "Platform", memberCount: 0, monthlySpendingLimitDollars: null });
    for (const body of [{}, { name: "" }, { name: "platform" }, { name: "Engineering" }]) {
      const result = await team.post("/teams/directory-groups", body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.json).toEqual(codeError);
    }
    for (const id of ["group_abc", "g_abc", "grp_abc", "nonsense"])
      expect((await team.get(`/teams/directory-groups/${id}`)).status).toBe(400);
    expect((await team.get("/teams/directory-groups/team_group_missing")).status).toBe(404);
  });

  it("PATCH is partial, needs a field, bounds the limit and refuses set plus clear", async () => {
    const { team } = adminSetup();
    const id = (await team.post("/teams/directory-groups", { name: "Ops" })).json.group.id;
    const path = `/teams/directory-groups/${id}`;
    expect((await team.patch(path, { monthlySpendingLimitDollars: 2_147_483_647 })).json.group).toMatchObject({
      name: "Ops",
      monthlySpendingLimitDollars: 2_147_483_647,
    });
    expect((await team.patch(path, { name: "Operations" })).json.group).toMatchObject({
      name: "Operations",
      monthlySpendingLimitDollars: 2_147_483_647,
    });
    expect(
      (await team.patch(path, { clearMonthlySpendingLimitDollars: true })).json.group.monthlySpendingLimitDollars,
    ).toBeNull();
    expect((await team.patch(path, { monthlySpendingLimitDollars: 0 })).json.group.monthlySpendingLimitDollars).toBe(0);
    for (const body of [
      {},
      { monthlySpendingLimitDollars: -1 },
      { monthlySpendingLimitDollars: 2_147_483_648 },
      { monthlySpendingLimitDollars: 1.5 },
      { monthlySpendingLimitDollars: 5, clearMonthlySpendingLimitDollars: true },
      { name: "Engineering" },
    ])
      expect((await team.patch(path, body)).status, JSON.stringify(body)).toBe(400);
  });

  it("members: bulk-add and bulk-remove (≤ 100) count changes; delete needs an empty, unmapped group", async () => {
    const { team, fake } = adminSetup();
    const id = (await team.post("/teams/directory-groups", { name: "Guild" })).json.group.id;
    const [a, b] = fake.admin.members();
    const add = await team.post(`/teams/directory-groups/${id}/members/bulk-add`, {
      userIds: [a?.userId, b?.userId, a?.userId],
    });
    expect(add.json).toEqual({ addedCount: 2 });
    expect((await team.post(`/teams/directory-groups/${id}/members/bulk-add`, { userIds: [a?.userId] })).json).toEqual({
      addedCount: 0,
    });
    const members = (await team.get(`/teams/directory-groups/${id}/members`)).json;
    expect(members.members).toEqual([
      { userId: a?.userId, name: a?.name, email: a?.email, joinedAt: expect.any(String) },
      expect.objectContaining({ userId: b?.userId }),
    ]);
    expect(members.pagination).toMatchObject({ totalCount: 2, pageSize: 50 });
    expect((await team.delete(`/teams/directory-groups/${id}`)).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => `user_${i}x`);
    expect((await team.post(`/teams/directory-groups/${id}/members/bulk-add`, { userIds: tooMany })).status).toBe(400);
    expect(
      (await team.post(`/teams/directory-groups/${id}/members/bulk-add`, { userIds: ["user_stranger"] })).status,
    ).toBe(400);
    expect((await team.post(`/teams/directory-groups/${id}/members/bulk-add`, { userIds: ["10001"] })).status).toBe(
      400,
    );
    const remove = await team.post(`/teams/directory-groups/${id}/members/bulk-remove`, {
      userIds: [a?.userId, b?.userId, "user_x"],
    });
    expect(remove.json).toEqual({ removedCount: 2 });
    expect((await team.delete(`/teams/directory-groups/${id}`)).status).toBe(204);
    expect((await team.get(`/teams/directory-groups/${id}`)).status).toBe(404);

    const scim = (await team.get("/teams/directory-groups")).json.groups.find((g: Json) => g.name === "Sales (SCIM)");
    await team.post(`/teams/directory-groups/${scim.id}/members/bulk-remove`, {
      userIds: (await team.get(`/teams/directory-groups/${scim.id}/members`)).json.members.map((m: Json) => m.userId),
    });
    const mapped = await team.delete(`/teams/directory-groups/${scim.id}`);
    expect(mapped.status).toBe(400);
    expect(mapped.json.message).toMatch(/SCIM/);
  });
});

describe("fake organization API: organization groups", () => {
  it("g_ ids with grp_ public ids; grp_ is refused as :groupId; name filter is exact", async () => {
    const { org } = adminSetup();
    const list = (await org.get("/organizations/groups")).json;
    expect(list.groups[0]).toEqual({
      id: expect.stringMatching(/^g_/),
      publicId: expect.stringMatching(/^grp_/),
      name: "Platform Guild",
      memberCount: 5,
      monthlySpendingLimitDollars: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [guild] = list.groups;
    expect((await org.get(`/organizations/groups/${guild.id}`)).json.group).toEqual(guild);
    const byPublic = await org.get(`/organizations/groups/${guild.publicId}`);
    expect(byPublic.status).toBe(400);
    expect(byPublic.json.message).toMatch(/grp_/);
    expect((await org.get("/organizations/groups/team_group_abc")).status).toBe(400);
    expect((await org.get("/organizations/groups/g_missing")).status).toBe(404);
    expect((await org.get("/organizations/groups", { query: { name: "Platform Guild" } })).json.groups).toEqual([
      guild,
    ]);
    const none = await org.get("/organizations/groups", { query: { name: "platform guild" } });
    expect(none.status).toBe(200);
    expect(none.json.groups).toEqual([]);
    expect((await org.get("/organizations/groups", { query: { name: " " } })).json.groups).toHaveLength(2);
    expect((await org.get("/organizations/groups", { query: { pageSize: 500 } })).json.pagination.pageSize).toBe(200);
  });

  it("create, patch, members and delete follow the team directory group rules", async () => {
    const { org, fake } = adminSetup();
    const created = await org.post("/organizations/groups", { name: "Reviewers" });
    expect(created.status).toBe(201);
    const { id } = created.json.group;
    expect((await org.post("/organizations/groups", { name: "Reviewers" })).status).toBe(400);
    expect((await org.post("/organizations/groups", {})).status).toBe(400);
    expect(
      (await org.patch(`/organizations/groups/${id}`, { monthlySpendingLimitDollars: 50 })).json.group
        .monthlySpendingLimitDollars,
    ).toBe(50);
    expect((await org.patch(`/organizations/groups/${id}`, {})).status).toBe(400);
    const userIds = fake.admin
      .members()
      .slice(0, 3)
      .map((m) => m.userId);
    expect((await org.post(`/organizations/groups/${id}/members/bulk-add`, { userIds })).json).toEqual({
      addedCount: 3,
    });
    const page = (await org.get(`/organizations/groups/${id}/members`, { query: { pageSize: 2, page: 2 } })).json;
    expect(page.members.map((m: Json) => m.userId)).toEqual([userIds[2]]);
    expect((await org.delete(`/organizations/groups/${id}`)).status).toBe(400);
    expect((await org.post(`/organizations/groups/${id}/members/bulk-remove`, { userIds })).json).toEqual({
      removedCount: 3,
    });
    expect((await org.delete(`/organizations/groups/${id}`)).status).toBe(204);
  });
});
