// Repository administration through the fake forge: Get Repo, settings, repository and owner grants, rulesets.
import { describe, expect, it } from "vitest";
import { BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from "../../../src/core/errors.js";
import { expectRefusedBeforeNetwork, forgeSetup } from "./forge-fixtures.js";

const ADMIN_TOKEN = "repo-admin-token";
const READER_TOKEN = "settings-reader-token";
const ADMIN_SCOPES = [
  "repository:metadata:read",
  "repository:settings:write",
  "namespace:settings:write",
  "repository:rulesets:write",
];
const APP_SCOPES = [
  "repository:settings:write",
  "repository:rulesets:write",
  "namespace:settings:read",
  "repository:labels:read",
];

async function setup() {
  const { fake, installation, installationId, userClient } = await forgeSetup({
    users: [
      { token: ADMIN_TOKEN, userId: "user_0001", scopes: ADMIN_SCOPES },
      { token: READER_TOKEN, userId: "user_0002", scopes: ["repository:settings:read", "namespace:settings:read"] },
    ],
    install: { scopes: APP_SCOPES },
    installationOptions: { maxRetries: 0 },
  });
  const user = (token: string) => userClient(token, { maxRetries: 0 });
  return { fake, installation, admin: user(ADMIN_TOKEN), reader: user(READER_TOKEN), installationId };
}

describe("Get Repo and repository settings", () => {
  it("reads the full repository by slugs (any casing) and by id", async () => {
    const { installation } = await setup();
    const repo = await installation.repo("ACME", "Web-App").get();
    expect(repo).toMatchObject({ name: "web-app", fullName: "acme/web-app", defaultBranch: "main" });
    expect(repo.allowMergeCommit).toBe(true);
    expect(repo.deleteBranchOnMerge).toBe(false);
    expect(repo.cloneUrl).toMatch(/\/acme\/web-app\.git$/);
    expect(typeof repo.pushedAt).toBe("string");
    expect((await installation.repo({ id: repo.id }).get()).fullName).toBe("acme/web-app");
    await expect(installation.repo("acme", "nope").get()).rejects.toBeInstanceOf(NotFoundError);
  });

  it("sets settings to values, spends 5 points, and repeats harmlessly", async () => {
    const { installation, fake, installationId } = await setup();
    const repo = installation.repo("acme", "web-app");
    const spent = () => fake.forge.stats[`installation:${installationId}`]?.totalCharged ?? 0;
    await repo.get();
    const before = spent();
    const patch = { visibility: "internal", allowMergeCommit: false, allowSquashMerge: true } as const;
    const updated = await repo.update(patch);
    expect(spent() - before).toBe(5);
    expect(updated).toMatchObject(patch);
    expect(await repo.update(patch)).toMatchObject(patch);
    expect(await repo.update({ defaultBranch: "feature/login", deleteBranchOnMerge: true })).toMatchObject({
      defaultBranch: "feature/login",
      deleteBranchOnMerge: true,
    });
    const missing = await repo.update({ defaultBranch: "no-such-branch" }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(BadRequestError);
    expect(missing).toMatchObject({ status: 400, code: "failed_precondition" });
    expect((await repo.get()).defaultBranch).toBe("feature/login");
  });

  it("checks every settings rule before the network", async () => {
    const { installation, fake } = await setup();
    const repo = installation.repo("acme", "web-app");
    await expectRefusedBeforeNetwork(fake, () => repo.update({}), "", "at_least_one");
    await expectRefusedBeforeNetwork(
      fake,
      () => repo.update({ allowMergeCommit: true }),
      "allowSquashMerge",
      "together",
    );
    await expectRefusedBeforeNetwork(
      fake,
      () => repo.update({ allowMergeCommit: false, allowSquashMerge: false }),
      "allowSquashMerge",
      "at_least_one_true",
    );
    await expectRefusedBeforeNetwork(
      fake,
      () => repo.update({ visibility: "public" as never }),
      "visibility",
      "one_of",
    );
    await expectRefusedBeforeNetwork(fake, () => repo.update({ defaultBranch: "" }), "defaultBranch", "min_length");
    await expectRefusedBeforeNetwork(
      fake,
      () => repo.update({ deleteBranchOnMerge: "yes" as never }),
      "deleteBranchOnMerge",
      "type",
    );
  });

  it("refuses settings on a mirror to an installation (403) and upstream-pulling fields to a user (400, not atomic)", async () => {
    const { installation, admin } = await setup();
    await expect(installation.repo("acme", "legacy-mirror").update({ visibility: "private" })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    const mirror = admin.repo("acme", "legacy-mirror");
    await expect(mirror.update({ defaultBranch: "main" })).rejects.toMatchObject({ code: "failed_precondition" });
    // Merge methods come before branch deletion in the forge's fixed order, so they stay applied.
    const partial = mirror.update({ allowMergeCommit: false, allowSquashMerge: true, deleteBranchOnMerge: true });
    await expect(partial).rejects.toMatchObject({ status: 400, code: "failed_precondition" });
    const after = await mirror.get();
    expect(after).toMatchObject({ allowMergeCommit: false, deleteBranchOnMerge: false });
    expect((await mirror.update({ visibility: "internal" })).visibility).toBe("internal");
  });
});

describe("repository grants", () => {
  it("upserts by principal, pages, deletes idempotently", async () => {
    const { installation } = await setup();
    const grants = installation.repo("acme", "web-app").grants;
    expect(await grants.upsert({ user: "user_0002", permission: "read" })).toMatchObject({
      user: { id: "user_0002", email: "dev@acme.example" },
      permission: "read",
    });
    await grants.upsert({ user: { email: "DEV@acme.example" }, permission: "write" });
    await grants.upsert({ group: { slug: "engineering" }, permission: "admin" });
    await grants.upsert({ teamGroup: "grp_0003", permission: "read" });
    const first = await grants.list({ pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const all = await grants.list({ pageSize: 2 }).toArray();
    expect(all.map((grant) => [Object.keys(grant).find((k) => k !== "permission"), grant.permission])).toEqual([
      ["user", "write"],
      ["group", "admin"],
      ["teamGroup", "read"],
    ]);
    await grants.delete({ group: "grp_0001" });
    await grants.delete({ group: "grp_0001" });
    expect((await grants.list().toArray()).map((grant) => grant.permission)).toEqual(["write", "read"]);
  });

  it("refuses principals outside the owner (400) and writes without the write scope (403)", async () => {
    const { installation, reader } = await setup();
    const outsider = installation.repo("acme", "web-app").grants.upsert({ user: "user_9999", permission: "read" });
    await expect(outsider).rejects.toMatchObject({ status: 400, code: "failed_precondition" });
    const asGroup = installation.repo("acme", "web-app").grants.upsert({ group: "grp_0003", permission: "read" });
    await expect(asGroup).rejects.toBeInstanceOf(BadRequestError);
    expect(await reader.repo("acme", "web-app").grants.list().toArray()).toEqual([]);
    await expect(
      reader.repo("acme", "web-app").grants.upsert({ user: "user_0002", permission: "read" }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it("checks every grant rule before the network", async () => {
    const { installation, fake } = await setup();
    const grants = installation.repo("acme", "web-app").grants;
    await expectRefusedBeforeNetwork(
      fake,
      () => grants.upsert({ user: "user_0002", permission: "custom" as never }),
      "permission",
      "one_of",
    );
    await expectRefusedBeforeNetwork(fake, () => grants.upsert({ permission: "read" }), "", "exactly_one_of");
    await expectRefusedBeforeNetwork(
      fake,
      () => grants.upsert({ user: "a", group: "b", permission: "read" }),
      "",
      "exactly_one_of",
    );
    await expectRefusedBeforeNetwork(fake, () => grants.upsert({ user: "", permission: "read" }), "user", "min_length");
    await expectRefusedBeforeNetwork(fake, () => grants.delete({} as never), "", "exactly_one_of");
    await expectRefusedBeforeNetwork(fake, () => grants.list({ pageSize: 101 }), "pageSize", "max_value");
  });
});

describe("owner grants", () => {
  it("lists admins first, upserts PERMISSION_* and keeps one admin", async () => {
    const { admin } = await setup();
    const grants = admin.owner("ACME").grants;
    expect(await grants.list().toArray()).toEqual([
      { user: expect.objectContaining({ id: "user_0001" }), permission: "PERMISSION_ADMIN" },
    ]);
    await grants.upsert({ user: "user_0002", permission: "PERMISSION_CONTRIBUTOR" });
    await grants.upsert({ teamGroup: { id: "grp_0003" }, permission: "PERMISSION_ADMIN" });
    expect((await grants.list().toArray()).map((grant) => grant.permission)).toEqual([
      "PERMISSION_ADMIN",
      "PERMISSION_ADMIN",
      "PERMISSION_CONTRIBUTOR",
    ]);
    await grants.delete({ user: "user_0001" });
    await grants.delete({ user: "user_0001" });
    const demote = grants.upsert({ teamGroup: "grp_0003", permission: "PERMISSION_WRITE" });
    await expect(demote).rejects.toMatchObject({ status: 400, code: "failed_precondition" });
    await expect(grants.delete({ teamGroup: "maintainers" })).rejects.toBeInstanceOf(BadRequestError);
    expect((await grants.list().toArray()).map((grant) => grant.permission)).toEqual([
      "PERMISSION_ADMIN",
      "PERMISSION_CONTRIBUTOR",
    ]);
  });

  it("answers NotFound for another owner, reads with an installation, refuses writes without the scope", async () => {
    const { admin, installation, reader, fake } = await setup();
    await expect(admin.owner("other-team").grants.list()).rejects.toBeInstanceOf(NotFoundError);
    expect((await installation.owner("acme").grants.list()).items).toHaveLength(1);
    await expect(
      installation.owner("acme").grants.upsert({ user: "user_0002", permission: "PERMISSION_READ" }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(reader.owner("acme").grants.delete({ user: "user_0001" })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    const grants = admin.owner("acme").grants;
    await expectRefusedBeforeNetwork(
      fake,
      () => grants.upsert({ user: "user_0002", permission: "PERMISSION_CUSTOM" as never }),
      "permission",
      "one_of",
    );
    await expectRefusedBeforeNetwork(
      fake,
      () => grants.upsert({ user: "user_0002", permission: "write" as never }),
      "permission",
      "one_of",
    );
    await expectRefusedBeforeNetwork(fake, () => grants.delete({ user: "a", teamGroup: "b" }), "", "exactly_one_of");
    await expectRefusedBeforeNetwork(fake, () => admin.owner("").grants.list(), "ownerSlug", "required");
  });
});

describe("rulesets", () => {
  it("creates with defaults, lists unpaginated, replaces fully, deletes", async () => {
    const { installation } = await setup();
    const rulesets = installation.repo("acme", "web-app").rulesets;
    const created = await rulesets.create({
      name: "protect main",
      includedRefNames: ["~DEFAULT_BRANCH"],
      rules: [{ type: "required_reviews", count: 1 }],
      bypassActors: [{ app: { id: "app_1" } }],
    });
    expect(created).toMatchObject({
      name: "protect main",
      enforcement: "active",
      kind: "merge_branch",
      description: "",
    });
    expect(created.rules).toEqual([{ type: "required_reviews", count: 1 }]);
    const other = await rulesets.create({ name: "tags", kind: "push_tag", enforcement: "evaluate" });
    expect((await rulesets.list()).map((ruleset) => ruleset.id)).toEqual([created.id, other.id]);
    const replaced = await rulesets.replace(created.id, { name: "protect main", enforcement: "disabled" });
    expect(replaced).toMatchObject({ enforcement: "disabled", rules: [], includedRefNames: [], bypassActors: [] });
    expect(await rulesets.get(created.id)).toMatchObject({ enforcement: "disabled", rules: [] });
    await expect(rulesets.create({ name: "TAGS" })).rejects.toBeInstanceOf(ConflictError);
    await expect(rulesets.replace(other.id, { name: "Protect Main" })).rejects.toBeInstanceOf(ConflictError);
    await rulesets.delete(other.id);
    await expect(rulesets.get(other.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(rulesets.delete(other.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("accepts the limits exactly and checks every rule before the network", async () => {
    const { installation, fake } = await setup();
    const rulesets = installation.repo("acme", "web-app").rulesets;
    const patterns = (n: number) => Array.from({ length: n }, (_, i) => `release/${i}/*`);
    const objects = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `x${i}` }));
    const full = await rulesets.create({
      name: "at the limits",
      includedRefNames: patterns(64),
      excludedRefNames: patterns(64),
      rules: objects(20),
      bypassActors: objects(15),
    });
    expect(full.includedRefNames).toHaveLength(64);
    await expectRefusedBeforeNetwork(
      fake,
      () => rulesets.create({ name: "x", includedRefNames: patterns(65) }),
      "includedRefNames",
      "max_items",
    );
    await expectRefusedBeforeNetwork(
      fake,
      () => rulesets.create({ name: "x", excludedRefNames: patterns(65) }),
      "excludedRefNames",
      "max_items",
    );
    await expectRefusedBeforeNetwork(
      fake,
      () => rulesets.create({ name: "x", rules: objects(21) }),
      "rules",
      "max_items",
    );
    await expectRefusedBeforeNetwork(
      fake,
      () => rulesets.replace(full.id, { name: "x", bypassActors: objects(16) }),
      "bypassActors",
      "max_items",
    );
    await expectRefusedBeforeNetwork(fake, () => rulesets.create({ name: "" }), "name", "min_length");
    await expectRefusedBeforeNetwork(
      fake,
      () => rulesets.create({ name: "x", enforcement: "strict" as never }),
      "enforcement",
      "one_of",
    );
    await expectRefusedBeforeNetwork(
      fake,
      () => rulesets.create({ name: "x", kind: "branch" as never }),
      "kind",
      "one_of",
    );
    await expectRefusedBeforeNetwork(fake, () => rulesets.get(""), "rulesetId", "required");
  });

  it("refuses rulesets on a mirrored repository (403)", async () => {
    const { installation, admin } = await setup();
    await expect(installation.repo("acme", "legacy-mirror").rulesets.list()).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    await expect(admin.repo("acme", "legacy-mirror").rulesets.create({ name: "x" })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
  });
});
