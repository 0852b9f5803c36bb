import { describe, expect, it } from "vitest";
import { resolveOperations } from "../../../src/core/operation-routes.js";
import { FORGE_OPERATIONS, FORGE_USER_ONLY_SCOPES, type ForgeOperationName } from "../../../src/forge/operations.js";
import { fillForgePath, repoPath } from "../../../src/forge/repo-ref.js";

const R = "/repos/{owner}/{repo}";
const PULL = `${R}/pulls/{pullNumber}`;

// Every operation row of the spec's two endpoint tables, with the routes that implement it. `path` is the
// spec's path in the table's notation ({o}/{r} written {owner}/{repo}); `null` where the spec shows none.
type Row = [specRow: string, name: ForgeOperationName, method: string, path: string | null];
const SPEC_ROWS: Row[] = [
  // Fully described operations
  ["GET /rate_limit", "rateLimit", "GET", "/rate_limit"],
  ["GET /app", "getApp", "GET", "/app"],
  ["GET /app/installations", "installations.list", "GET", "/app/installations"],
  ["GET /app/installations/{installationId}", "installations.get", "GET", "/app/installations/{installationId}"],
  [
    "DELETE /app/installations/{installationId}",
    "installations.delete",
    "DELETE",
    "/app/installations/{installationId}",
  ],
  [
    "POST /app/installations/{installationId}/access_tokens",
    "installationToken",
    "POST",
    "/app/installations/{installationId}/access_tokens",
  ],
  ["GET /installation/repos", "installationRepos.list", "GET", "/installation/repos"],
  ["GET /app/webhook/deliveries", "webhooks.deliveries.list", "GET", "/app/webhook/deliveries"],
  [
    "POST /app/webhook/deliveries:batchRedeliver",
    "webhooks.redeliver",
    "POST",
    "/app/webhook/deliveries:batchRedeliver",
  ],
  ["POST /app/webhook/pings", "webhooks.ping", "POST", "/app/webhook/pings"],
  ["GET /apps/{appId}", "apps.get", "GET", "/apps/{appId}"],
  ["PATCH /apps/{appId}", "apps.update", "PATCH", "/apps/{appId}"],
  ["POST /apps/{appId}/signing_keys", "apps.signingKeys.create", "POST", "/apps/{appId}/signing_keys"],
  // Operations known by behavior only
  ["POST /namespaces/{namespaceSlug}/apps", "namespace.apps.create", "POST", "/namespaces/{namespaceSlug}/apps"],
  ["GET /namespaces/{namespaceSlug}/apps", "namespace.apps.list", "GET", "/namespaces/{namespaceSlug}/apps"],
  ["DELETE /apps/{appId}/signing_keys/{kid}", "apps.signingKeys.delete", "DELETE", "/apps/{appId}/signing_keys/{kid}"],
  [
    "POST /namespaces/{namespaceSlug}/installations/{installationId}/repos",
    "namespace.installations.addRepos",
    "POST",
    "/namespaces/{namespaceSlug}/installations/{installationId}/repos",
  ],
  ["GET /repos/{o}/{r}/grants", "repo.grants.list", "GET", `${R}/grants`],
  ["POST /repos/{o}/{r}/grants", "repo.grants.upsert", "POST", `${R}/grants`],
  ["DELETE /repos/{o}/{r}/grants", "repo.grants.delete", "DELETE", `${R}/grants`],
  ["GET /owners/{ownerSlug}/grants", "owner.grants.list", "GET", "/owners/{ownerSlug}/grants"],
  ["POST /owners/{ownerSlug}/grants", "owner.grants.upsert", "POST", "/owners/{ownerSlug}/grants"],
  ["DELETE /owners/{ownerSlug}/grants", "owner.grants.delete", "DELETE", "/owners/{ownerSlug}/grants"],
  ["PATCH /repos/{o}/{r}", "repo.update", "PATCH", R],
  ["POST /repos/{o}/{r}/mirror:transition", "mirror.transition", "POST", `${R}/mirror:transition`],
  ["POST /repos/{o}/{r}/mirror:forceCutover", "mirror.forceCutover", "POST", `${R}/mirror:forceCutover`],
  ["DELETE /repos/{o}/{r}/mirror", "mirror.detach", "DELETE", `${R}/mirror`],
  ["GET /repos/{o}/{r}/mirror/transition-jobs/{jobId}", "mirror.job", "GET", `${R}/mirror/transition-jobs/{jobId}`],
  [
    "GET /repos/{o}/{r}/mirror/transition-jobs:active",
    "mirror.activeJobs",
    "GET",
    `${R}/mirror/transition-jobs:active`,
  ],
  ["POST /repos/{o}/{r}:syncMirror", "mirror.sync", "POST", `${R}:syncMirror`],
  ["GET /repos/{o}/{r}/tarball/{ref}", "contents.tarball", "GET", `${R}/tarball/{ref}`],
  ["GET /repos/{o}/{r}/compare/{basehead}/files", "contents.compareFiles", "GET", `${R}/compare/{basehead}/files`],
  ["POST /repos/{o}/{r}:grep", "contents.grep", "POST", `${R}:grep`],
  ["POST /repos/{o}/{r}/git/refs", "git.createRef", "POST", `${R}/git/refs`],
  ["DELETE /repos/{o}/{r}/git/refs/{ref}", "git.deleteRef", "DELETE", `${R}/git/refs/{ref}`],
  [
    "POST /repos/{o}/{r}/git/commits:createFromFiles",
    "git.createFromFiles",
    "POST",
    `${R}/git/commits:createFromFiles`,
  ],
  ["GET /repos/{o}/{r}/git/matching-refs", "git.matchingRefs", "GET", `${R}/git/matching-refs`],
  ["Get Git Ref", "git.getRef", "GET", null],
  ["POST /repos/{o}/{r}/pulls", "pulls.create", "POST", `${R}/pulls`],
  ["GET /repos/{o}/{r}/pulls", "pulls.list", "GET", `${R}/pulls`],
  ["GET /repos/{o}/{r}/pulls/{pullNumber}", "pulls.get", "GET", PULL],
  ["PATCH /repos/{o}/{r}/pulls/{pullNumber}", "pulls.update", "PATCH", PULL],
  ["GET /repos/{o}/{r}/pulls/{pullNumber}/mergeability", "pulls.mergeability", "GET", `${PULL}/mergeability`],
  ["Merge Pull Request", "pulls.merge", "PUT", null],
  ["Comments: create", "comments.create", "POST", null],
  ["Comments: list", "comments.list", "GET", null],
  ["Comments: get", "comments.get", "GET", null],
  ["Comments: update", "comments.update", "PATCH", null],
  ["DELETE /pulls/comments/{commentId}", "comments.delete", "DELETE", `${R}/pulls/comments/{commentId}`],
  ["PATCH /pulls/threads/{threadId}", "threads.update", "PATCH", `${R}/pulls/threads/{threadId}`],
  ["Create Pull Request Review", "reviews.create", "POST", null],
  ["GET /pulls/{pullNumber}/requested_reviewers", "reviewers.list", "GET", `${PULL}/requested_reviewers`],
  ["POST /pulls/{pullNumber}/requested_reviewers", "reviewers.request", "POST", `${PULL}/requested_reviewers`],
  ["DELETE /pulls/{pullNumber}/requested_reviewers", "reviewers.remove", "DELETE", `${PULL}/requested_reviewers`],
  ["GET /pulls/{pullNumber}/labels", "pullLabels.list", "GET", `${PULL}/labels`],
  ["POST /pulls/{pullNumber}/labels", "pullLabels.add", "POST", `${PULL}/labels`],
  ["PUT /pulls/{pullNumber}/labels", "pullLabels.replace", "PUT", `${PULL}/labels`],
  ["DELETE /pulls/{pullNumber}/labels", "pullLabels.removeAll", "DELETE", `${PULL}/labels`],
  ["DELETE .../labels/{labelName}", "pullLabels.remove", "DELETE", `${PULL}/labels/{labelName}`],
  ["GET /repos/{o}/{r}/labels", "labels.list", "GET", `${R}/labels`],
  ["POST /repos/{o}/{r}/labels", "labels.create", "POST", `${R}/labels`],
  ["GET .../labels/{labelName}", "labels.get", "GET", `${R}/labels/{labelName}`],
  ["PATCH .../labels/{labelName}", "labels.update", "PATCH", `${R}/labels/{labelName}`],
  ["DELETE .../labels/{labelName}", "labels.delete", "DELETE", `${R}/labels/{labelName}`],
  ["GET /repos/{o}/{r}/rulesets", "rulesets.list", "GET", `${R}/rulesets`],
  ["POST /repos/{o}/{r}/rulesets", "rulesets.create", "POST", `${R}/rulesets`],
  ["GET .../rulesets/{rulesetId}", "rulesets.get", "GET", `${R}/rulesets/{rulesetId}`],
  ["PUT .../rulesets/{rulesetId}", "rulesets.replace", "PUT", `${R}/rulesets/{rulesetId}`],
  ["DELETE .../rulesets/{rulesetId}", "rulesets.delete", "DELETE", `${R}/rulesets/{rulesetId}`],
  ["Post Check Run", "checkRuns.post", "POST", null],
  ["Batch Upsert Check Runs", "checkRuns.batchUpsert", "POST", null],
  ["Get Check Run", "checkRuns.get", "GET", null],
  ["Get Check Suite", "checkSuites.get", "GET", null],
  ["List Check Suites For Commit", "checkSuites.listForCommit", "GET", null],
  ["List Check Runs For Commit", "checkRuns.listForCommit", "GET", null],
  ["List Check Runs For Suite", "checkSuites.runs", "GET", null],
  [
    "GET /repos/{o}/{r}/check-runs/{checkRunId}/annotations",
    "checkRuns.annotations",
    "GET",
    `${R}/check-runs/{checkRunId}/annotations`,
  ],
  [
    "POST /repos/{o}/{r}/check-runs/{checkRunId}/annotations",
    "checkRuns.appendAnnotations",
    "POST",
    `${R}/check-runs/{checkRunId}/annotations`,
  ],
  [
    "POST /repos/{o}/{r}/check-runs/{checkRunId}/rerequest",
    "checkRuns.rerequest",
    "POST",
    `${R}/check-runs/{checkRunId}/rerequest`,
  ],
  // Named by the spec without a path ("Paths of … not shown", Limits, Scopes)
  ["Get Repo", "repo.get", "GET", null],
  ["Create Repo", "namespace.repos.create", "POST", null],
  ["List Repos", "namespace.repos.list", "GET", null],
  ["Get Commit", "commits.get", "GET", null],
  ["List Commit Files", "commits.files", "GET", null],
  ["Get Contents", "contents.get", "GET", null],
  ["Get Tree", "git.tree", "GET", null],
  ["List Pull Request Files", "pulls.files", "GET", null],
  ["pull_requests:read: commits", "pulls.commits", "GET", null],
  ["list reviews", "reviews.list", "GET", null],
  ["get review", "reviews.get", "GET", null],
  ["delete review", "reviews.delete", "DELETE", null],
  ["reviews:write: dismissals", "reviews.dismiss", "PUT", null],
  // Discovery and keys
  [
    "GET {base_url}/v1/forge/.well-known/openid-configuration",
    "discovery.openidConfiguration",
    "GET",
    "/.well-known/openid-configuration",
  ],
  ["GET {base_url}/v1/forge/keys", "discovery.keys", "GET", "/keys"],
];

