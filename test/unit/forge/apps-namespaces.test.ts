import { describe, expect, it } from "vitest";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from "../../../src/core/errors.js";
import type { ForgeClient } from "../../../src/forge/forge-client.js";
import { computeKeyId, generateAppKeyPair } from "../../../src/forge/keys.js";
import { FORGE_OPERATIONS } from "../../../src/forge/operations.js";
import { BASE_URL, forgeSetup } from "./forge-fixtures.js";

const ADMIN_TOKEN = "namespace-admin-token";
const READER_TOKEN = "apps-reader-token";
const ADMIN_SCOPES = [
  "namespace:apps:read",
  "namespace:apps:create",
  "app:settings:write",
  "namespace:repositories:create",
  "namespace:installations:write",
  "repository:metadata:read",
  "repository:labels:read",
];
const PRIVATE_PEM =
  "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n-----END PRIVATE KEY-----\n";

async function setup() {
  const {
    fake,
    keys,
    appId,
    installationId,
    appWith: app,
    userClient,
  } = await forgeSetup({
    users: [
      { token: ADMIN_TOKEN, userId: "user_0001", scopes: ADMIN_SCOPES },
      { token: READER_TOKEN, userId: "user_0002", scopes: ["namespace:apps:read"] },
    ],
    install: { repoSelectionMode: "selected", repositoryIds: ["repo_0001", "repo_0002"] },
  });
  const client = (token: string) => userClient(token, { maxRetries: 0 });
  const appWith = (privateKey: string, id = appId) => app({ appId: id, privateKey, maxRetries: 0 });
  const pointsOf = (userId: string) => fake.forge.stats[`user:${userId}`]?.totalCharged ?? 0;
  return {
    fake,
    keys,
    appId,
    installationId,
    forge: client(ADMIN_TOKEN),
    reader: client(READER_TOKEN),
    appWith,
    pointsOf,
  };
}

/** The error of class `kind` a call fails with (any other outcome fails the test). */
async function failure<E extends Error>(call: () => PromiseLike<unknown>, kind: new (...args: never[]) => E) {
  try {
    await call();
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`expected the call to fail with ${kind.name}`);
}

