import { describe, expect, it } from "vitest";
import { adminSetup, codeError, DAY, type Json, START } from "./helpers.js";

const iso = (ms: number) => new Date(ms).toISOString();

describe("fake admin API: audit logs", () => {
  it("defaults to the last 7 days, newest first, with pagination and params", async () => {
    const { team } = adminSetup();
    const { status, json } = await team.get("/teams/audit-logs");
    expect(status).toBe(200);
    expect(json.params).toEqual({ teamId: 1, startDate: iso(START - 7 * DAY), endDate: iso(START) });
    expect(json.events.length).toBeGreaterThan(0);
    const times = json.events.map((e: Json) => Date.parse(e.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t: number) => t >= START - 7 * DAY && t <= START)).toBe(true);
    expect(json.events[0]).toEqual({
      event_id: expect.any(String),
      timestamp: expect.any(String),
      ip_address: expect.any(String),
      user_email: expect.stringContaining("@"),
      event_type: expect.any(String),
      application_type: expect.stringMatching(/^(assistant_bot|service|)$/),
      event_data: expect.any(Object),
    });
    expect(json.pagination).toEqual({
      page: 1,
      pageSize: 100,
      totalCount: json.events.length,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it("pages through a 30-day window; page sizes add up", async () => {
    const { team } = adminSetup();
    const query = { startTime: START - 30 * DAY, endTime: START, pageSize: 7 };
    const first = (await team.get("/teams/audit-logs", { query })).json;
    expect(first.pagination.totalCount).toBeGreaterThan(14);
    const seen: string[] = [];
    for (let page = 1; page <= first.pagination.totalPages; page++) {
      const { json } = await team.get("/teams/audit-logs", { query: { ...query, page } });
      expect(json.pagination.hasPreviousPage).toBe(page > 1);
      seen.push(...json.events.map((e: Json) => e.event_id));
    }
    expect(new Set(seen).size).toBe(first.pagination.totalCount);
  });

  it("filters by eventTypes, users (email, numeric or user_ id, mixed) and search; the filters combine", async () => {
    const { team, fake } = adminSetup();
    const window = { startTime: iso(START - 30 * DAY), endTime: iso(START) };
    const all: Json[] = (await team.get("/teams/audit-logs", { query: { ...window, pageSize: 500 } })).json.events;
    const type = all[0].event_type;
    const typed = (await team.get("/teams/audit-logs", { query: { ...window, eventTypes: `${type},privacy_mode` } }))
      .json;
    expect(typed.events.length).toBeGreaterThan(0);
    expect(typed.events.every((e: Json) => [type, "privacy_mode"].includes(e.event_type))).toBe(true);

    const actor = fake.admin.members().find((m) => m.email === all[0].user_email);
    const expected = all.filter((e) => e.user_email === actor?.email).map((e) => e.event_id);
    for (const users of [actor?.email, actor?.userId, String(actor?.numericId)]) {
      const { json } = await team.get("/teams/audit-logs", {
        query: { ...window, users: users as string, pageSize: 500 },
      });
      expect(json.events.map((e: Json) => e.event_id)).toEqual(expected);
    }
    const search = (await team.get("/teams/audit-logs", { query: { ...window, search: type.toUpperCase() } })).json;
    expect(search.events.map((e: Json) => e.event_id)).toEqual(
      typed.events.filter((e: Json) => e.event_type === type).map((e: Json) => e.event_id),
    );
  });

  it("rejects ranges over 30 days, reversed ranges and more users than pageSize", async () => {
    const { team } = adminSetup();
    const cases: Array<Record<string, string | number>> = [
      { startTime: START - 31 * DAY, endTime: START },
      { startTime: START, endTime: START - DAY },
      // An unreadable time string ("yesterday-ish") passes AuditLogsQuerySchema, so the fake accepts it too (reported).
      { users: "a@example.com,b@example.com,c@example.com", pageSize: 2 },
    ];
    for (const query of cases) {
      const result = await team.get("/teams/audit-logs", { query });
      expect(result.status, JSON.stringify(query)).toBe(400);
      expect(result.json).toEqual(codeError);
    }
    expect(
      (await team.get("/teams/audit-logs", { query: { startTime: START - 30 * DAY, endTime: START } })).status,
    ).toBe(200);
  });

  it("records API writes as service events, assistant-bot routines carry sand_agent_id", async () => {
    const { team, fake, clock } = adminSetup();
    clock.t += 60_000;
    await team.post("/teams/directory-groups", { name: "Auditors" });
    const { json } = await team.get("/teams/audit-logs", {
      query: { eventTypes: "create_directory_group", startTime: clock.t - 1 },
    });
    expect(json.events).toEqual([
      expect.objectContaining({
        event_type: "create_directory_group",
        application_type: "service",
        timestamp: iso(clock.t),
      }),
    ]);
    const routines = fake.admin.auditEvents().filter((e) => e.event_type === "assistant_bot_routine");
    expect(routines.length).toBeGreaterThan(0);
    expect(
      routines.every((e) => e.application_type === "assistant_bot" && /^bc-/.test(String(e.event_data.sand_agent_id))),
    ).toBe(true);
  });
});
