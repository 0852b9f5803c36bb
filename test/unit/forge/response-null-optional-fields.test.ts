import { describe, expect, it } from "vitest";
import { ForgeClient } from "../../../src/forge/forge-client.js";
import { FORGE_OPERATIONS } from "../../../src/forge/operations.js";
import { type NullCase, sweepEnums, sweepExtras, sweepNulls } from "../admin/response-null-sweep.js";

// Every Code Forge operation with a JSON answer, answered with a body built from spec/forge-api.md (what it names;
// "not shown" field lists filled with the fields the spec names elsewhere), through the operation table's response
// schema, by a plain `fetch`. The forge writes proto3-style JSON: "Fields described as optional stay absent when
// unset" — a server (or proxy) that writes such a field as `null` means the same, so `null` reads as absent (a
// defaulted field, such as an empty `nextPageToken`, reads as its default). The spec types no forge field as nullable.
// Unknown enum values and unknown fields pass through ("Clients ignore unknown JSON fields and unknown enum values").

const T = "2026-11-21T12:00:00Z";
const SHA = "a".repeat(40);
const owner = () => ({ slug: "acme", id: "ns_1", type: "team" });
const user = () => ({ user: { id: "user_1", email: "a@example.com", displayName: "A", handle: "a" } });
const appActor = () => ({ app: { id: "app_1", displayName: "Bot" } });
const repoRef = () => ({ id: "repo_1", name: "r", fullName: "acme/r", owner: owner() });
const pullRef = () => ({ id: "pr_1", number: "1", repository: repoRef() });
const app = () => ({
  id: "app_1",
  displayName: "A",
  webhookUrl: "https://h.example/w",
  events: ["ping"],
  createdAt: T,
  updatedAt: T,
  installationRedirectUris: ["https://h.example/cb"],
  namespaceSlug: "acme",
  description: "d",
  websiteUrl: "https://h.example",
  defaultScopes: ["repository:contents:read"],
});
const installation = () => ({
  id: "inst_1",
  appId: "app_1",
  target: owner(),
  createdAt: T,
  updatedAt: T,
  repoSelectionMode: "selected",
  scopes: ["repository:contents:read"],
  installedBy: { id: "user_1", email: "a@example.com", displayName: "A", handle: "a" },
  suspendedAt: T,
  deletedAt: T,
});
const mirror = () => ({ source: "github", sourceId: "1", status: "inbound" });
const repository = () => ({
  id: "repo_1",
  name: "r",
  fullName: "acme/r",
  owner: owner(),
  defaultBranch: "main",
  mirror: mirror(),
  visibility: "private",
  allowMergeCommit: true,
  allowSquashMerge: true,
  deleteBranchOnMerge: false,
  createdAt: T,
  updatedAt: T,
  pushedAt: T,
  cloneUrl: "https://git.example/acme/r.git",
});
const budget = () => ({ limit: 3000, remaining: 2999, reset: 1_800_000_000, used: 1 });
const delivery = () => ({
  id: "d_1",
  event: { id: "e_1", type: "ping" },
  installation: { id: "inst_1", target: owner() },
  createdAt: T,
  deliveredAt: T,
  lastAttempt: {
    id: "at_1",
    deliveryId: "d_1",
    trigger: "automatic",
    responseStatusCode: 200,
    latencyMs: 5,
    errorMessage: "e",
    attemptedAt: T,
  },
});
const job = () => ({
  id: "job_1",
  transition: "initial_to_inbound",
  status: "running",
  attemptCount: 1,
  lastErrorCode: "c",
  lastErrorMessage: "m",
  phase: "p",
});
const signature = () => ({ name: "A", email: "a@example.com", date: T });
const commit = () => ({
  sha: SHA,
  treeSha: SHA,
  parents: [{ sha: SHA }],
  message: "m",
  author: signature(),
  committer: signature(),
});
const changedFile = () => ({
  path: "b.txt",
  status: "renamed",
  previousPath: "a.txt",
  sha: SHA,
  additions: 1,
  deletions: 1,
  changes: 2,
});
const entry = () => ({ type: "file", name: "a.txt", path: "a.txt", sha: SHA, mode: "100644", size: "1" });
const thread = () => ({
  id: "th_1",
  version: { number: "1", headSha: SHA, baseSha: SHA },
  path: "a.txt",
  side: "RIGHT",
  startLine: 1,
  endLine: 2,
  resolvedAt: T,
  createdAt: T,
  updatedAt: T,
});
const comment = () => ({
  id: "c_1",
  body: "b",
  author: user(),
  thread: thread(),
  pullRequest: pullRef(),
  createdAt: T,
  updatedAt: T,
});
const pull = () => ({
  id: "pr_1",
  number: "1",
  title: "t",
  body: "b",
  state: "open",
  author: user(),
  repository: repoRef(),
  stack: { id: "st_1", parentPullRequest: pullRef() },
  createdAt: T,
  updatedAt: T,
});
const review = () => ({
  id: "rv_1",
  body: "b",
  state: "approved",
  author: user(),
  comments: [comment()],
  // Not shown: what a dismissal holds (an unknown field, kept as sent).
  dismissal: {},
  submittedAt: T,
});
const label = () => ({ id: "l_1", name: "bug", color: "ff0000", description: "d" });
const ruleset = () => ({
  id: "rs_1",
  name: "n",
  description: "d",
  enforcement: "active",
  kind: "merge_branch",
  includedRefNames: ["~DEFAULT_BRANCH"],
  excludedRefNames: ["release/*"],
  // Not shown: the shapes of rules and bypass actors (kept as sent).
  rules: [{}],
  bypassActors: [{}],
});
const checkRun = () => ({
  id: "cr_1",
  name: "ci",
  sha: SHA,
  key: "ci",
  externalId: "x1",
  status: "completed",
  conclusion: "success",
  externalUpdatedAt: T,
  startedAt: T,
  completedAt: T,
  deadlineAt: T,
  isRerequestable: true,
  rerequestedAt: T,
  rerequestedBy: user(),
  actor: appActor(),
  createdAt: T,
  updatedAt: T,
});
const checkSuite = () => ({
  id: "cs_1",
  sha: SHA,
  key: "ci",
  externalId: "x1",
  actor: appActor(),
  createdAt: T,
  updatedAt: T,
});
const page = (key: string, item: () => unknown) => () => ({ [key]: [item()], nextPageToken: "next" });

