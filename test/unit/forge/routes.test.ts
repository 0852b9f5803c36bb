import { describe, expect, it } from "vitest";
import {
  FORGE_ROUTES,
  FORGE_USER_ONLY_SCOPES,
  type ForgeRouteName,
  fillForgePath,
  repoPath,
  resolveForgeRoutes,
} from "../../../src/forge/routes.js";

const R = "/repos/{owner}/{repo}";
const PULL = `${R}/pulls/{pullNumber}`;

// Every operation row of the spec's two endpoint tables, with the routes that implement it. `path` is the
// spec's path in the table's notation ({o}/{r} written {owner}/{repo}); `null` where the spec shows none.
type Row = [specRow: string, name: ForgeRouteName, method: string, path: string | null];
const SPEC_ROWS: Row[] = [
  // Fully described operations
  ["GET /rate_limit", "rateLimit", "GET", "/rate_limit"],
  ["GET /app", "getApp", "GET", "/app"],
  ["GET /app/installations", "listInstallations", "GET", "/app/installations"],
  ["GET /app/installations/{installationId}", "getInstallation", "GET", "/app/installations/{installationId}"],
  ["DELETE /app/installations/{installationId}", "deleteInstallation", "DELETE", "/app/installations/{installationId}"],
  [
    "POST /app/installations/{installationId}/access_tokens",
    "createInstallationToken",
    "POST",
    "/app/installations/{installationId}/access_tokens",
  ],
  ["GET /installation/repos", "listInstallationRepos", "GET", "/installation/repos"],
  ["GET /app/webhook/deliveries", "listWebhookDeliveries", "GET", "/app/webhook/deliveries"],
  [
    "POST /app/webhook/deliveries:batchRedeliver",
    "redeliverWebhooks",
    "POST",
    "/app/webhook/deliveries:batchRedeliver",
  ],
  ["POST /app/webhook/pings", "pingWebhook", "POST", "/app/webhook/pings"],
  ["GET /apps/{appId}", "getAppById", "GET", "/apps/{appId}"],
  ["PATCH /apps/{appId}", "updateApp", "PATCH", "/apps/{appId}"],
  ["POST /apps/{appId}/signing_keys", "createSigningKey", "POST", "/apps/{appId}/signing_keys"],
  // Operations known by behavior only
  ["POST /namespaces/{namespaceSlug}/apps", "createNamespaceApp", "POST", "/namespaces/{namespaceSlug}/apps"],
  ["GET /namespaces/{namespaceSlug}/apps", "listNamespaceApps", "GET", "/namespaces/{namespaceSlug}/apps"],
  ["DELETE /apps/{appId}/signing_keys/{kid}", "deleteSigningKey", "DELETE", "/apps/{appId}/signing_keys/{kid}"],
  [
    "POST /namespaces/{namespaceSlug}/installations/{installationId}/repos",
    "addInstallationRepos",
    "POST",
    "/namespaces/{namespaceSlug}/installations/{installationId}/repos",
  ],
  ["GET /repos/{o}/{r}/grants", "listRepoGrants", "GET", `${R}/grants`],
  ["POST /repos/{o}/{r}/grants", "upsertRepoGrant", "POST", `${R}/grants`],
  ["DELETE /repos/{o}/{r}/grants", "deleteRepoGrant", "DELETE", `${R}/grants`],
  ["GET /owners/{ownerSlug}/grants", "listOwnerGrants", "GET", "/owners/{ownerSlug}/grants"],
  ["POST /owners/{ownerSlug}/grants", "upsertOwnerGrant", "POST", "/owners/{ownerSlug}/grants"],
  ["DELETE /owners/{ownerSlug}/grants", "deleteOwnerGrant", "DELETE", "/owners/{ownerSlug}/grants"],
  ["PATCH /repos/{o}/{r}", "updateRepoSettings", "PATCH", R],
  ["POST /repos/{o}/{r}/mirror:transition", "transitionMirror", "POST", `${R}/mirror:transition`],
  ["POST /repos/{o}/{r}/mirror:forceCutover", "forceMirrorCutover", "POST", `${R}/mirror:forceCutover`],
  ["DELETE /repos/{o}/{r}/mirror", "detachMirror", "DELETE", `${R}/mirror`],
  [
    "GET /repos/{o}/{r}/mirror/transition-jobs/{jobId}",
    "getTransitionJob",
    "GET",
    `${R}/mirror/transition-jobs/{jobId}`,
  ],
  [
    "GET /repos/{o}/{r}/mirror/transition-jobs:active",
    "getActiveTransitionJobs",
    "GET",
    `${R}/mirror/transition-jobs:active`,
  ],
  ["POST /repos/{o}/{r}:syncMirror", "syncMirror", "POST", `${R}:syncMirror`],
  ["GET /repos/{o}/{r}/tarball/{ref}", "getTarball", "GET", `${R}/tarball/{ref}`],
  ["GET /repos/{o}/{r}/compare/{basehead}/files", "listCompareFiles", "GET", `${R}/compare/{basehead}/files`],
  ["POST /repos/{o}/{r}:grep", "grep", "POST", `${R}:grep`],
  ["POST /repos/{o}/{r}/git/refs", "createRef", "POST", `${R}/git/refs`],
  ["DELETE /repos/{o}/{r}/git/refs/{ref}", "deleteRef", "DELETE", `${R}/git/refs/{ref}`],
  [
    "POST /repos/{o}/{r}/git/commits:createFromFiles",
    "createCommitFromFiles",
    "POST",
    `${R}/git/commits:createFromFiles`,
  ],
  ["GET /repos/{o}/{r}/git/matching-refs", "listMatchingRefs", "GET", `${R}/git/matching-refs`],
  ["Get Git Ref", "getRef", "GET", null],
  ["POST /repos/{o}/{r}/pulls", "createPull", "POST", `${R}/pulls`],
  ["GET /repos/{o}/{r}/pulls", "listPulls", "GET", `${R}/pulls`],
  ["GET /repos/{o}/{r}/pulls/{pullNumber}", "getPull", "GET", PULL],
  ["PATCH /repos/{o}/{r}/pulls/{pullNumber}", "updatePull", "PATCH", PULL],
  ["GET /repos/{o}/{r}/pulls/{pullNumber}/mergeability", "getMergeability", "GET", `${PULL}/mergeability`],
  ["Merge Pull Request", "mergePull", "PUT", null],
  ["Comments: create", "createComment", "POST", null],
  ["Comments: list", "listComments", "GET", null],
  ["Comments: get", "getComment", "GET", null],
  ["Comments: update", "updateComment", "PATCH", null],
  ["DELETE /pulls/comments/{commentId}", "deleteComment", "DELETE", `${R}/pulls/comments/{commentId}`],
  ["PATCH /pulls/threads/{threadId}", "updateThread", "PATCH", `${R}/pulls/threads/{threadId}`],
  ["Create Pull Request Review", "createReview", "POST", null],
  ["GET /pulls/{pullNumber}/requested_reviewers", "listReviewers", "GET", `${PULL}/requested_reviewers`],
  ["POST /pulls/{pullNumber}/requested_reviewers", "requestReviewers", "POST", `${PULL}/requested_reviewers`],
  ["DELETE /pulls/{pullNumber}/requested_reviewers", "removeReviewers", "DELETE", `${PULL}/requested_reviewers`],
  ["GET /pulls/{pullNumber}/labels", "listPullLabels", "GET", `${PULL}/labels`],
  ["POST /pulls/{pullNumber}/labels", "addPullLabels", "POST", `${PULL}/labels`],
  ["PUT /pulls/{pullNumber}/labels", "replacePullLabels", "PUT", `${PULL}/labels`],
  ["DELETE /pulls/{pullNumber}/labels", "removeAllPullLabels", "DELETE", `${PULL}/labels`],
  ["DELETE .../labels/{labelName}", "removePullLabel", "DELETE", `${PULL}/labels/{labelName}`],
  ["GET /repos/{o}/{r}/labels", "listLabels", "GET", `${R}/labels`],
  ["POST /repos/{o}/{r}/labels", "createLabel", "POST", `${R}/labels`],
  ["GET .../labels/{labelName}", "getLabel", "GET", `${R}/labels/{labelName}`],
  ["PATCH .../labels/{labelName}", "updateLabel", "PATCH", `${R}/labels/{labelName}`],
  ["DELETE .../labels/{labelName}", "deleteLabel", "DELETE", `${R}/labels/{labelName}`],
  ["GET /repos/{o}/{r}/rulesets", "listRulesets", "GET", `${R}/rulesets`],
  ["POST /repos/{o}/{r}/rulesets", "createRuleset", "POST", `${R}/rulesets`],
  ["GET .../rulesets/{rulesetId}", "getRuleset", "GET", `${R}/rulesets/{rulesetId}`],
  ["PUT .../rulesets/{rulesetId}", "replaceRuleset", "PUT", `${R}/rulesets/{rulesetId}`],
  ["DELETE .../rulesets/{rulesetId}", "deleteRuleset", "DELETE", `${R}/rulesets/{rulesetId}`],
  ["Post Check Run", "postCheckRun", "POST", null],
  ["Batch Upsert Check Runs", "batchUpsertCheckRuns", "POST", null],
  ["Get Check Run", "getCheckRun", "GET", null],
  ["Get Check Suite", "getCheckSuite", "GET", null],
  ["List Check Suites For Commit", "listCheckSuitesForCommit", "GET", null],
  ["List Check Runs For Commit", "listCheckRunsForCommit", "GET", null],
  ["List Check Runs For Suite", "listCheckRunsForSuite", "GET", null],
  [
    "GET /repos/{o}/{r}/check-runs/{checkRunId}/annotations",
    "listAnnotations",
    "GET",
    `${R}/check-runs/{checkRunId}/annotations`,
  ],
  [
    "POST /repos/{o}/{r}/check-runs/{checkRunId}/annotations",
    "appendAnnotations",
    "POST",
    `${R}/check-runs/{checkRunId}/annotations`,
  ],
  [
    "POST /repos/{o}/{r}/check-runs/{checkRunId}/rerequest",
    "rerequestCheckRun",
    "POST",
    `${R}/check-runs/{checkRunId}/rerequest`,
  ],
  // Named by the spec without a path ("Paths of … not shown", Limits, Scopes)
  ["Get Repo", "getRepo", "GET", null],
  ["Create Repo", "createRepo", "POST", null],
  ["List Repos", "listRepos", "GET", null],
  ["Get Commit", "getCommit", "GET", null],
  ["List Commit Files", "listCommitFiles", "GET", null],
  ["Get Contents", "getContents", "GET", null],
  ["Get Tree", "getTree", "GET", null],
  ["List Pull Request Files", "listPullFiles", "GET", null],
  ["pull_requests:read: commits", "listPullCommits", "GET", null],
  ["list reviews", "listReviews", "GET", null],
  ["get review", "getReview", "GET", null],
  ["delete review", "deleteReview", "DELETE", null],
  ["reviews:write: dismissals", "dismissReview", "PUT", null],
  // Discovery and keys
  [
    "GET {base_url}/v1/forge/.well-known/openid-configuration",
    "getOpenIdConfiguration",
    "GET",
    "/.well-known/openid-configuration",
  ],
  ["GET {base_url}/v1/forge/keys", "getKeys", "GET", "/keys"],
];