const routes: Record<string, (typeof FORGE_OPERATIONS)[ForgeOperationName]> = FORGE_OPERATIONS;

describe("FORGE_OPERATIONS", () => {
  it.each(SPEC_ROWS)("%s → %s", (_row, name, method, path) => {
    const route = routes[name];
    expect(route, name).toBeDefined();
    expect(route?.method).toBe(method);
    if (path === null) {
      expect(route?.assumed).toBe(true);
      expect(route?.path.startsWith("/")).toBe(true);
    } else {
      expect(route?.path).toBe(path);
      expect(route?.assumed).toBeUndefined();
    }
  });

  it("has no route the spec rows above do not account for, and no two routes share method and path", () => {
    expect(Object.keys(FORGE_OPERATIONS).sort()).toEqual([...new Set(SPEC_ROWS.map((row) => row[1]))].sort());
    const shapes = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it("charges the costs the spec lists", () => {
    const byCost = (cost: number) =>
      Object.entries(routes)
        .filter(([, r]) => r.cost === cost)
        .map(([name]) => name)
        .sort();
    expect(byCost(0)).toEqual(["discovery.keys", "discovery.openidConfiguration", "rateLimit"]);
    expect(byCost(10)).toEqual(
      [
        "namespace.apps.create",
        "namespace.repos.create",
        "git.createFromFiles",
        "pulls.merge",
        "pulls.mergeability",
        "mirror.transition",
        "mirror.forceCutover",
      ].sort(),
    );
    // Heavier reads, named in Limits.
    for (const name of [
      "commits.get",
      "commits.files",
      "contents.compareFiles",
      "pulls.files",
      "contents.tarball",
      "contents.grep",
    ]) {
      expect(routes[name]?.cost, name).toBe(5);
    }
    expect(routes.installationToken?.cost).toBe(1);
    // Costs stated in the tables' rows.
    const stated: Record<string, number> = {
      "apps.get": 1,
      "apps.update": 5,
      "apps.signingKeys.create": 5,
      "apps.signingKeys.delete": 5,
      "namespace.apps.list": 1,
      "namespace.installations.addRepos": 5,
      "repo.grants.list": 1,
      "repo.grants.upsert": 5,
      "repo.grants.delete": 5,
      "owner.grants.list": 1,
      "owner.grants.upsert": 5,
      "owner.grants.delete": 5,
      "repo.update": 5,
      "mirror.detach": 5,
      "mirror.job": 1,
      "mirror.activeJobs": 1,
      "git.createRef": 5,
      "git.deleteRef": 5,
      "comments.delete": 5,
      "checkRuns.rerequest": 5,
    };
    for (const [name, cost] of Object.entries(stated)) expect(routes[name]?.cost, name).toBe(cost);
    // Everything else: most reads 1, ordinary writes 5.
    for (const [name, route] of Object.entries(routes)) {
      if (route.cost === 0 || route.cost === 10 || name in stated || name === "installationToken") continue;
      if (route.method !== "GET" && name !== "contents.grep") expect(route.cost, name).toBe(5);
    }
  });

  it("classes retries as the spec says", () => {
    // A rule over the body: repeated only with `expectedHeadSha`.
    const byRule = Object.entries(routes)
      .filter(([, r]) => typeof r.idempotent === "function")
      .map(([name]) => name);
    expect(byRule.sort()).toEqual(["git.createFromFiles", "pulls.merge"]);
    const merge = FORGE_OPERATIONS["pulls.merge"].idempotent;
    expect([merge({}), merge({ expectedHeadSha: "a".repeat(40) })]).toEqual([false, true]);
    for (const name of [
      "checkRuns.appendAnnotations",
      "reviews.create",
      "reviews.dismiss",
      "reviews.delete",
      "pulls.create",
    ]) {
      expect(routes[name]?.idempotent, name).toBe(false);
    }
    for (const name of [
      "checkRuns.post",
      "checkRuns.batchUpsert",
      "git.createRef",
      "threads.update",
      "repo.grants.delete",
      "mirror.detach",
    ]) {
      expect(routes[name]?.idempotent, name).toBe(true);
    }
    for (const route of Object.values(routes)) if (route.method === "GET") expect(route.idempotent).toBe(true);
  });

  it("flags user-only scopes and keeps them off app and installation credentials", () => {
    for (const [name, route] of Object.entries(routes)) {
      const userOnly = route.scope !== undefined && FORGE_USER_ONLY_SCOPES.has(route.scope);
      expect(route.userOnlyScope === true, name).toBe(userOnly);
      if (userOnly) expect(route.credentials, name).toEqual(["user"]);
    }
    expect(routes["mirror.transition"]?.scope).toBe("repository:mirror:write");
    expect(routes["namespace.repos.create"]?.scope).toBe("namespace:repositories:create");
    expect(routes["apps.get"]?.scope).toBe("namespace:apps:read");
    expect(routes["pulls.merge"]?.scope).toBe("repository:contents:write");
    expect(routes["installations.list"]?.credentials).toEqual(["app"]);
    expect(routes["installationRepos.list"]?.credentials).toEqual(["installation"]);
    expect(routes.rateLimit?.credentials).toEqual(["app", "installation", "user"]);
  });
});

describe("routes overrides (resolveOperations over FORGE_OPERATIONS)", () => {
  it("applies overrides and clears `assumed` on them only", () => {
    const resolved = resolveOperations(
      FORGE_OPERATIONS,
      {
        "pulls.merge": { method: "POST", path: "/repos/{owner}/{repo}/pulls/{pullNumber}:merge" },
      },
      "ForgeClient",
    );
    expect(resolved["pulls.merge"]).toMatchObject({ method: "POST", assumed: false, cost: 10 });
    expect(resolved["checkRuns.post"].assumed).toBe(true);
    expect(FORGE_OPERATIONS["pulls.merge"].method).toBe("PUT");
    expect(resolveOperations(FORGE_OPERATIONS, undefined, "ForgeClient")).toBe(FORGE_OPERATIONS);
  });
});

describe("repoPath and fillForgePath", () => {
  it("turns slugs or an id into the repository segment", () => {
    expect(repoPath({ owner: "acme", repo: "widgets" })).toBe("acme/widgets");
    expect(repoPath({ id: "repo 42" })).toBe("_/repo%2042");
    expect(() => repoPath({ owner: "_", repo: "x" })).toThrow(/reserved/);
    expect(() => repoPath({ owner: "", repo: "x" })).toThrow(/repository.owner/);
  });

  it("fills placeholders, keeping slashes inside refs and paths only", () => {
    const pull = fillForgePath(
      FORGE_OPERATIONS["pullLabels.remove"].path,
      { pullNumber: "7", labelName: "a/b" },
      { id: "r1" },
    );
    expect(pull).toBe("/repos/_/r1/pulls/7/labels/a%2Fb");
    const ref = fillForgePath(FORGE_OPERATIONS["git.deleteRef"].path, {
      owner: "acme",
      repo: "w",
      ref: "heads/feat/x y",
    });
    expect(ref).toBe("/repos/acme/w/git/refs/heads/feat/x%20y");
    expect(() => fillForgePath(FORGE_OPERATIONS["pulls.get"].path, {}, { owner: "a", repo: "b" })).toThrow(
      /pullNumber/,
    );
  });
});