const RUN_ENUMS = ["status"];
const PULL_ENUMS = ["state"];
/** Each JSON-answering operation: its answer (from the spec) and the paths of its enum fields. */
const BODIES: Record<string, [() => unknown, string[]?]> = {
  rateLimit: [() => ({ resources: { core: budget() }, rate: budget() })],
  getApp: [app],
  "installations.list": [
    page("installations", installation),
    ["installations.0.repoSelectionMode", "installations.0.target.type"],
  ],
  "installations.get": [installation, ["repoSelectionMode", "target.type"]],
  installationToken: [() => ({ token: "oit_x", expiresAt: "2099-01-01T00:00:00Z" })],
  "installationRepos.list": [
    () => ({ repositories: [repository()], nextPageToken: "next", repoSelectionMode: "all" }),
    ["repositories.0.visibility", "repositories.0.owner.type", "repoSelectionMode"],
  ],
  "webhooks.deliveries.list": [page("deliveries", delivery), ["deliveries.0.lastAttempt.trigger"]],
  "webhooks.redeliver": [() => ({ results: [{ deliveryId: "d_1", outcome: "queued" }] }), ["results.0.outcome"]],
  "webhooks.ping": [() => ({ deliveryId: "d_1", eventId: "e_1", delivered: true, responseStatusCode: 200 })],
  "apps.get": [app],
  "apps.update": [app],
  "apps.signingKeys.create": [() => ({ kid: "k1" })],
  "namespace.apps.create": [app],
  "namespace.apps.list": [page("apps", () => ({ id: "app_1", displayName: "A", description: "d" }))],
  "namespace.repos.create": [repository, ["visibility"]],
  "namespace.repos.list": [page("repositories", repository), ["repositories.0.visibility"]],
  "namespace.installations.addRepos": [installation, ["repoSelectionMode"]],
  "repo.get": [repository, ["visibility", "owner.type"]],
  "repo.update": [repository, ["visibility"]],
  "repo.grants.list": [page("grants", () => ({ user: { id: "user_1" }, permission: "read" })), ["grants.0.permission"]],
  "repo.grants.upsert": [() => ({ group: { id: "grp_1" }, permission: "write" }), ["permission"]],
  "owner.grants.list": [
    page("grants", () => ({ teamGroup: { id: "team_group_1" }, permission: "PERMISSION_ADMIN" })),
    ["grants.0.permission"],
  ],
  "owner.grants.upsert": [() => ({ user: { id: "user_1" }, permission: "PERMISSION_READ" }), ["permission"]],
  "mirror.transition": [job, ["status"]],
  "mirror.forceCutover": [mirror],
  "mirror.job": [job, ["status"]],
  "mirror.activeJobs": [() => ({ activeJob: job(), lastJob: { ...job(), status: "succeeded" } }), ["activeJob.status"]],
  "mirror.sync": [() => ({ synced: false })],
  "commits.get": [commit],
  "commits.files": [page("files", changedFile), ["files.0.status"]],
  "contents.get": [
    () => ({ ...entry(), type: "dir", encoding: "base64", content: "YQ==", target: "t", entries: [entry()] }),
    ["type", "entries.0.type"],
  ],
  "git.tree": [
    () => ({ sha: SHA, tree: [{ path: "a.txt", mode: "100644", type: "blob", sha: SHA, size: "1" }], truncated: true }),
    ["tree.0.type"],
  ],
  "contents.compareFiles": [page("files", changedFile), ["files.0.status"]],
  "contents.grep": [
    () => ({
      lines: [{ path: "a.txt", lineNumber: 1, line: "x", contextBefore: ["w"], contextAfter: ["y"] }],
      limitHit: true,
    }),
  ],
  "git.createRef": [() => ({ ref: "refs/heads/b", sha: SHA })],
  "git.createFromFiles": [() => ({ sha: SHA, treeSha: SHA, previousHeadSha: SHA })],
  "git.matchingRefs": [page("refs", () => ({ ref: "refs/heads/b", sha: SHA }))],
  "git.getRef": [() => ({ ref: "refs/pull/1/merge", sha: SHA })],
  "pulls.create": [pull, PULL_ENUMS],
  "pulls.list": [page("pullRequests", pull), ["pullRequests.0.state"]],
  "pulls.get": [pull, PULL_ENUMS],
  "pulls.update": [pull, PULL_ENUMS],
  "pulls.mergeability": [
    () => ({
      verdict: "blocked",
      blockers: [{ kind: "check_failed", message: "m", pullRequest: pullRef() }],
      // Not shown: its shape (kept as sent).
      evaluatedPullRequests: [{}],
    }),
    ["verdict"],
  ],
  "pulls.files": [page("files", changedFile), ["files.0.status"]],
  "pulls.commits": [
    page("commits", () => ({
      sha: SHA,
      message: "m",
      author: { name: "A", email: "a@example.com" },
      committedAt: T,
      parents: [{ sha: SHA }],
    })),
  ],
  "comments.create": [comment],
  "comments.list": [page("comments", comment)],
  "comments.get": [comment],
  "comments.update": [comment],
  "threads.update": [thread],
  "reviews.create": [review],
  "reviews.list": [page("reviews", review)],
  "reviews.get": [review],
  "reviews.dismiss": [review],
  "reviewers.list": [
    () => ({
      reviewers: [{ user: { id: "user_1", email: "a@example.com" } }, { group: { id: "grp_1", slug: "g" } }],
      nextPageToken: "n",
    }),
  ],
  "reviewers.request": [() => ({ reviewers: [{ group: { id: "grp_1", slug: "g" } }], nextPageToken: "" })],
  "pullLabels.list": [page("labels", label)],
  "pullLabels.add": [() => ({ labels: [label()] })],
  "pullLabels.replace": [() => ({ labels: [label()] })],
  "pullLabels.remove": [() => ({ labels: [label()] })],
  "labels.list": [page("labels", label)],
  "labels.create": [label],
  "labels.get": [label],
  "labels.update": [label],
  "rulesets.list": [() => ({ rulesets: [ruleset()] }), ["rulesets.0.enforcement", "rulesets.0.kind"]],
  "rulesets.create": [ruleset, ["enforcement", "kind"]],
  "rulesets.get": [ruleset, ["enforcement", "kind"]],
  "rulesets.replace": [ruleset, ["enforcement", "kind"]],
  "checkRuns.post": [
    () => ({ checkRun: checkRun(), outcome: "created", checkSuite: checkSuite() }),
    ["outcome", "checkRun.status"],
  ],
  "checkRuns.batchUpsert": [
    () => ({ results: [{ checkRun: checkRun(), outcome: "ignored_stale" }], checkSuite: checkSuite() }),
    ["results.0.outcome", "results.0.checkRun.status"],
  ],
  "checkRuns.get": [checkRun, RUN_ENUMS],
  "checkSuites.get": [checkSuite],
  "checkSuites.listForCommit": [page("checkSuites", checkSuite)],
  "checkRuns.listForCommit": [page("checkRuns", checkRun), ["checkRuns.0.status"]],
  "checkSuites.runs": [page("checkRuns", checkRun), ["checkRuns.0.status"]],
  "checkRuns.annotations": [page("annotations", () => ({ id: "an_1", message: "**m**", rawDetails: "r" }))],
};

