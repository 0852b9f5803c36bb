import { describe, expect, it } from "vitest";
import { adminSetup, codeError, type Json } from "./helpers.js";

const CONFIG = "/teams/model-access/configuration";
const DEFAULTS = { newProviderDefault: "disabled", newModelDefault: "enabled" };

describe("fake admin API: model access (team key)", () => {
  it("unrestricted → custom seeds catalog toggles; custom keeps toggles on defaults PUT; → unrestricted clears", async () => {
    const { team, fake } = adminSetup();
    expect((await team.get(CONFIG)).json).toEqual({
      teamId: 1,
      state: "unrestricted",
      newProviderDefault: null,
      newModelDefault: null,
    });
    const conflict = await team.get("/teams/model-access/providers");
    expect(conflict.status).toBe(409);
    expect(conflict.json).toEqual(codeError);
    expect((await team.put("/teams/model-access/providers/acme", { enabled: false })).status).toBe(409);
    expect((await team.get("/teams/model-access/providers/acme/models")).status).toBe(409);

    expect((await team.put(CONFIG, DEFAULTS)).json).toEqual({ teamId: 1, state: "custom", ...DEFAULTS });
    const providers = (await team.get("/teams/model-access/providers")).json;
    expect(providers.state).toBe("custom");
    expect(providers.providers.map((p: Json) => [p.id, p.enabled])).toEqual([
      ["acme", true],
      ["globex", true],
      ["house", true],
    ]);
    expect(providers.providers[0].models[0]).toEqual({
      id: "acme-large",
      displayName: "Acme Large",
      enabled: true,
      parameters: [
        {
          id: "thinking",
          displayName: "Thinking",
          supportedValues: ["off", "low", "high"],
          allowedValues: ["off", "low", "high"],
          configuredDefaultValue: null,
          catalogDefaultValue: "low",
        },
        expect.objectContaining({ id: "max-mode" }),
      ],
    });
    await team.put("/teams/model-access/providers/globex", { enabled: false });
    const updated = await team.put(CONFIG, { newProviderDefault: "enabled", newModelDefault: "disabled" });
    expect(updated.json).toMatchObject({ state: "custom", newProviderDefault: "enabled", newModelDefault: "disabled" });
    const kept = (await team.get("/teams/model-access/providers")).json.providers.find((p: Json) => p.id === "globex");
    expect(kept.enabled).toBe(false);
    expect((await team.put(CONFIG, { state: "unrestricted" })).json).toMatchObject({
      state: "unrestricted",
      newProviderDefault: null,
    });
    expect((await team.get("/teams/model-access/providers")).status).toBe(409);
    expect(
      fake.admin
        .auditEvents()
        .filter((e) => e.event_type === "team_settings" && e.event_data.setting === "model_access"),
    ).toHaveLength(4);
  });

  it("validates configuration bodies", async () => {
    const { team } = adminSetup();
    for (const body of [
      {},
      { state: "custom" },
      { newProviderDefault: "enabled" },
      { state: "unrestricted", ...DEFAULTS },
      { newProviderDefault: "on", newModelDefault: "off" },
    ])
      expect((await team.put(CONFIG, body)).status, JSON.stringify(body)).toBe(400);
  });

  it("provider and model toggles with parameter settings, and the assumed team single-model route", async () => {
    const { team } = adminSetup();
    await team.put(CONFIG, DEFAULTS);
    const models = (await team.get("/teams/model-access/providers/acme/models")).json;
    expect(models).toMatchObject({ teamId: 1, state: "custom", providerId: "acme" });
    expect(models.models.map((m: Json) => m.id)).toEqual(["acme-large", "acme-small"]);
    const path = "/teams/model-access/providers/acme/models/acme-large";
    const set = await team.put(path, {
      enabled: true,
      parameters: { thinking: { allowedValues: ["low", "high"], defaultValue: "high" } },
    });
    expect(set.status).toBe(200);
    const thinking = set.json.models[0].parameters[0];
    expect(thinking).toMatchObject({
      allowedValues: ["low", "high"],
      configuredDefaultValue: "high",
      catalogDefaultValue: "low",
    });
    // Omitted members stay; allowedValues null clears the restriction; defaultValue null restores the catalog default.
    const partial = await team.put(path, { enabled: false, parameters: { thinking: { allowedValues: null } } });
    expect(partial.json.models[0]).toMatchObject({ enabled: false });
    expect(partial.json.models[0].parameters[0]).toMatchObject({
      allowedValues: ["off", "low", "high"],
      configuredDefaultValue: "high",
    });
    const reset = await team.put(path, { enabled: true, parameters: { thinking: { defaultValue: null } } });
    expect(reset.json.models[0].parameters[0].configuredDefaultValue).toBeNull();
    expect((await team.put("/teams/model-access/providers/acme", { enabled: false })).json.providers[0].enabled).toBe(
      false,
    );

    const bad: Array<[string, unknown]> = [
      [path, { parameters: {} }],
      [path, { enabled: true, parameters: { temperature: {} } }],
      [path, { enabled: true, parameters: { thinking: { allowedValues: [] } } }],
      [path, { enabled: true, parameters: { thinking: { allowedValues: ["extreme"] } } }],
      [path, { enabled: true, parameters: { thinking: { allowedValues: ["high"], defaultValue: "off" } } }],
      [path, { enabled: true, parameters: { thinking: { allowedValues: ["high"] } } }], // catalog default "low" left outside
      ["/teams/model-access/providers/house/models/auto", { enabled: false }],
      ["/teams/model-access/providers/house", { enabled: false }],
      ["/teams/model-access/providers/nope", { enabled: true }],
      ["/teams/model-access/providers/acme/models/nope", { enabled: true }],
      ["/teams/model-access/providers/acme", {}],
    ];
    for (const [where, body] of bad)
      expect((await team.put(where, body)).status, `${where} ${JSON.stringify(body)}`).toBe(400);
    expect((await team.get("/teams/model-access/providers/nope/models")).status).toBe(400);
  });

  it("a team without model access control answers 403", async () => {
    const { team, fake } = adminSetup();
    fake.admin.setModelAccessControl(1, false);
    const result = await team.get(CONFIG);
    expect(result.status).toBe(403);
    expect(result.json).toEqual(codeError);
    expect((await team.put(CONFIG, DEFAULTS)).status).toBe(403);
  });
});