const routes: Record<string, (typeof FORGE_ROUTES)[ForgeRouteName]> = FORGE_ROUTES;

describe("FORGE_ROUTES", () => {
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
    expect(Object.keys(FORGE_ROUTES).sort()).toEqual([...new Set(SPEC_ROWS.map((row) => row[1]))].sort());
    const shapes = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it("charges the costs the spec lists", () => {
    const byCost = (cost: number) =>
      Object.entries(routes)
        .filter(([, r]) => r.cost === cost)
        .map(([name]) => name)
        .sort();
    expect(byCost(0)).toEqual(["getKeys", "getOpenIdConfiguration", "rateLimit"]);
    expect(byCost(10)).toEqual(
      [
        "createNamespaceApp",
        "createRepo",
        "createCommitFromFiles",
        "mergePull",
        "getMergeability",
        "transitionMirror",
        "forceMirrorCutover",
      ].sort(),
    );
    // Heavier reads, named in Limits.
    for (const name of ["getCommit", "listCommitFiles", "listCompareFiles", "listPullFiles", "getTarball", "grep"]) {
      expect(routes[name]?.cost, name).toBe(5);
    }
    expect(routes.createInstallationToken?.cost).toBe(1);
    // Costs stated in the tables' rows.
    const stated: Record<string, number> = {
      getAppById: 1,
      updateApp: 5,
      createSigningKey: 5,
      deleteSigningKey: 5,
      listNamespaceApps: 1,
      addInstallationRepos: 5,
      listRepoGrants: 1,
      upsertRepoGrant: 5,
      deleteRepoGrant: 5,
      listOwnerGrants: 1,
      upsertOwnerGrant: 5,
      deleteOwnerGrant: 5,
      updateRepoSettings: 5,
      detachMirror: 5,
      getTransitionJob: 1,
      getActiveTransitionJobs: 1,
      createRef: 5,
      deleteRef: 5,
      deleteComment: 5,
      rerequestCheckRun: 5,
    };
    for (const [name, cost] of Object.entries(stated)) expect(routes[name]?.cost, name).toBe(cost);
    // Everything else: most reads 1, ordinary writes 5.
    for (const [name, route] of Object.entries(routes)) {
      if (route.cost === 0 || route.cost === 10 || name in stated || name === "createInstallationToken") continue;
      if (route.method !== "GET" && name !== "grep") expect(route.cost, name).toBe(5);
    }
  });

  it("classes retries as the spec says", () => {
    const byClass = (value: boolean | string) =>
      Object.entries(routes)
        .filter(([, r]) => r.idempotent === value)
        .map(([name]) => name);
    expect(byClass("with-expected-head-sha").sort()).toEqual(["createCommitFromFiles", "mergePull"]);
    for (const name of ["appendAnnotations", "createReview", "dismissReview", "deleteReview", "createPull"]) {
      expect(routes[name]?.idempotent, name).toBe(false);
    }
    for (const name of [
      "postCheckRun",
      "batchUpsertCheckRuns",
      "createRef",
      "updateThread",
      "deleteRepoGrant",
      "detachMirror",
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
    expect(routes.transitionMirror?.scope).toBe("repository:mirror:write");
    expect(routes.createRepo?.scope).toBe("namespace:repositories:create");
    expect(routes.getAppById?.scope).toBe("namespace:apps:read");
    expect(routes.mergePull?.scope).toBe("repository:contents:write");
    expect(routes.listInstallations?.credentials).toEqual(["app"]);
    expect(routes.listInstallationRepos?.credentials).toEqual(["installation"]);
    expect(routes.rateLimit?.credentials).toEqual(["app", "installation", "user"]);
  });
});

describe("resolveForgeRoutes", () => {
  it("applies overrides and clears `assumed` on them only", () => {
    const resolved = resolveForgeRoutes({
      mergePull: { method: "POST", path: "/repos/{owner}/{repo}/pulls/{pullNumber}:merge" },
    });
    expect(resolved.mergePull).toMatchObject({ method: "POST", assumed: false, cost: 10 });
    expect(resolved.postCheckRun.assumed).toBe(true);
    expect(FORGE_ROUTES.mergePull.method).toBe("PUT");
    expect(resolveForgeRoutes(undefined)).toEqual(FORGE_ROUTES);
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
    const pull = fillForgePath(FORGE_ROUTES.removePullLabel.path, { pullNumber: "7", labelName: "a/b" }, { id: "r1" });
    expect(pull).toBe("/repos/_/r1/pulls/7/labels/a%2Fb");
    const ref = fillForgePath(FORGE_ROUTES.deleteRef.path, { owner: "acme", repo: "w", ref: "heads/feat/x y" });
    expect(ref).toBe("/repos/acme/w/git/refs/heads/feat/x%20y");
    expect(() => fillForgePath(FORGE_ROUTES.getPull.path, {}, { owner: "a", repo: "b" })).toThrow(/pullNumber/);
  });
});
