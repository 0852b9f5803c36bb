// The fake's Team Admin and Organization APIs, checked against spec/admin-api.md with raw `Request`s (Basic
// auth built here): statuses, error body shapes per route family, pagination bounds, key kinds and scopes.
// Each sweep collects mismatches into one list that must stay empty.
import { describe, expect, it } from "vitest";
import { createFakeService } from "../../../src/testing/index.js";

// biome-ignore lint/suspicious/noExplicitAny: raw JSON from the wire
type Json = any;

const BASE = "https://admin-conformance.example.test";

function world() {
  const clock = { t: Date.UTC(2031, 4, 1, 12) };
  const fake = createFakeService({
    now: () => clock.t,
    baseUrl: BASE,
    teamKeys: [
      { key: "team-admin" },
      { key: "team-read", scopes: ["read:*"] },
      { key: "team-models-read", scopes: ["models:read"] },
    ],
    organizationKeys: [
      { key: "org-admin" },
      { key: "org-members-read", scope: "members:read" },
      { key: "org-usage", scope: "usage:*" },
    ],
    admin: { rateLimits: false },
  });
  const failures: string[] = [];
  async function call(method: string, path: string, init: { key?: string | null; auth?: string; body?: unknown } = {}) {
    const headers = new Headers();
    if (init.auth !== undefined) headers.set("authorization", init.auth);
    else if (init.key !== null) headers.set("authorization", `Basic ${btoa(`${init.key ?? "team-admin"}:`)}`);
    if (init.body !== undefined) headers.set("content-type", "application/json");
    const response = await fake.fetch(
      new Request(`${BASE}${path}`, {
        method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    );
    const text = await response.text();
    let json: Json;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }
  /** `shape`: "code" = {code:'error', message}; "error" = {error: string}; "any" = either. */
  async function expectStatus(
    label: string,
    method: string,
    path: string,
    status: number | number[],
    init: Parameters<typeof call>[2] = {},
    shape: "code" | "error" | "any" = "code",
  ) {
    const r = await call(method, path, init);
    const wanted = Array.isArray(status) ? status : [status];
    if (!wanted.includes(r.status)) {
      failures.push(`${label}: ${method} ${path} -> ${r.status} (want ${wanted.join("|")}) ${r.text.slice(0, 140)}`);
      return r;
    }
    if (r.status >= 400) {
      const codeShape = r.json?.code === "error" && typeof r.json?.message === "string";
      const errorShape = typeof r.json?.error === "string";
      const ok = shape === "code" ? codeShape : shape === "error" ? errorShape : codeShape || errorShape;
      if (!ok) failures.push(`${label}: error body ${r.text.slice(0, 140)} (want ${shape} shape)`);
    }
    if (r.status === 204 && r.text !== "") failures.push(`${label}: 204 with a body`);
    return r;
  }
  return { fake, clock, failures, call, expectStatus };
}

describe("fake Team Admin / Organization APIs against the spec (raw requests)", () => {
  it("authenticates with Basic (key as username, empty password) and refuses wrong kinds and scopes with 401/403", async () => {
    const { failures, expectStatus } = world();
    await expectStatus("team members", "GET", "/teams/members", 200);
    await expectStatus("no key", "GET", "/teams/members", 401, { key: null }, "any");
    await expectStatus("unknown key", "GET", "/teams/members", 401, { key: "nope" }, "any");
    await expectStatus("org key on team route", "GET", "/teams/members", [401, 403], { key: "org-admin" }, "any");
    await expectStatus(
      "team key on org route",
      "GET",
      "/organizations/members",
      [401, 403],
      { key: "team-admin" },
      "any",
    );
    await expectStatus("org members", "GET", "/organizations/members", 200, { key: "org-members-read" });
    await expectStatus(
      "members:read cannot sync",
      "POST",
      "/organizations/team-memberships/sync",
      401,
      {
        key: "org-members-read",
        body: { organizationId: "org_fake", users: [{ userId: 1, teamIds: [1] }] },
      },
      "any",
    );
    await expectStatus(
      "usage:* cannot read members",
      "GET",
      "/organizations/members",
      [401, 403],
      { key: "org-usage" },
      "any",
    );
    await expectStatus("read:* reads directory groups", "GET", "/teams/directory-groups", 200, { key: "team-read" });
    await expectStatus("read:* write is 401", "POST", "/teams/directory-groups", 401, {
      key: "team-read",
      body: { name: "x" },
    });
    await expectStatus("read:* cannot read model access", "GET", "/teams/model-access/configuration", [401, 403], {
      key: "team-read",
    });
    await expectStatus("models:read reads model access", "GET", "/teams/model-access/configuration", 200, {
      key: "team-models-read",
    });
    await expectStatus("models:read cannot write", "PUT", "/teams/model-access/configuration", [401, 403], {
      key: "team-models-read",
      body: { state: "unrestricted" },
    });
    expect(failures).toEqual([]);
  });

  it("serves directory and organization groups with the documented statuses, clamping and 404s", async () => {
    const { failures, expectStatus, call } = world();
    for (const [family, key] of [
      ["/teams/directory-groups", "team-admin"],
      ["/organizations/groups", "org-admin"],
    ] as const) {
      const created = await expectStatus(`${family} create`, "POST", family, 201, { key, body: { name: "Platform" } });
      const id = created.json?.group?.id as string;
      if (family.startsWith("/teams") ? !/^team_group_/.test(id) : !/^g_/.test(id))
        failures.push(`${family}: id ${id}`);
      if (family.startsWith("/organizations") && !/^grp_/.test(created.json?.group?.publicId ?? ""))
        failures.push("publicId");
      for (const f of ["name", "memberCount", "monthlySpendingLimitDollars", "createdAt", "updatedAt"])
        if (!(f in (created.json?.group ?? {}))) failures.push(`${family}: group lacks ${f}`);
      await expectStatus(`${family} dup name`, "POST", family, 400, { key, body: { name: "Platform" } });
      await expectStatus(`${family} empty name`, "POST", family, 400, { key, body: { name: "" } });
      await expectStatus(`${family} no name`, "POST", family, 400, { key, body: {} });
      await expectStatus(`${family} get`, "GET", `${family}/${id}`, 200, { key });
      const wrongFamily = family.startsWith("/teams") ? "g_abc" : "team_group_abc";
      await expectStatus(`${family} other family id`, "GET", `${family}/${wrongFamily}`, [400, 404], { key });
      const big = await expectStatus(`${family} pageSize 500 clamped`, "GET", `${family}?pageSize=500`, 200, { key });
      if (big.json?.pagination?.pageSize !== undefined && big.json.pagination.pageSize > 200)
        failures.push(`${family}: pageSize not clamped`);
      for (const q of ["page=0", "page=abc", "pageSize=0", "pageSize=-3"])
        await expectStatus(`${family} ?${q}`, "GET", `${family}?${q}`, 400, { key });
      await expectStatus(`${family} empty PATCH`, "PATCH", `${family}/${id}`, 400, { key, body: {} });
      await expectStatus(`${family} set+clear`, "PATCH", `${family}/${id}`, 400, {
        key,
        body: { monthlySpendingLimitDollars: 5, clearMonthlySpendingLimitDollars: true },
      });
      await expectStatus(`${family} limit too big`, "PATCH", `${family}/${id}`, 400, {
        key,
        body: { monthlySpendingLimitDollars: 2147483648 },
      });
      await expectStatus(`${family} limit fraction`, "PATCH", `${family}/${id}`, 400, {
        key,
        body: { monthlySpendingLimitDollars: 1.5 },
      });
      const patched = await expectStatus(`${family} limit max`, "PATCH", `${family}/${id}`, 200, {
        key,
        body: { monthlySpendingLimitDollars: 2147483647 },
      });
      if (patched.json?.group?.monthlySpendingLimitDollars !== 2147483647) failures.push(`${family}: limit not set`);
      await expectStatus(`${family} bulk-add 101`, "POST", `${family}/${id}/members/bulk-add`, 400, {
        key,
        body: { userIds: Array.from({ length: 101 }, (_, i) => `user_${i}`) },
      });
      await expectStatus(`${family} members`, "GET", `${family}/${id}/members`, 200, { key });
      await expectStatus(`${family} delete`, "DELETE", `${family}/${id}`, 204, { key });
      await expectStatus(`${family} get deleted`, "GET", `${family}/${id}`, 404, { key });
    }
    const byName = await call("GET", "/organizations/groups?name=No%20Such%20Group", { key: "org-admin" });
    if (byName.status !== 200 || !Array.isArray(byName.json?.groups) || byName.json.groups.length !== 0)
      failures.push(`org groups unmatched name: ${byName.status} ${byName.text.slice(0, 80)}`);
    expect(failures).toEqual([]);
  });

  it("answers the routes with their own documented error bodies (sync, remove-member, spend limit, bot, model access)", async () => {
    const { failures, expectStatus, call } = world();
    const sync = "/organizations/team-memberships/sync";
    await expectStatus(
      "sync other org",
      "POST",
      sync,
      403,
      { key: "org-admin", body: { organizationId: "org_other", users: [{ userId: 1, teamIds: [1] }] } },
      "any",
    );
    await expectStatus(
      "sync unknown org",
      "POST",
      sync,
      404,
      { key: "org-admin", body: { organizationId: "org_nowhere", users: [{ userId: 1, teamIds: [1] }] } },
      "error",
    );
    await expectStatus(
      "sync empty users",
      "POST",
      sync,
      400,
      { key: "org-admin", body: { organizationId: "org_fake", users: [] } },
      "any",
    );
    await expectStatus(
      "sync 501 users",
      "POST",
      sync,
      400,
      {
        key: "org-admin",
        body: {
          organizationId: "org_fake",
          users: Array.from({ length: 501 }, (_, i) => ({ userId: i + 1, destinationTeamId: 1 })),
        },
      },
      "any",
    );
    await expectStatus(
      "sync no organizationId",
      "POST",
      sync,
      400,
      { key: "org-admin", body: { users: [{ userId: 1, teamIds: [1] }] } },
      "any",
    );
    const rows = await expectStatus("sync per-entry errors", "POST", sync, 200, {
      key: "org-admin",
      body: {
        organizationId: "org_fake",
        users: [
          { userId: 987654321, teamIds: [1] },
          { userId: "x", destinationTeamId: "y" },
        ],
      },
    });
    for (const row of rows.json?.results ?? [])
      if (row.status !== "error" || typeof row.errorMessage !== "string")
        failures.push(`sync row ${JSON.stringify(row)}`);
    if (rows.json?.errorCount !== 2 || rows.json?.successCount !== 0) failures.push("sync counts");
    if (rows.json?.results?.[1] && !("destinationTeamId" in rows.json.results[1]))
      failures.push("sync row does not echo destinationTeamId");

    await expectStatus("remove-member neither", "POST", "/teams/remove-member", 400, { body: {} }, "error");
    await expectStatus(
      "remove-member both",
      "POST",
      "/teams/remove-member",
      400,
      { body: { userId: "user_x", email: "a@b.c" } },
      "error",
    );
    const limit = await call("POST", "/teams/user-spend-limit", {
      body: { userEmail: "not-an-email", spendLimitDollars: 5 },
    });
    if (limit.json?.outcome !== "error" || typeof limit.json?.message !== "string")
      failures.push(`spend limit error ${limit.text.slice(0, 120)}`);

    await expectStatus("bot enable", "POST", "/assistant-bot/enable", 204);
    await expectStatus("capabilities enabled", "PATCH", "/assistant-bot/capabilities", 400, {
      body: { enabled: true },
    });
    await expectStatus("capabilities empty", "PATCH", "/assistant-bot/capabilities", 400, { body: {} });
    await expectStatus("network partial", "PUT", "/assistant-bot/network", 400, { body: { egressMode: "allow_all" } });
    await expectStatus("access limited empty", "PUT", "/assistant-bot/access", 400, {
      body: { mode: "limited", groupIds: [] },
    });
    await expectStatus("access all with ids", "PUT", "/assistant-bot/access", 400, {
      body: { mode: "all", groupIds: ["group_x"] },
    });
    const rule = await expectStatus("rule create", "POST", "/assistant-bot/team-rules", 201, {
      body: { name: "r", content: "c", enabled: true },
    });
    await expectStatus("rule empty patch", "PATCH", `/assistant-bot/team-rules/${rule.json?.teamRule?.id}`, 400, {
      body: {},
    });
    await expectStatus("rule unknown", "PATCH", "/assistant-bot/team-rules/rule_nope", 404, { body: { name: "x" } });
    const rules = await expectStatus("rules list", "GET", "/assistant-bot/team-rules", 200);
    if (rules.json?.nextCursor !== null)
      failures.push(`team-rules last page nextCursor ${JSON.stringify(rules.json?.nextCursor)} (want null)`);
    await expectStatus("manifest put", "PUT", "/assistant-bot/setup-manifests/my.manifest_1-a", 200, {
      body: { scripts: [{ id: "s.1", setup: "make" }] },
    });
    await expectStatus("manifest empty setup", "PUT", "/assistant-bot/setup-manifests/m2", 400, {
      body: { scripts: [{ id: "s2", setup: "" }] },
    });
    await expectStatus("manifest delete", "DELETE", "/assistant-bot/setup-manifests/my.manifest_1-a", 204);
    await expectStatus("manifest delete unknown", "DELETE", "/assistant-bot/setup-manifests/nope", 404);

    await expectStatus("providers while unrestricted", "GET", "/teams/model-access/providers", 409);
    await expectStatus(
      "usage events bad hostingType",
      "POST",
      "/teams/filtered-usage-events",
      400,
      {
        body: { hostingType: "MAINFRAME" },
      },
      "any",
    );
    await expectStatus(
      "org team config unlinked",
      "GET",
      "/organizations/teams/999999/model-access/configuration",
      404,
      { key: "org-admin" },
    );
    await expectStatus("blocklist delete", "DELETE", "/settings/repo-blocklists/repos/nope", [204, 404], {}, "any");
    expect(failures).toEqual([]);
  });
});