describe("fake organization API: model access across teams", () => {
  it("lists linked teams; the team without control is a 200 row with errorMessage", async () => {
    const { org } = adminSetup();
    const { status, json } = await org.get("/organizations/teams/model-access/configuration");
    expect(status).toBe(200);
    expect(json.teams).toEqual([
      { teamId: 1, teamName: "Core Platform", state: "unrestricted", newProviderDefault: null, newModelDefault: null },
      { teamId: 2, teamName: "Research", state: "legacy", newProviderDefault: null, newModelDefault: null },
      { teamId: 3, teamName: "Legacy Ops", errorMessage: expect.any(String) },
    ]);
    expect(json.pagination).toMatchObject({ totalCount: 3 });
    expect(
      (await org.get("/organizations/teams/model-access/configuration", { query: { teamIds: "2,3" } })).json.teams,
    ).toHaveLength(2);
    expect(
      (await org.get("/organizations/teams/model-access/configuration", { query: { teamIds: "99" } })).status,
    ).toBe(400);
  });

  it("single-team routes: 404 unknown or unlinked, 403 without control, legacy → unrestricted, 409 unless custom", async () => {
    const { org } = adminSetup({ teamKeys: [{ key: "team-key" }, { key: "outsider", teamId: 50 }] });
    expect((await org.get("/organizations/teams/99/model-access/configuration")).status).toBe(404);
    expect((await org.get("/organizations/teams/50/model-access/configuration")).status).toBe(404); // exists, not linked
    expect((await org.get("/organizations/teams/3/model-access/configuration")).status).toBe(403);
    expect((await org.get("/organizations/teams/2/model-access/providers")).status).toBe(409);
    expect((await org.put("/organizations/teams/2/model-access/configuration", DEFAULTS)).status).toBe(409); // not shown: legacy needs unrestricted first
    expect(
      (await org.put("/organizations/teams/2/model-access/configuration", { state: "unrestricted" })).json,
    ).toMatchObject({ teamId: 2, state: "unrestricted" });
    expect((await org.put("/organizations/teams/2/model-access/configuration", DEFAULTS)).json.state).toBe("custom");
    const provider = await org.put("/organizations/teams/2/model-access/providers/acme", { enabled: false });
    expect(provider.json.providers[0]).toMatchObject({ id: "acme", enabled: false });
    const model = await org.put("/organizations/teams/2/model-access/providers/globex/models/globex-pro", {
      enabled: true,
      parameters: { reasoning: { allowedValues: ["medium", "high"] } },
    });
    expect(model.json.models[0].parameters[0].allowedValues).toEqual(["medium", "high"]);
    expect((await org.get("/organizations/teams/2/model-access/providers")).status).toBe(200);
  });

  it("bulk routes: per-team rows, unlinked and policy-less teams are error rows, a 4xx changes nothing", async () => {
    const { org } = adminSetup();
    const bulk = await org.put("/organizations/teams/model-access/configuration", {
      teamIds: [1, 2, 3, 77],
      ...DEFAULTS,
    });
    expect(bulk.status).toBe(200);
    expect(bulk.json).toEqual({
      results: [
        { teamId: 1, status: "success" },
        { teamId: 2, status: "error", errorMessage: expect.stringMatching(/legacy/) },
        { teamId: 3, status: "error", errorMessage: expect.stringMatching(/not available/) },
        { teamId: 77, status: "error", errorMessage: expect.stringMatching(/not linked/) },
      ],
      successCount: 1,
      errorCount: 3,
    });
    const providers = await org.put("/organizations/teams/model-access/providers/acme", {
      teamIds: [1, 2],
      enabled: false,
    });
    expect(providers.json.results.map((r: Json) => r.status)).toEqual(["success", "error"]);
    const models = await org.put("/organizations/teams/model-access/providers/acme/models/acme-small", {
      teamIds: [1],
      enabled: false,
    });
    expect(models.json).toMatchObject({ successCount: 1, errorCount: 0 });
    const team1 = (await org.get("/organizations/teams/1/model-access/providers")).json.providers[0];
    expect(team1).toMatchObject({
      enabled: false,
      models: [expect.objectContaining({ enabled: true }), expect.objectContaining({ enabled: false })],
    });

    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(
      (await org.put("/organizations/teams/model-access/configuration", { teamIds: tooMany, state: "unrestricted" }))
        .status,
    ).toBe(400);
    expect(
      (await org.put("/organizations/teams/model-access/configuration", { teamIds: [1], state: "bogus" })).status,
    ).toBe(400);
    expect((await org.put("/organizations/teams/model-access/providers/acme", { teamIds: [1] })).status).toBe(400);
    expect(
      (await org.put("/organizations/teams/model-access/providers/nope", { teamIds: [1], enabled: true })).status,
    ).toBe(400);
    expect((await org.get("/organizations/teams/1/model-access/configuration")).json.state).toBe("custom"); // unchanged
  });
});
