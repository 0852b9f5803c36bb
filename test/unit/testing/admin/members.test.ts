import { describe, expect, it } from "vitest";
import { adminSetup, codeError } from "./helpers.js";

describe("fake admin API: members, removal and spend limits", () => {
  it("GET /teams/members lists the seeded team with user_ ids, roles and isRemoved", async () => {
    const { team, fake } = adminSetup();
    const { status, json } = await team.get("/teams/members");
    expect(status).toBe(200);
    expect(json.teamMembers).toHaveLength(25);
    expect(json.teamMembers[0]).toEqual({
      id: expect.stringMatching(/^user_[a-z0-9]+$/),
      email: "ada.lovelace@example.com",
      name: "Ada Lovelace",
      role: "owner",
      isRemoved: false,
    });
    expect(json.teamMembers[1].role).toBe("free-owner");
    expect(new Set(json.teamMembers.map((m: { id: string }) => m.id)).size).toBe(25);
    expect(new Set(json.teamMembers.map((m: { email: string }) => m.email)).size).toBe(25);
    expect(fake.admin.members().map((m) => m.userId)).toEqual(json.teamMembers.map((m: { id: string }) => m.id));
  });

  it("the seed is deterministic for a clock and sized by admin.members", async () => {
    const a = adminSetup();
    const b = adminSetup();
    expect((await a.team.get("/teams/members")).json).toEqual((await b.team.get("/teams/members")).json);
    const small = adminSetup({ admin: { members: 3 } });
    expect((await small.team.get("/teams/members")).json.teamMembers).toHaveLength(3);
  });

  it("remove-member by userId or email marks the member removed and answers {success, userId, hasBillingCycleUsage}", async () => {
    const { team, fake } = adminSetup();
    const [, , third, fourth] = fake.admin.members();
    const byId = await team.post("/teams/remove-member", { userId: third?.userId });
    expect(byId.status).toBe(200);
    expect(byId.json).toEqual({ success: true, userId: third?.userId, hasBillingCycleUsage: expect.any(Boolean) });
    const byEmail = await team.post("/teams/remove-member", { email: fourth?.email.toUpperCase() });
    expect(byEmail.json).toMatchObject({ success: true, userId: fourth?.userId });
    const listed = (await team.get("/teams/members")).json.teamMembers;
    expect(listed.filter((m: { isRemoved: boolean }) => m.isRemoved).map((m: { id: string }) => m.id)).toEqual([
      third?.userId,
      fourth?.userId,
    ]);
    expect(fake.admin.auditEvents().at(-1)).toMatchObject({ event_type: "remove_user", application_type: "service" });
  });

  it("remove-member failures answer {error: string}", async () => {
    const { team, fake } = adminSetup();
    const member = fake.admin.members()[5];
    const cases: Array<[unknown, number, RegExp]> = [
      // The messages come from the operation's schema, the one the client checks with (spec: "neither id nor email
      // given, or both given").
      [{}, 400, /has neither/],
      [{ userId: member?.userId, email: member?.email }, 400, /has both/],
      [{ email: "stranger@example.com" }, 404, /not a member of the team/],
      [{ userId: "user_doesnotexist" }, 404, /not a member of the team/],
      [{ userId: 42 }, 400, /must be a string id/],
    ];
    for (const [body, status, message] of cases) {
      const result = await team.post("/teams/remove-member", body);
      expect(result.status).toBe(status);
      expect(result.json).toEqual({ error: expect.stringMatching(message) });
    }
    const noBody = await team.post("/teams/remove-member");
    expect(noBody.json).toEqual({ error: expect.any(String) });
  });

  it("at least one admin and one paid member must remain", async () => {
    const { team, fake } = adminSetup({ admin: { members: 2 } });
    const [owner, freeOwner] = fake.admin.members();
    // The owner is the only paid seat (a free owner is not paid).
    const lastPaid = await team.post("/teams/remove-member", { userId: owner?.userId });
    expect(lastPaid.status).toBe(400);
    expect(lastPaid.json.error).toMatch(/last paid member/);
    expect((await team.post("/teams/remove-member", { userId: freeOwner?.userId })).status).toBe(200);

    const larger = adminSetup({ admin: { members: 4 } });
    const [first, second] = larger.fake.admin.members();
    expect((await larger.team.post("/teams/remove-member", { userId: second?.userId })).status).toBe(200);
    const lastAdmin = await larger.team.post("/teams/remove-member", { userId: first?.userId });
    expect(lastAdmin.status).toBe(400);
    expect(lastAdmin.json.error).toMatch(/last admin/);
  });

  it("user-spend-limit sets and removes a limit; failures answer 200 {outcome: 'error', message}", async () => {
    const { team, fake } = adminSetup();
    const member = fake.admin.members()[3];
    const set = await team.post("/teams/user-spend-limit", { userEmail: member?.email, spendLimitDollars: 0 });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ outcome: "success", message: expect.stringContaining("$0") });
    expect(fake.admin.members()[3]?.spendLimitDollars).toBe(0);
    const spend = await team.post("/teams/spend", { searchTerm: member?.email });
    expect(spend.json.teamMemberSpend[0]).toMatchObject({ monthlyLimitDollars: 0, effectivePerUserLimitDollars: 0 });
    await team.post("/teams/user-spend-limit", { userEmail: member?.email, spendLimitDollars: null });
    expect(fake.admin.members()[3]?.spendLimitDollars).toBeNull();

    const invalid = await team.post("/teams/user-spend-limit", { userEmail: "not-an-email", spendLimitDollars: 5 });
    // The spec lists `outcome: success or error` as the route's response and gives failures no other status.
    expect(invalid.status).toBe(200);
    expect(invalid.json).toEqual({ outcome: "error", message: expect.stringMatching(/must be an email address/) });
    const fraction = await team.post("/teams/user-spend-limit", { userEmail: member?.email, spendLimitDollars: 1.5 });
    expect([fraction.status, fraction.json]).toEqual([200, { outcome: "error", message: expect.any(String) }]);
    const missing = await team.post("/teams/user-spend-limit", { userEmail: member?.email });
    expect([missing.status, missing.json.outcome]).toEqual([200, "error"]);
    const stranger = await team.post("/teams/user-spend-limit", { userEmail: "who@example.com", spendLimitDollars: 5 });
    expect(stranger.status).toBe(200);
    expect(stranger.json).toEqual({ outcome: "error", message: expect.stringMatching(/not a member/) });
    expect(fake.admin.members().some((m) => m.email === "who@example.com")).toBe(false);
  });

  it("bulk spend limits: per-row results in request order, unchanged on repeat, failed rows for non-members", async () => {
    const { team, fake } = adminSetup();
    const [a, b] = fake.admin.members().slice(2, 4);
    const updates = [
      { userEmail: a?.email, spendLimitDollars: 100 },
      { userEmail: "ghost@example.com", spendLimitDollars: 5 },
      { userEmail: b?.email, spendLimitDollars: null },
    ];
    const first = await team.post("/teams/user-spend-limits", { updates });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      requestedCount: 3,
      updatedCount: 1,
      unchangedCount: 1,
      failedCount: 1,
      results: [
        { userEmail: a?.email, status: "updated" },
        { userEmail: "ghost@example.com", status: "failed", error: expect.any(String) },
        { userEmail: b?.email, status: "unchanged" },
      ],
    });
    const auditBefore = fake.admin.auditEvents().length;
    const repeat = await team.post("/teams/user-spend-limits", { updates });
    expect(repeat.json).toMatchObject({ updatedCount: 0, unchangedCount: 2, failedCount: 1 });
    expect(fake.admin.auditEvents()).toHaveLength(auditBefore); // nothing changed, nothing recorded
  });

  it("bulk spend limits: duplicates, more than 100 or an invalid row reject the whole request, nothing applied", async () => {
    const { team, fake } = adminSetup();
    const [a, b] = fake.admin.members().slice(2, 4);
    const duplicate = await team.post("/teams/user-spend-limits", {
      updates: [
        { userEmail: a?.email, spendLimitDollars: 10 },
        { userEmail: a?.email.toUpperCase(), spendLimitDollars: 20 },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json).toEqual(codeError);
    const invalid = await team.post("/teams/user-spend-limits", {
      updates: [
        { userEmail: b?.email, spendLimitDollars: 10 },
        { userEmail: "bad", spendLimitDollars: 20 },
      ],
    });
    expect(invalid.status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ userEmail: `u${i}@example.com`, spendLimitDollars: 1 }));
    expect((await team.post("/teams/user-spend-limits", { updates: tooMany })).status).toBe(400);
    // An empty list is no 400: the spec bounds it ("up to 100") without the "non-empty" it states for sync users,
    // and the operation's schema (the client's) accepts it; it applies nothing.
    const empty = await team.post("/teams/user-spend-limits", { updates: [] });
    expect([empty.status, empty.json.requestedCount, empty.json.results]).toEqual([200, 0, []]);
    expect(fake.admin.members().every((m) => m.spendLimitDollars === null)).toBe(true);
  });
});