/** A raw request to the fake forge, for rules the SDK refuses before the network. */
async function raw(fake: { fetch: typeof fetch }, method: string, path: string, body: unknown) {
  const response = await fake.fetch(`${BASE_URL}/v1/forge${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { code: number; details: unknown[] } };
}

describe("forge.apps with a user token", () => {
  it("gets an app and updates it, wrapping plain lists for clean replacement; costs 1 and 5", async () => {
    const { forge, appId, fake, pointsOf } = await setup();
    const app = await forge.apps.get(appId);
    expect(app.id).toBe(appId);
    expect(app.namespaceSlug).toBe("acme");
    expect(pointsOf("user_0001")).toBe(FORGE_OPERATIONS["apps.get"].cost);

    const updated = await forge.apps.update(appId, {
      displayName: "Review Bot",
      webhookUrl: "https://bot.example.com/hooks",
      events: ["pull_request.created", "ping"],
      installationRedirectUris: ["https://bot.example.com/installed"],
      defaultScopes: ["repository:checks:write"],
    });
    expect(updated).toMatchObject({
      displayName: "Review Bot",
      webhookUrl: "https://bot.example.com/hooks",
      events: ["pull_request.created", "ping"],
      installationRedirectUris: ["https://bot.example.com/installed"],
      defaultScopes: ["repository:checks:write"],
    });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      events: { events: ["pull_request.created", "ping"] },
      installationRedirectUris: { installationRedirectUris: ["https://bot.example.com/installed"] },
      defaultScopes: { scopes: ["repository:checks:write"] },
    });
    expect(pointsOf("user_0001")).toBe(FORGE_OPERATIONS["apps.get"].cost + FORGE_OPERATIONS["apps.update"].cost);

    // An empty list clears; an empty webhookUrl turns delivery off; untouched fields stay.
    const cleared = await forge.apps.update(appId, { events: [], webhookUrl: "" });
    expect(cleared).toMatchObject({ events: [], webhookUrl: "", displayName: "Review Bot" });
    expect((await forge.apps.get(appId)).webhookUrl).toBe("");
  });

  it("answers 404 for an unknown app, 400 for scopes an app cannot request", async () => {
    const { forge, appId } = await setup();
    await expect(forge.apps.get("app_missing")).rejects.toBeInstanceOf(NotFoundError);
    const refused = await failure(() => forge.apps.update(appId, { defaultScopes: ["namespace:apps:read"] }), ApiError);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect(refused.code).toBe("invalid_argument");
    expect(refused.fieldViolations.map((violation) => violation.field)).toEqual(["defaultScopes.scopes[0]"]);
  });

  it("the fake refuses an update without fields and an unwrapped list (400 InvalidArgument)", async () => {
    const { fake, appId } = await setup();
    const empty = await raw(fake, "PATCH", `/apps/${appId}`, {});
    expect([empty.status, empty.json.code]).toEqual([400, 3]);
    const unwrapped = await raw(fake, "PATCH", `/apps/${appId}`, { events: ["ping"] });
    expect([unwrapped.status, unwrapped.json.code]).toEqual([400, 3]);
  });

  it("registers a signing key whose kid is computeKeyId; the new key signs, the deleted old one no longer does", async () => {
    const { forge, appId, keys, appWith } = await setup();
    const oldApp = appWith(keys.privateKey);
    expect((await oldApp.getApp()).id).toBe(appId);

    const next = await generateAppKeyPair();
    const registered = await forge.apps.signingKeys.create(appId, { publicKey: next.publicKey });
    expect(registered.kid).toBe(await computeKeyId(next.publicKey));
    expect((await appWith(next.privateKey).getApp()).id).toBe(appId);

    await expect(forge.apps.signingKeys.create(appId, { publicKey: next.publicKey })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await forge.apps.signingKeys.delete(appId, await computeKeyId(keys.publicKey));
    await expect(oldApp.getApp()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(appWith(keys.privateKey).getApp()).rejects.toMatchObject({ status: 401 });
    expect((await appWith(next.privateKey).getApp()).id).toBe(appId);

    // The last active key stays: FailedPrecondition.
    const last = await failure(() => forge.apps.signingKeys.delete(appId, registered.kid), ApiError);
    expect(last).toBeInstanceOf(BadRequestError);
    expect(last.code).toBe("failed_precondition");
  });

  it("a token without the scope gets PermissionDenied (403), uncharged", async () => {
    const { reader, appId, pointsOf } = await setup();
    expect((await reader.apps.get(appId)).id).toBe(appId);
    const charged = pointsOf("user_0002");
    const denied = await failure(() => reader.apps.update(appId, { displayName: "x" }), ApiError);
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied).toBeInstanceOf(ApiError);
    expect(denied.status).toBe(403);
    expect(denied.code).toBe("permission_denied");
    await expect(reader.namespace("acme").repos.create({ name: "nope" })).rejects.toBeInstanceOf(PermissionDeniedError);
    const { publicKey } = await generateAppKeyPair();
    await expect(reader.namespace("acme").apps.create({ displayName: "x", publicKey })).rejects.toMatchObject({
      status: 403,
    });
    await expect(reader.apps.signingKeys.create(appId, { publicKey })).rejects.toMatchObject({ status: 403 });
    await expect(reader.namespace("acme").installations.addRepos("inst_x", ["repo_0003"])).rejects.toMatchObject({
      status: 403,
    });
    expect(pointsOf("user_0002")).toBe(charged);
  });
});

describe("forge.namespace(slug) with a user token", () => {
  it("creates private apps and lists display metadata only, newest first, over several pages", async () => {
    const { forge, fake, appWith } = await setup();
    const acme = forge.namespace("ACME");
    const made = [];
    for (const name of ["Alpha", "Beta", "Gamma"]) {
      const keys = await generateAppKeyPair();
      const app = await acme.apps.create({
        displayName: name,
        publicKey: keys.publicKey,
        description: `${name} bot`,
        events: ["ping"],
        defaultScopes: ["repository:contents:read"],
      });
      expect(app).toMatchObject({ displayName: name, namespaceSlug: "acme", events: ["ping"] });
      made.push({ app, keys });
    }
    const [first] = made;
    if (!first) throw new Error("no app created");
    // The first key given at creation signs JWTs at once.
    expect((await appWith(first.keys.privateKey, first.app.id).getApp()).displayName).toBe("Alpha");

    const before = fake.requests.length;
    const pages = [];
    for await (const page of acme.apps.list({ pageSize: 2 }).pages()) pages.push(page.items);
    expect(fake.requests.length - before).toBe(2);
    const listed = pages.flat();
    expect(listed.slice(0, 3).map((app) => app.displayName)).toEqual(["Gamma", "Beta", "Alpha"]);
    for (const app of listed) expect(Object.keys(app).sort()).toEqual(["description", "displayName", "id"]);
    expect(listed.map((app) => app.id)).toContain(first.app.id);
  });

  it("creates repositories seeded like the others, refuses a taken name, and lists them page by page", async () => {
    const { forge, fake } = await setup();
    const acme = forge.namespace("acme");
    const repo = await acme.repos.create({ name: "new-service" });
    expect(repo).toMatchObject({
      name: "new-service",
      fullName: "acme/new-service",
      visibility: "private",
      defaultBranch: "main",
      owner: { slug: "acme" },
    });
    expect(repo.cloneUrl).toMatch(/\/acme\/new-service\.git$/);
    expect(typeof repo.createdAt).toBe("string");
    const labels = await forge.repo("acme", "new-service").labels.list().toArray();
    expect(labels.map((label) => label.name)).toEqual(["bug", "enhancement"]);

    const taken = await failure(() => acme.repos.create({ name: "NEW-SERVICE", visibility: "internal" }), ApiError);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.code).toBe("already_exists");

    const before = fake.requests.length;
    const all = await acme.repos.list({ pageSize: 2 }).toArray();
    expect(fake.requests.length - before).toBe(Math.ceil(all.length / 2));
    expect(all).toHaveLength(fake.forge.state.repositories.length);
    expect(all.map((r) => r.name)).toContain("new-service");
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });

  it("refuses app and repository creation for an ineligible owner (400 FailedPrecondition), and unknown namespaces", async () => {
    const { forge, fake } = await setup();
    fake.forge.state.ownerEligible = false;
    const { publicKey } = await generateAppKeyPair();
    for (const attempt of [
      () => forge.namespace("acme").repos.create({ name: "blocked" }),
      () => forge.namespace("acme").apps.create({ displayName: "Blocked", publicKey }),
    ]) {
      const error = await failure(() => attempt(), ApiError);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.code).toBe("failed_precondition");
    }
    await expect(forge.namespace("elsewhere").repos.list().toArray()).rejects.toBeInstanceOf(NotFoundError);
  });

  it("adds repositories to a selected installation as a union, scopes unchanged", async () => {
    const { forge, fake, installationId, keys, appWith, appId } = await setup();
    const acme = forge.namespace("acme");
    const scopes = fake.forge.state.installations.get(installationId)?.scopes;
    const installation = await acme.installations.addRepos(installationId, ["repo_0003", "repo_0001"]);
    expect(installation.id).toBe(installationId);
    expect(installation.scopes).toEqual(scopes);

    const reached = await appWith(keys.privateKey)
      .installation(installationId)
      .namespace("acme")
      .repos.list()
      .toArray();
    expect(reached.map((r) => r.id).sort()).toEqual(["repo_0001", "repo_0002", "repo_0003"]);

    const outside = await failure(() => acme.installations.addRepos(installationId, ["repo_9999"]), ApiError);
    expect(outside).toBeInstanceOf(BadRequestError);
    expect(outside.code).toBe("failed_precondition");
    const { installationId: everything } = fake.forge.createInstallation({ appId });
    await expect(acme.installations.addRepos(everything, ["repo_0004"])).rejects.toMatchObject({
      status: 400,
      code: "failed_precondition",
    });
    fake.forge.suspendInstallation(installationId);
    await expect(acme.installations.addRepos(installationId, ["repo_0004"])).rejects.toMatchObject({
      code: "failed_precondition",
    });
    await expect(acme.installations.addRepos("inst_missing", ["repo_0004"])).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("request rules are checked before the network", () => {
  it.each<[string, (forge: ForgeClient, appId: string) => PromiseLike<unknown>, string, string]>([
    ["apps.get without an id", (f) => f.apps.get(""), "appId", "required"],
    ["apps.update with nothing", (f, id) => f.apps.update(id, {}), "", "at_least_one"],
    ["apps.update empty displayName", (f, id) => f.apps.update(id, { displayName: "" }), "displayName", "min_length"],
    ["apps.update ftp webhookUrl", (f, id) => f.apps.update(id, { webhookUrl: "ftp://x" }), "webhookUrl", "http_url"],
    ["apps.update description", (f, id) => f.apps.update(id, { description: 5 as never }), "description", "type"],
    ["apps.update empty event", (f, id) => f.apps.update(id, { events: [""] }), "events.events[0]", "min_length"],
    [
      "apps.update malformed wrapper",
      (f, id) => f.apps.update(id, { defaultScopes: { list: [] } as never }),
      "defaultScopes.scopes",
      "required",
    ],
    [
      "signingKeys.create private key",
      (f, id) => f.apps.signingKeys.create(id, { publicKey: PRIVATE_PEM }),
      "publicKey",
      "private_key",
    ],
    [
      "signingKeys.create ssh key",
      (f, id) => f.apps.signingKeys.create(id, { publicKey: "ssh-ed25519 AAAA" }),
      "publicKey",
      "pem_spki",
    ],
    ["signingKeys.create nothing", (f, id) => f.apps.signingKeys.create(id, {} as never), "publicKey", "required"],
    ["signingKeys.delete without kid", (f, id) => f.apps.signingKeys.delete(id, ""), "kid", "required"],
    ["namespace without slug", (f) => f.namespace("").apps.list().toArray(), "namespaceSlug", "required"],
    [
      "apps.create without displayName",
      (f) => f.namespace("acme").apps.create({ publicKey: "x" } as never),
      "displayName",
      "required",
    ],
    [
      "apps.create with a private key",
      (f) => f.namespace("acme").apps.create({ displayName: "x", publicKey: PRIVATE_PEM }),
      "publicKey",
      "private_key",
    ],
    ["apps.list pageSize 101", (f) => f.namespace("acme").apps.list({ pageSize: 101 }), "pageSize", "max_value"],
    ["repos.list pageSize 0", (f) => f.namespace("acme").repos.list({ pageSize: 0 }), "pageSize", "min_value"],
    ["repos.list pageSize 1.5", (f) => f.namespace("acme").repos.list({ pageSize: 1.5 }), "pageSize", "integer"],
    ["repos.create empty name", (f) => f.namespace("acme").repos.create({ name: "" }), "name", "min_length"],
    ["repos.create spaced name", (f) => f.namespace("acme").repos.create({ name: "a b" }), "name", "repo_name"],
    [
      "repos.create long name",
      (f) => f.namespace("acme").repos.create({ name: "a".repeat(101) }),
      "name",
      "max_length",
    ],
    ["repos.create .git name", (f) => f.namespace("acme").repos.create({ name: "tools.git" }), "name", "reserved"],
    [
      "repos.create public",
      (f) => f.namespace("acme").repos.create({ name: "a", visibility: "public" as never }),
      "visibility",
      "one_of",
    ],
    [
      "repos.create empty defaultBranch",
      (f) => f.namespace("acme").repos.create({ name: "a", defaultBranch: "" }),
      "defaultBranch",
      "min_length",
    ],
    ["addRepos without ids", (f) => f.namespace("acme").installations.addRepos("inst_1", []), "repoIds", "min_items"],
    [
      "addRepos empty id",
      (f) => f.namespace("acme").installations.addRepos("inst_1", [""]),
      "repoIds[0]",
      "min_length",
    ],
    [
      "addRepos not a list",
      (f) => f.namespace("acme").installations.addRepos("inst_1", "repo_0001" as never),
      "repoIds",
      "type",
    ],
    [
      "addRepos without installation",
      (f) => f.namespace("acme").installations.addRepos("", ["repo_0001"]),
      "installationId",
      "required",
    ],
  ])("%s", async (_name, call, path, rule) => {
    const { forge, fake, appId } = await setup();
    const before = fake.requests.length;
    const error = await failure(() => call(forge, appId), ValidationError);
    expect(error).toMatchObject({ path, rule, direction: "request" });
    expect(fake.requests.length).toBe(before);
  });

  it("apps.create checks events and webhookUrl once the key is a public key", async () => {
    const { forge, fake } = await setup();
    const { publicKey } = await generateAppKeyPair();
    const before = fake.requests.length;
    const acme = forge.namespace("acme");
    await expect(acme.apps.create({ displayName: "x", publicKey, events: "ping" as never })).rejects.toMatchObject({
      path: "events",
      rule: "type",
    });
    await expect(acme.apps.create({ displayName: "x", publicKey, webhookUrl: "nope" })).rejects.toMatchObject({
      path: "webhookUrl",
      rule: "http_url",
    });
    const leaked = await failure(() => acme.apps.create({ displayName: "x", publicKey: PRIVATE_PEM }), ValidationError);
    expect(leaked.message).not.toContain("MC4CAQ");
    expect(fake.requests.length).toBe(before);
  });
});
