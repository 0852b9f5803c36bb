import { describe, expect, it } from "vitest";
import { adminSetup, type Json } from "./helpers.js";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("fake admin API: billing groups", () => {
  it("lists groups with current and former members, the Unassigned group and the billing cycle", async () => {
    const { team, fake } = adminSetup();
    const { status, json } = await team.get("/teams/groups");
    expect(status).toBe(200);
    expect(json.billingCycle).toEqual({ cycleStart: "2030-05-01T00:00:00.000Z", cycleEnd: "2030-06-01T00:00:00.000Z" });
    expect(json.groups.map((g: Json) => [g.name, g.memberCount])).toEqual([
      ["Backend", 5],
      ["Frontend", 3],
    ]);
    const [backend, frontend] = json.groups;
    expect(backend).toMatchObject({
      id: expect.stringMatching(/^group_/),
      type: "BILLING",
      directoryGroupId: expect.stringMatching(/^team_group_/),
    });
    expect(backend.currentMembers[0]).toEqual({
      userId: fake.admin.members()[0]?.userId,
      name: expect.any(String),
      email: expect.any(String),
      joinedAt: expect.any(String),
      leftAt: null,
      spendCents: expect.any(Number),
    });
    expect(frontend.formerMembers).toEqual([
      expect.objectContaining({ userId: fake.admin.members()[8]?.userId, leftAt: expect.any(String) }),
    ]);
    expect(backend.dailySpend[0]).toEqual({ date: "2030-05-01", spendCents: expect.any(Number) });
    expect(backend.spendCents).toBeCloseTo(sum(backend.dailySpend.map((d: Json) => d.spendCents)), 2);
    expect(backend.spendCents).toBeCloseTo(sum(backend.currentMembers.map((m: Json) => m.spendCents)), 2);
    expect(json.unassignedGroup).toMatchObject({
      id: "group_unassigned",
      name: "Unassigned",
      memberCount: 17,
      formerMembers: [],
    });
  });

  it("billingCycle picks the cycle containing a date; get answers one group with member dailySpend", async () => {
    const { team } = adminSetup();
    const april = (await team.get("/teams/groups", { query: { billingCycle: "2030-04-10" } })).json;
    expect(april.billingCycle.cycleStart).toBe("2030-04-01T00:00:00.000Z");
    expect(april.groups[0].dailySpend).toHaveLength(30);
    expect((await team.get("/teams/groups", { query: { billingCycle: "someday" } })).status).toBe(400);
    const id = april.groups[0].id;
    const one = (await team.get(`/teams/groups/${id}`)).json;
    expect(one.billingCycle.cycleStart).toBe("2030-05-01T00:00:00.000Z");
    expect(one.group.currentMembers[0].dailySpend).toHaveLength(15);
    expect((await team.get("/teams/groups/group_unassigned")).json.group.id).toBe("group_unassigned");
    expect((await team.get("/teams/groups/group_missing")).status).toBe(404);
    expect((await team.get("/teams/groups/team_group_abc")).status).toBe(400);
  });

  it("create answers {group} with members[]; PATCH changes exactly one field", async () => {
    const { team } = adminSetup();
    const created = await team.post("/teams/groups", { name: "Data" });
    expect(created.status).toBe(200);
    expect(created.json.group).toMatchObject({
      name: "Data",
      type: "BILLING",
      directoryGroupId: null,
      memberCount: 0,
      members: [],
    });
    expect(created.json.group).not.toHaveProperty("currentMembers");
    const id = created.json.group.id;
    expect((await team.post("/teams/groups", { name: "Data2", type: "COST_CENTER" })).status).toBe(400);
    expect((await team.post("/teams/groups", {})).status).toBe(400);
    expect((await team.patch(`/teams/groups/${id}`, { name: "Analytics" })).json.group.name).toBe("Analytics");
    const directory = (await team.get("/teams/directory-groups")).json.groups[1].id;
    expect((await team.patch(`/teams/groups/${id}`, { directoryGroupId: directory })).json.group.directoryGroupId).toBe(
      directory,
    );
    expect(
      (await team.patch(`/teams/groups/${id}`, { directoryGroupId: null })).json.group.directoryGroupId,
    ).toBeNull();
    expect((await team.patch(`/teams/groups/${id}`, { name: "X", directoryGroupId: null })).status).toBe(400);
    expect((await team.patch(`/teams/groups/${id}`, {})).status).toBe(400);
    expect((await team.patch(`/teams/groups/${id}`, { directoryGroupId: "team_group_nope" })).status).toBe(400);
  });

  it("a member is in at most one group; removed members and deleted groups' members become Unassigned", async () => {
    const { team, fake } = adminSetup();
    const members = fake.admin.members();
    const [backend] = (await team.get("/teams/groups")).json.groups;
    const id = (await team.post("/teams/groups", { name: "Data" })).json.group.id;
    const taken = await team.post(`/teams/groups/${id}/members`, { userIds: [members[0]?.userId] });
    expect(taken.status).toBe(400);
    expect(taken.json.message).toMatch(/already in billing group/);
    expect((await team.post(`/teams/groups/${id}/members`, { userIds: ["user_stranger"] })).status).toBe(400);
    const added = await team.post(`/teams/groups/${id}/members`, {
      userIds: [members[20]?.userId, members[21]?.userId],
    });
    expect(added.json.group.members.map((m: Json) => m.userId)).toEqual([members[20]?.userId, members[21]?.userId]);
    expect((await team.get("/teams/groups")).json.unassignedGroup.memberCount).toBe(15);
    const removed = await team.delete(`/teams/groups/${id}/members`, { userIds: [members[20]?.userId] });
    expect(removed.json.group.memberCount).toBe(1);
    expect((await team.get("/teams/groups")).json.unassignedGroup.memberCount).toBe(16);

    const before = (await team.get("/teams/groups")).json;
    expect((await team.delete(`/teams/groups/${backend.id}`)).status).toBe(204);
    const after = (await team.get("/teams/groups")).json;
    expect(after.groups.map((g: Json) => g.name)).toEqual(["Frontend", "Data"]);
    expect(after.unassignedGroup.memberCount).toBe(before.unassignedGroup.memberCount + 5);
    // Retroactive: the deleted group's whole history now counts as Unassigned.
    expect(after.unassignedGroup.spendCents).toBeCloseTo(
      before.unassignedGroup.spendCents + before.groups[0].spendCents,
      2,
    );
    expect((await team.get(`/teams/groups/${backend.id}`)).status).toBe(404);
  });
});
