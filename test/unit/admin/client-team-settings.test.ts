import { describe, expect, it } from "vitest";
import { ConflictError, ValidationError } from "../../../src/admin/index.js";
import { adminSetup } from "./client-helpers.js";

describe("AdminClient groups, model access, assistant bot, blocklists", () => {
  it("manages directory groups: create, update, members in chunks of 100, delete; ids keep their family", async () => {
    const { admin, fake } = adminSetup({ admin: { members: 260 } });
    const { group } = await admin.directoryGroups.create({ name: "Ops" });
    expect(group.id).toMatch(/^team_group_/);
    expect((await admin.directoryGroups.get(group.id)).group.name).toBe("Ops");
    const updated = await admin.directoryGroups.update(group.id, { monthlySpendingLimitDollars: 150 });
    expect(updated.group.monthlySpendingLimitDollars).toBe(150);
    const userIds = fake.admin
      .members()
      .slice(0, 250)
      .map((m) => m.userId);
    const added = await admin.directoryGroups.addMembers(group.id, userIds);
    expect(added.count).toBe(250);
    expect(added.report.applied).toEqual([0, 1, 2]);
    const members = await admin.directoryGroups.members(group.id, { pageSize: 500 }).toArray();
    expect(members).toHaveLength(250);
    const pageSizes = fake.requests.filter((r) => r.path.endsWith(`${group.id}/members`)).map((r) => r.query.pageSize);
    expect(pageSizes.every((size) => size === "200")).toBe(true); // clamped, as the server would
    expect((await admin.directoryGroups.removeMembers(group.id, userIds)).count).toBe(250);
    await admin.directoryGroups.delete(group.id);
    const all = await admin.directoryGroups.list().toArray();
    expect(all.map((g) => g.id)).not.toContain(group.id);

    const before = fake.requests.length;
    const attempts: Array<() => PromiseLike<unknown>> = [
      () => admin.directoryGroups.get("g_123"),
      () => admin.directoryGroups.addMembers(group.id, ["group_1"]),
    ];
    for (const bad of attempts) {
      const error = await Promise.resolve()
        .then(bad)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).rule).toBe("id_family");
    }
    await expect(
      admin.directoryGroups.update(group.id, {
        monthlySpendingLimitDollars: 5,
        clearMonthlySpendingLimitDollars: true,
      }),
    ).rejects.toMatchObject({
      rule: "exclusive",
    });
    await expect(admin.directoryGroups.update(group.id, {})).rejects.toBeInstanceOf(ValidationError);
    expect(fake.requests.length).toBe(before);
  });

  it("manages billing groups and the Unassigned group", async () => {
    const { admin, fake } = adminSetup();
    const list = await admin.billingGroups.list();
    expect(list.unassignedGroup?.id).toBe("group_unassigned");
    const { group } = await admin.billingGroups.create({ name: "Data" });
    expect(group.id).toMatch(/^group_/);
    const free = (list.unassignedGroup?.currentMembers ?? []).slice(0, 2).map((m) => m.userId as string);
    expect(free).toHaveLength(2);
    const withMembers = await admin.billingGroups.addMembers(group.id, free);
    expect(withMembers.group.members?.map((m) => m.userId)).toEqual(expect.arrayContaining(free));
    const without = await admin.billingGroups.removeMembers(group.id, free.slice(0, 1));
    expect(without.group.members?.map((m) => m.userId)).not.toContain(free[0]);
    await admin.billingGroups.update(group.id, { name: "Data Eng" });
    expect((await admin.billingGroups.get(group.id)).group.name).toBe("Data Eng");
    await admin.billingGroups.delete(group.id);
    await expect(admin.billingGroups.get("team_group_1")).rejects.toMatchObject({ rule: "id_family" });
    void fake;
  });

  it("walks the model access state machine: 409 until custom, then providers and models", async () => {
    const { admin } = adminSetup();
    expect((await admin.modelAccess.get()).state).toBe("unrestricted");
    const error = await admin.modelAccess.providers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    const custom = await admin.modelAccess.set({ newProviderDefault: "enabled", newModelDefault: "disabled" });
    expect(custom.state).toBe("custom");
    const { providers } = await admin.modelAccess.providers();
    const provider = providers[0];
    if (!provider) throw new Error("no provider");
    await admin.modelAccess.setProvider(provider.id, false);
    const models = await admin.modelAccess.models(provider.id);
    const model = (models.models ?? [])[0] as { id: string } | undefined;
    if (!model) throw new Error("no model");
    await admin.modelAccess.setModel(provider.id, model.id, { enabled: true });
    expect((await admin.modelAccess.set({ state: "unrestricted" })).state).toBe("unrestricted");
    await expect(
      admin.modelAccess.set({ state: "unrestricted", newModelDefault: "enabled" } as never),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it("administers the assistant bot: availability, capabilities, auto-review, access, network, rules, manifests", async () => {
    const { admin } = adminSetup();
    await admin.assistantBot.enable();
    expect((await admin.assistantBot.capabilities.get()).enabled).toBe(true);
    expect((await admin.assistantBot.capabilities.update({ cloudAgents: false })).cloudAgents).toBe(false);
    const readOnly = (await admin.assistantBot.capabilities
      .update({ enabled: false } as never)
      .catch((e: unknown) => e)) as ValidationError;
    expect(readOnly.issues.map((issue) => [issue.path, issue.rule])).toContainEqual(["enabled", "read_only"]);
    const policy = await admin.assistantBot.autoReview.set({
      enforced: true,
      rules: { allow: ["docs/**"], block: [] },
    });
    expect(policy.enforced).toBe(true);
    await expect(
      admin.assistantBot.autoReview.set({
        enforced: true,
        rules: { allow: Array.from({ length: 21 }, (_, i) => `r${i}`), block: [] },
      }),
    ).rejects.toMatchObject({ rule: "max_items" });
    expect((await admin.assistantBot.autoReview.get()).enforced).toBe(true);
    expect((await admin.assistantBot.access.get()).mode).toBeTypeOf("string");
    const { groups } = await admin.billingGroups.list();
    const limited = await admin.assistantBot.access.set({
      mode: "limited",
      groupIds: groups.map((g) => g.id).slice(0, 1),
    });
    expect(limited.mode).toBe("limited");
    await expect(admin.assistantBot.access.set({ mode: "limited", groupIds: [] })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const network = await admin.assistantBot.network.set({
      egressMode: "network_settings_only",
      allowlist: ["*.example.com:443"],
      locked: true,
    });
    expect(network.locked).toBe(true);
    await expect(admin.assistantBot.network.set({ egressMode: "allow_all" } as never)).rejects.toBeInstanceOf(
      ValidationError,
    );

    for (let i = 0; i < 7; i++)
      await admin.assistantBot.teamRules.create({ name: `rule ${i}`, content: "be kind", enabled: true });
    const rules = await admin.assistantBot.teamRules.list({ limit: 3 }).toArray();
    expect(rules).toHaveLength(7);
    const first = rules[0];
    if (!first) throw new Error("no rule");
    expect((await admin.assistantBot.teamRules.update(first.id, { enabled: false })).teamRule.enabled).toBe(false);
    await admin.assistantBot.teamRules.delete(first.id);
    await admin.assistantBot.setupManifests.put("node.v20", { scripts: [{ id: "node.v20", setup: "npm ci" }] });
    expect((await admin.assistantBot.setupManifests.list().toArray()).map((m) => m.id)).toContain("node.v20");
    await admin.assistantBot.setupManifests.delete("node.v20");
    await admin.assistantBot.disable();
  });

  it("upserts and deletes repository blocklist entries", async () => {
    const { admin } = adminSetup();
    const { repos } = await admin.repoBlocklists.upsert([{ url: "https://github.com/acme/secret", patterns: ["*"] }]);
    const entry = repos.find((r) => r.url === "https://github.com/acme/secret");
    if (!entry) throw new Error("not upserted");
    await admin.repoBlocklists.delete(entry.id);
    expect((await admin.repoBlocklists.list()).repos.map((r) => r.id)).not.toContain(entry.id);
  });
});
