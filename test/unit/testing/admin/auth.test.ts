import { describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS } from "../../../../src/admin/operations.js";
import { adminClient, adminSetup, codeError } from "./helpers.js";

describe("fake admin API: authentication, key kinds and scopes", () => {
  it("accepts Basic with the key as username and an empty password; refuses everything else with 401", async () => {
    const { team } = adminSetup();
    expect((await team.get("/teams/members")).status).toBe(200);
    const missing = await team.get("/teams/members", { key: null });
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual(codeError);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Basic/);
    const bearer = await team.get("/teams/members", { headers: { authorization: "Bearer team-key" } });
    expect(bearer.status).toBe(401);
    const password = await team.get("/teams/members", {
      headers: { authorization: `Basic ${btoa("team-key:secret")}` },
    });
    expect(password.status).toBe(401);
    const unknown = await team.get("/teams/members", { key: "nope" });
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toMatch(/Invalid API key/);
  });

  it("a team key on an organization route, or the reverse, is 401 naming the key kind needed", async () => {
    const { team, org } = adminSetup();
    const teamOnOrg = await team.get("/organizations/members");
    expect(teamOnOrg.status).toBe(401);
    expect(teamOnOrg.json).toEqual({ code: "error", message: expect.stringMatching(/organization key/) });
    const orgOnTeam = await org.get("/teams/members");
    expect(orgOnTeam.status).toBe(401);
    expect(orgOnTeam.json.message).toMatch(/team key/);
    expect((await org.get("/assistant-bot/capabilities")).status).toBe(401);
    expect((await org.get("/settings/repo-blocklists/repos")).status).toBe(401);
  });

  it("team scopes: read:* reads directory groups but writes are 401 naming admin:*; model routes need models:*", async () => {
    const { fake } = adminSetup({
      teamKeys: [
        { key: "reader", scopes: ["read:*"] },
        { key: "models-reader", scopes: ["models:read"] },
        { key: "models-admin", scopes: ["models:*"] },
      ],
    });
    const reader = adminClient(fake, "reader");
    expect((await reader.get("/teams/directory-groups")).status).toBe(200);
    const write = await reader.post("/teams/directory-groups", { name: "New" });
    expect(write.status).toBe(401);
    expect(write.json.message).toMatch(/admin:\*/);
    const models = await reader.get("/teams/model-access/configuration");
    expect(models.status).toBe(401);
    expect(models.json.message).toMatch(/models:read, models:\* or admin:\*/);

    const modelsReader = adminClient(fake, "models-reader");
    expect((await modelsReader.get("/teams/model-access/configuration")).status).toBe(200);
    const put = await modelsReader.put("/teams/model-access/configuration", { state: "unrestricted" });
    expect(put.status).toBe(401);
    expect(put.json.message).toMatch(/needs models:\* or admin:\*/);
    expect((await modelsReader.get("/teams/directory-groups")).status).toBe(401);

    const modelsAdmin = adminClient(fake, "models-admin");
    expect((await modelsAdmin.put("/teams/model-access/configuration", { state: "unrestricted" })).status).toBe(200);
    // Routes whose scope the spec does not show accept any team key.
    expect((await reader.get("/teams/members")).status).toBe(200);
  });

  it("organization keys carry one scope; broader scopes include narrower ones", async () => {
    const scopes = ["members:read", "members:*", "usage:*", "models:read", "models:*"];
    const { fake } = adminSetup({
      organizationKeys: scopes.map((scope) => ({ key: scope.replace(/\W/g, "-"), scope })),
    });
    const as = (scope: string) => adminClient(fake, scope.replace(/\W/g, "-"));
    const sync = { organizationId: "org_fake", users: [{ userId: 10001, teamIds: [1] }] };
    const pooled = { organizationId: "org_fake" };

    expect((await as("members:read").get("/organizations/members")).status).toBe(200);
    const denied = await as("members:read").post("/organizations/team-memberships/sync", sync);
    expect(denied.status).toBe(401);
    expect(denied.json.message).toMatch(/members:\* or admin:\*/);
    expect((await as("members:*").get("/organizations/members")).status).toBe(200);
    expect((await as("members:*").post("/organizations/team-memberships/sync", sync)).status).toBe(200);
    expect((await as("members:*").get("/organizations/groups")).status).toBe(200);
    expect((await as("members:*").post("/organizations/pooled-usage", pooled)).status).toBe(401);
    expect((await as("usage:*").post("/organizations/pooled-usage", pooled)).status).toBe(200);
    expect((await as("usage:*").get("/organizations/members")).status).toBe(401);
    expect((await as("models:read").get("/organizations/teams/model-access/configuration")).status).toBe(200);
    expect((await as("models:read").get("/organizations/teams/1/model-access/configuration")).status).toBe(200);
    expect(
      (await as("models:read").put("/organizations/teams/1/model-access/configuration", { state: "unrestricted" }))
        .status,
    ).toBe(401);
    expect(
      (await as("models:*").put("/organizations/teams/1/model-access/configuration", { state: "unrestricted" })).status,
    ).toBe(200);
    expect((await as("models:*").get("/organizations/groups")).status).toBe(401);
  });

  it("unknown admin paths are 404 and wrong methods 405, both in the admin envelope", async () => {
    const { team } = adminSetup();
    const missing = await team.get("/teams/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual(codeError);
    const wrong = await team.call("PUT", "/teams/members");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("routes every operation of ADMIN_OPERATIONS (none answers 404/405 with valid credentials)", async () => {
    const { team, org } = adminSetup({ admin: { rateLimits: false } });
    for (const route of Object.values(ADMIN_OPERATIONS)) {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === "teamId" ? "1" : `x_${name}`));
      const client = route.keyKind === "team" ? team : org;
      const result = await client.call(route.method, path);
      expect(result.status, `${route.method} ${route.path}`).not.toBe(405);
      expect(String(result.json?.message), `${route.method} ${route.path}`).not.toMatch(/^No route/);
    }
  });
});