type Op = { method: string; path: string; response?: unknown };
const OPS = FORGE_OPERATIONS as unknown as Record<string, Op>;
const fill = (path: string) =>
  path
    .replace("{owner}", "acme")
    .replace("{repo}", "r")
    .replace("{pullNumber}", "1")
    .replace(/\{[A-Za-z]+\}/g, "x1");

function call(name: string) {
  const { method, path, response } = OPS[name] as Op;
  return async (body: unknown) => {
    const forge = new ForgeClient({
      token: "utok_test",
      baseUrl: "http://127.0.0.1:9",
      maxRetries: 0,
      fetch: async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    });
    return await forge.request({ method: method as "GET", path: fill(path), schema: response as never });
  };
}

const CASES: NullCase[] = Object.entries(BODIES).map(([op, [body, enums]]) => ({ op, body, call: call(op), enums }));

describe("Forge responses: optional fields sent as null, unknown enum values and fields", () => {
  it("covers every operation of the table that answers JSON", () => {
    const answering = Object.entries(OPS)
      .filter(([, o]) => o.response !== undefined)
      .map(([name]) => name);
    expect(answering.filter((name) => !(name in BODIES))).toEqual([]);
    expect(Object.keys(BODIES).filter((name) => OPS[name]?.response === undefined)).toEqual([]);
  });

  it("reads a null optional field as absent everywhere; a required one fails naming it", async () => {
    const sweep = await sweepNulls(CASES, new Set());
    expect(sweep.tried).toBeGreaterThan(500);
    expect(sweep.failures).toEqual([]);
    // The handles the client cannot work without stay required (a sample; the sweep checks every one).
    expect(sweep.required).toEqual(
      expect.arrayContaining(["pulls.get number", "checkRuns.get id", "installationToken token"]),
    );
  });

  it("passes unknown enum values through", async () => {
    const { tried, failures } = await sweepEnums(CASES);
    expect(tried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it("keeps an unknown field on every object at every level", async () => {
    expect(await sweepExtras(CASES)).toEqual([]);
  });
});
