// `AdminClient.request()` / `OrganizationClient.request()`: the escape hatch with the admin policy — the rate family
// picked by path (or passed), key-kind checks before the network, retry classes of known routes, typed errors.
import { describe, expect, it } from "vitest";
import { AdminClient, AgentlineError, InternalServerError, ValidationError } from "../../../src/admin/index.js";
import { adminSetup } from "./client-helpers.js";

/** An independent admin server: 200 `{}` to everything except scripted statuses, on a virtual clock. */
function scriptedAdmin(statuses: number[] = [], options: { rateBudgets?: false } = {}) {
  let now = Date.parse("2026-11-01T00:00:00Z");
  const received: Request[] = [];
  const waits: Array<{ family: string; waitMs: number }> = [];
  const admin = new AdminClient({
    apiKey: "key_team_scripted_0123456789",
    baseUrl: "http://127.0.0.1:9",
    fetch: async (request) => {
      received.push(request);
      const status = statuses.shift() ?? 200;
      return status === 200
        ? Response.json({ ok: true })
        : Response.json({ error: "scripted", message: "scripted failure" }, { status });
    },
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    random: () => 0.5,
    onWait: (wait) => void waits.push({ family: wait.family, waitMs: wait.waitMs }),
    ...options,
  });
  return { admin, received, waits };
}

describe("AdminClient.request()", () => {
  it("reads members through the spec's path, the same data as members.list", async () => {
    const { admin, org } = adminSetup();
    const raw = await admin.request<{ teamMembers: Array<{ id: string }> }>({ method: "GET", path: "/teams/members" });
    const listed = await admin.members.list();
    expect(raw).toEqual(listed);
    const orgMembers = await org.request<Record<string, unknown>>({ method: "GET", path: "/organizations/members" });
    expect(orgMembers).toBeTypeOf("object");
  });

  it("spends the known route's family budget (audit logs: 20 a minute): the 21st call waits, none meets a 429", async () => {
    const { admin, received, waits } = scriptedAdmin();
    for (let i = 0; i < 21; i++) await admin.request({ method: "GET", path: "/teams/audit-logs" });
    expect(received).toHaveLength(21);
    expect(waits).toHaveLength(1);
    expect(waits[0]?.family).toBe("auditLogs");
  });

  it("uses the family passed for an unknown path, and none with `family: false`", async () => {
    const passed = scriptedAdmin();
    for (let i = 0; i < 21; i++)
      await passed.admin.request({ method: "GET", path: "/teams/new-thing", family: "groups" });
    expect(passed.waits.map((wait) => wait.family)).toEqual(["groups"]);
    const unknown = scriptedAdmin();
    for (let i = 0; i < 25; i++) await unknown.admin.request({ method: "GET", path: "/teams/new-thing" });
    for (let i = 0; i < 25; i++)
      await unknown.admin.request({ method: "GET", path: "/teams/audit-logs", family: false });
    expect(unknown.waits).toEqual([]);
  });

  it("refuses before the network: an unknown family, and a known route of the other key kind", async () => {
    const { admin, received } = scriptedAdmin();
    const bad = await admin
      .request({ method: "GET", path: "/teams/members", family: "everything" as never })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect((bad as ValidationError).path).toBe("family");
    const wrongKind = await admin.request({ method: "GET", path: "/organizations/members" }).catch((e: unknown) => e);
    expect(wrongKind).toBeInstanceOf(AgentlineError);
    expect((wrongKind as AgentlineError).code).toBe("wrong_key_kind");
    expect(received).toHaveLength(0);
  });

  it("keeps the known route's retry class: remove-member (POST) is not repeated after a 503, daily usage (POST, a read) is", async () => {
    const removal = scriptedAdmin([503], { rateBudgets: false });
    await expect(
      removal.admin.request({ method: "POST", path: "/teams/remove-member", body: { email: "a@example.com" } }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(removal.received).toHaveLength(1);
    const daily = scriptedAdmin([503], { rateBudgets: false });
    await daily.admin.request({ method: "POST", path: "/teams/daily-usage-data", body: {} });
    expect(daily.received).toHaveLength(2);
  });

  it("answers 401 with the key-kind hint, and never shows the key", async () => {
    const { admin } = scriptedAdmin([401], { rateBudgets: false });
    const error = await admin.request({ method: "GET", path: "/teams/members" }).catch((e: unknown) => e);
    expect(String(error)).toMatch(/team key/);
    expect(JSON.stringify(error) + String(error)).not.toContain("key_team_scripted_0123456789");
  });
});
