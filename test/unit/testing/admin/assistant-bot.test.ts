import { describe, expect, it } from "vitest";
import { adminSetup, codeError, type Json } from "./helpers.js";

describe("fake admin API: assistant bot", () => {
  it("enable and disable answer 204 and show in capabilities.enabled", async () => {
    const { team } = adminSetup();
    expect((await team.get("/assistant-bot/capabilities")).json).toEqual({
      enabled: false,
      cloudAgents: true,
      templateSharing: null,
      actionRecording: false,
      localExecution: null,
      localEgressAllowed: false,
    });
    const enabled = await team.post("/assistant-bot/enable");
    expect(enabled.status).toBe(204);
    expect(enabled.json).toBeUndefined();
    expect((await team.get("/assistant-bot/capabilities")).json.enabled).toBe(true);
    expect((await team.post("/assistant-bot/disable")).status).toBe(204);
    expect((await team.get("/assistant-bot/capabilities")).json.enabled).toBe(false);
  });

  it("PATCH capabilities needs a field, rejects `enabled` and bad values", async () => {
    const { team } = adminSetup();
    const patched = await team.patch("/assistant-bot/capabilities", {
      templateSharing: "team_only",
      localExecution: "ask",
    });
    expect(patched.json).toMatchObject({ templateSharing: "team_only", localExecution: "ask", cloudAgents: true });
    expect(
      (await team.patch("/assistant-bot/capabilities", { templateSharing: null })).json.templateSharing,
    ).toBeNull();
    for (const body of [
      {},
      { enabled: true },
      { enabled: true, cloudAgents: false },
      { localExecution: "sometimes" },
      { cloudAgents: "yes" },
    ]) {
      const result = await team.patch("/assistant-bot/capabilities", body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.json).toEqual(codeError);
    }
  });

  it("auto-review: enforced and rules required; entries trimmed, de-duplicated, at most 20 of 1000 chars", async () => {
    const { team } = adminSetup();
    expect((await team.get("/assistant-bot/auto-review")).json).toEqual({
      enforced: false,
      rules: { allow: [], block: [] },
    });
    const put = await team.put("/assistant-bot/auto-review", {
      enforced: true,
      rules: { allow: [" docs/** ", "docs/**"], block: ["secrets/**"] },
    });
    expect(put.json).toEqual({ enforced: true, rules: { allow: ["docs/**"], block: ["secrets/**"] } });
    // A blank entry is refused, as the client refuses it (the spec is silent; the fake used to drop it silently).
    const blank = await team.put("/assistant-bot/auto-review", { enforced: true, rules: { allow: [""], block: [] } });
    expect([blank.status, blank.json]).toEqual([400, { code: "error", message: expect.stringMatching(/blank/) }]);
    expect((await team.get("/assistant-bot/auto-review")).json).toEqual(put.json);
    const many = Array.from({ length: 21 }, (_, i) => `rule ${i}`);
    for (const body of [
      { rules: { allow: [], block: [] } },
      { enforced: true },
      { enforced: true, rules: { allow: many, block: [] } },
      { enforced: true, rules: { allow: ["x".repeat(1001)], block: [] } },
      { enforced: true, rules: { allow: [] } },
    ])
      expect((await team.put("/assistant-bot/auto-review", body)).status).toBe(400);
  });

  it("access: all, or limited to 1..100 billing group ids of the team", async () => {
    const { team } = adminSetup();
    expect((await team.get("/assistant-bot/access")).json).toEqual({ mode: "all", groups: [] });
    const [backend] = (await team.get("/teams/groups")).json.groups;
    const limited = await team.put("/assistant-bot/access", { mode: "limited", groupIds: [backend.id, backend.id] });
    expect(limited.json).toEqual({ mode: "limited", groups: [{ id: backend.id, name: "Backend" }] });
    for (const body of [
      { mode: "limited", groupIds: [] },
      { mode: "limited" },
      { mode: "limited", groupIds: ["group_unknown"] },
      { mode: "limited", groupIds: ["team_group_abc"] },
      { mode: "all", groupIds: [backend.id] },
      { mode: "some" },
    ])
      expect((await team.put("/assistant-bot/access", body)).status, JSON.stringify(body)).toBe(400);
    expect((await team.put("/assistant-bot/access", { mode: "all" })).json).toEqual({ mode: "all", groups: [] });
  });

  it("network: all three fields required, modes and allowlist entries validated", async () => {
    const { team } = adminSetup();
    expect((await team.get("/assistant-bot/network")).json).toEqual({
      egressMode: "unset",
      allowlist: [],
      locked: false,
    });
    const policy = {
      egressMode: "network_settings_only",
      allowlist: ["*.example.com", "10.0.0.0/8", "api.example.org:8443", "192.168.1.1"],
      locked: true,
    };
    expect((await team.put("/assistant-bot/network", policy)).json).toEqual(policy);
    for (const body of [
      { egressMode: "allow_all", allowlist: [] },
      { ...policy, egressMode: "everything" },
      { ...policy, allowlist: ["http://example.com"] },
      { ...policy, allowlist: ["300.1.1.1"] },
      { ...policy, allowlist: ["example.com:70000"] },
      { ...policy, locked: "yes" },
    ])
      expect((await team.put("/assistant-bot/network", body)).status, JSON.stringify(body)).toBe(400);
  });

  it("team rules: newest first, cursor-paged with nextCursor null on the last page, at most 50", async () => {
    const { team, clock } = adminSetup();
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      clock.t += 1000;
      const created = await team.post("/assistant-bot/team-rules", {
        name: `Rule ${i}`,
        content: `Do ${i}`,
        enabled: i % 2 === 0,
      });
      expect(created.status).toBe(201);
      ids.push(created.json.teamRule.id);
    }
    expect((await team.post("/assistant-bot/team-rules", { name: "51", content: "x", enabled: true })).status).toBe(
      400,
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { json } = await team.get("/assistant-bot/team-rules", {
        query: { limit: 20, ...(cursor ? { cursor } : {}) },
      });
      seen.push(...json.teamRules.map((r: Json) => r.id));
      cursor = json.nextCursor ?? undefined;
      if (json.nextCursor === null) expect(json.teamRules.length).toBeLessThanOrEqual(20);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const first = (await team.get("/assistant-bot/team-rules")).json;
    expect(first.teamRules).toHaveLength(50);
    expect(first.nextCursor).toBeNull();
    expect(first.teamRules[0]).toEqual({
      id: ids[49],
      name: "Rule 49",
      content: "Do 49",
      enabled: false,
      scope: "assistantBot",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await team.get("/assistant-bot/team-rules", { query: { limit: 101 } })).status).toBe(400);
    expect((await team.get("/assistant-bot/team-rules", { query: { cursor: "garbage!" } })).status).toBe(400);
  });

  it("team rules: PATCH needs a field, 404 when absent; DELETE 204", async () => {
    const { team } = adminSetup();
    expect((await team.post("/assistant-bot/team-rules", { name: "A", content: "B" })).status).toBe(400);
    const { id } = (await team.post("/assistant-bot/team-rules", { name: "A", content: "B", enabled: true })).json
      .teamRule;
    expect(id).toMatch(/^rule_/);
    expect((await team.patch(`/assistant-bot/team-rules/${id}`, { enabled: false })).json.teamRule).toMatchObject({
      name: "A",
      enabled: false,
    });
    expect((await team.patch(`/assistant-bot/team-rules/${id}`, {})).status).toBe(400);
    expect((await team.patch("/assistant-bot/team-rules/rule_missing", { enabled: false })).status).toBe(404);
    expect((await team.delete(`/assistant-bot/team-rules/${id}`)).status).toBe(204);
    expect((await team.delete(`/assistant-bot/team-rules/${id}`)).status).toBe(404);
  });

  it("setup manifests: create or replace, ordered by id, cursor-paged, at most 100", async () => {
    const { team } = adminSetup();
    const scripts = [{ id: "install.deps", setup: "npm ci", check: "npm ls" }];
    const put = await team.put("/assistant-bot/setup-manifests/web_app-1.0", { scripts });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ manifest: { id: "web_app-1.0", scripts } });
    const replaced = await team.put("/assistant-bot/setup-manifests/web_app-1.0", {
      scripts: [{ id: "build", setup: "make" }],
    });
    expect(replaced.json.manifest.scripts).toEqual([{ id: "build", setup: "make" }]);
    for (let i = 0; i < 99; i++)
      await team.put(`/assistant-bot/setup-manifests/m${String(i).padStart(3, "0")}`, { scripts });
    const over = await team.put("/assistant-bot/setup-manifests/one-too-many", { scripts });
    expect(over.status).toBe(400);
    expect((await team.put("/assistant-bot/setup-manifests/web_app-1.0", { scripts })).status).toBe(200); // replacing is fine
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { json }: { json: Json } = await team.get("/assistant-bot/setup-manifests", {
        query: cursor ? { cursor, limit: 30 } : { limit: 30 },
      });
      seen.push(...json.manifests.map((m: Json) => m.id));
      cursor = json.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(100);
    expect(seen).toEqual([...seen].sort());
    for (const [id, body] of [
      ["bad id!", { scripts }],
      ["ok", {}],
      ["ok", { scripts: [{ id: "x", setup: "" }] }],
      ["ok", { scripts: [{ id: "a b", setup: "x" }] }],
    ] as const)
      expect((await team.put(`/assistant-bot/setup-manifests/${encodeURIComponent(id)}`, body)).status).toBe(400);
    expect((await team.delete("/assistant-bot/setup-manifests/m000")).status).toBe(204);
    expect((await team.delete("/assistant-bot/setup-manifests/m000")).status).toBe(404);
  });
});
