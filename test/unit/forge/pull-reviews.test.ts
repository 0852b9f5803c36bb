import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
} from "../../../src/core/errors.js";
import { isMergeable } from "../../../src/forge/schemas/pull-responses.js";
import { repoData } from "../../../src/testing/forge/repo-state.js";
import { REVIEWER_CANDIDATES } from "../../../src/testing/forge/reviewer-candidates.js";
import { expectRefusedBeforeNetwork, rejectionOf, requestsTo } from "./forge-fixtures.js";
import { pullSetup, USERS } from "./pull-fixtures.js";

type Setup = Awaited<ReturnType<typeof pullSetup>>;

async function modifiedFile({ repo, pull }: Setup): Promise<string> {
  const files = await repo.pulls.files(pull.number).toArray();
  const modified = files.find((file) => file.status === "modified");
  if (!modified) throw new Error("the fake's diff should hold a modified file");
  return modified.path;
}

const REVIEWS_PATH = "/reviews";

describe("pull request reviews", () => {
  it("submits a review with anchored comments, lists, gets, dismisses once and deletes it with its comments", async () => {
    const setup = await pullSetup();
    const { repo, pull, appId, headSha } = setup;
    const path = await modifiedFile(setup);
    const opened = await repo.pulls.comments.create(pull.number, { body: "earlier", file: { path } });
    const review = await repo.pulls.reviews.create(pull.number, {
      body: "Looks close",
      comments: [
        { body: "inline", inline: { path, side: "RIGHT", startLine: 1, endLine: 2 } },
        { body: "file", file: { path } },
        { body: "reply", threadId: opened.thread?.id ?? "" },
      ],
    });
    expect(review).toMatchObject({ body: "Looks close", state: "submitted", author: { app: { id: appId } }, headSha });
    expect(review.comments?.map((comment) => comment.body)).toEqual(["inline", "file", "reply"]);
    expect(review.comments?.[2]?.thread?.id).toBe(opened.thread?.id);
    expect(await repo.pulls.comments.list(pull.number).toArray()).toHaveLength(4);

    const second = await repo.pulls.reviews.create(pull.number, { body: "And another" });
    const page = await repo.pulls.reviews.list(pull.number, { pageSize: 1 });
    expect(page.items.map((item) => item.id)).toEqual([review.id]);
    expect(page.nextCursor).toBeTruthy();
    expect((await repo.pulls.reviews.list(pull.number, { pageSize: 1 }).toArray()).map((r) => r.id)).toEqual([
      review.id,
      second.id,
    ]);
    expect((await repo.pulls.reviews.get(pull.number, review.id)).comments).toHaveLength(3);

    const dismissed = await repo.pulls.reviews.dismiss(pull.number, review.id, { message: "Outdated" });
    expect(dismissed.state).toBe("dismissed");
    expect(dismissed.dismissal).toMatchObject({ message: "Outdated", dismissedBy: { app: { id: appId } } });
    const twice = await rejectionOf(repo.pulls.reviews.dismiss(pull.number, review.id));
    expect(twice).toBeInstanceOf(BadRequestError);
    expect(twice).toMatchObject({ status: 400, code: "failed_precondition" });

    await repo.pulls.reviews.delete(pull.number, review.id);
    expect(await rejectionOf(repo.pulls.reviews.get(pull.number, review.id))).toBeInstanceOf(NotFoundError);
    expect((await repo.pulls.comments.list(pull.number).toArray()).map((comment) => comment.id)).toEqual([opened.id]);
    expect(await rejectionOf(repo.pulls.reviews.get("999", second.id))).toBeInstanceOf(NotFoundError);
  });

  it("fails the whole review when one anchor is bad, storing nothing", async () => {
    const setup = await pullSetup();
    const { repo, pull } = setup;
    const path = await modifiedFile(setup);
    const error = await rejectionOf(
      repo.pulls.reviews.create(pull.number, {
        body: "two comments",
        comments: [
          { body: "fine", file: { path } },
          { body: "past the end", inline: { path, side: "RIGHT", startLine: 1, endLine: 100_000 } },
        ],
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.fieldViolations).toEqual([{ field: "comments[1].inline.endLine", description: expect.any(String) }]);
    expect(await repo.pulls.reviews.list(pull.number).toArray()).toEqual([]);
    expect(await repo.pulls.comments.list(pull.number).toArray()).toEqual([]);
  });

  it("lets the author delete a review; others need contents:write", async () => {
    const { repo, pull, asUser } = await pullSetup();
    const review = await repo.pulls.reviews.create(pull.number, { body: "ok" });
    expect(await rejectionOf(asUser("reviewer").pulls.reviews.delete(pull.number, review.id))).toBeInstanceOf(
      PermissionDeniedError,
    );
    await asUser("maintainer").pulls.reviews.delete(pull.number, review.id);
    expect(await repo.pulls.reviews.list(pull.number).toArray()).toEqual([]);
  });

  it("never re-sends a review after a 5xx or a lost connection, while an idempotent edit is retried", async () => {
    const setup = await pullSetup();
    const { fake, repo, pull } = setup;
    const route = "POST /v1/forge/repos/:owner/:repo/pulls/:pullNumber/reviews";
    fake.faults.add({ kind: "server_error", route, status: 500 });
    expect(await rejectionOf(repo.pulls.reviews.create(pull.number, { body: "once" }))).toBeInstanceOf(
      InternalServerError,
    );
    expect(requestsTo(fake, "POST", REVIEWS_PATH)).toBe(1);

    // Applied on the server, the answer lost: a re-send would submit a second review.
    fake.faults.add({ kind: "disconnect_after", route });
    expect(await rejectionOf(repo.pulls.reviews.create(pull.number, { body: "applied" }))).toBeInstanceOf(
      ConnectionError,
    );
    expect(requestsTo(fake, "POST", REVIEWS_PATH)).toBe(2);
    expect((await repo.pulls.reviews.list(pull.number).toArray()).map((review) => review.body)).toEqual(["applied"]);

    const comment = await repo.pulls.comments.create(pull.number, {
      body: "typo",
      file: { path: await modifiedFile(setup) },
    });
    fake.faults.add({ kind: "server_error", route: "PATCH /v1/forge/repos/:owner/:repo/pulls/comments/:commentId" });
    expect((await repo.pulls.comments.update(comment.id, { body: "fixed" })).body).toBe("fixed");
    expect(requestsTo(fake, "PATCH", `/pulls/comments/${comment.id}`)).toBe(2);
  });
});

describe("requested reviewers", () => {
  const [admin, dev] = REVIEWER_CANDIDATES.filter((candidate) => candidate.kind === "user");
  const [group] = REVIEWER_CANDIDATES.filter((candidate) => candidate.kind === "group");

  it("requests users by id or email and groups by slug or id; a duplicate re-requests; removal is idempotent", async () => {
    const { repo, pull, clock } = await pullSetup();
    if (admin?.kind !== "user" || dev?.kind !== "user" || group?.kind !== "group") throw new Error("seed changed");
    const requested = await repo.pulls.reviewers.request(pull.number, {
      reviewers: [admin.id, dev.email ?? "", group.slug.toUpperCase()],
    });
    expect(requested.reviewers.map((reviewer) => reviewer.user?.id ?? reviewer.group?.id)).toEqual([
      admin.id,
      dev.id,
      group.id,
    ]);
    expect(requested.reviewers[1]?.user).toEqual({ id: dev.id, email: dev.email });
    expect(requested.reviewers[2]?.group).toEqual({ id: group.id, slug: group.slug });
    const firstAt = requested.reviewers[1]?.requestedAt;

    clock.t += 60_000;
    const again = await repo.pulls.reviewers.request(pull.number, { reviewers: [dev.id, group.id] });
    expect(again.reviewers).toHaveLength(3);
    expect(again.reviewers[1]?.requestedAt).not.toBe(firstAt);
    expect(again.reviewers[1]?.requestedAt).toBe(new Date(clock.t).toISOString());

    const page = await repo.pulls.reviewers.list(pull.number, { pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(await repo.pulls.reviewers.list(pull.number, { pageSize: 2 }).toArray()).toHaveLength(3);

    await repo.pulls.reviewers.remove(pull.number, { reviewers: [group.slug, admin.email ?? ""] });
    await repo.pulls.reviewers.remove(pull.number, { reviewers: [group.slug] });
    expect((await repo.pulls.reviewers.list(pull.number).toArray()).map((reviewer) => reviewer.user?.id)).toEqual([
      dev.id,
    ]);
  });

  it("refuses non-candidates with 403 and closes a request when the reviewer submits a review", async () => {
    const { repo, pull, asUser } = await pullSetup();
    const refused = await rejectionOf(
      repo.pulls.reviewers.request(pull.number, { reviewers: [USERS.reviewer.userId, "stranger@example.com"] }),
    );
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect(refused.fieldViolations).toEqual([{ field: "reviewers[1]", description: expect.any(String) }]);
    expect(await repo.pulls.reviewers.list(pull.number).toArray()).toEqual([]);

    await repo.pulls.reviewers.request(pull.number, { reviewers: [USERS.reviewer.userId] });
    const review = await asUser("reviewer").pulls.reviews.create(pull.number, { body: "LGTM" });
    expect(review.author?.user?.id).toBe(USERS.reviewer.userId);
    expect(await repo.pulls.reviewers.list(pull.number).toArray()).toEqual([]);
    const reopened = await repo.pulls.reviewers.request(pull.number, { reviewers: [USERS.reviewer.userId] });
    expect(reopened.reviewers.map((reviewer) => reviewer.user?.id)).toEqual([USERS.reviewer.userId]);
  });
});

describe("mergeability", () => {
  it("is mergeable without blockers and blocked by pending or failed checks on the head; merge agrees", async () => {
    const { fake, repo, pull, headSha, installationId, clock } = await pullSetup();
    const charged = () => fake.forge.stats[`installation:${installationId}`]?.totalCharged ?? 0;
    const before = charged();
    const clean = await repo.pulls.mergeability(pull.number, { expectedHeadSha: headSha });
    expect(charged() - before).toBe(10);
    expect(clean).toMatchObject({ verdict: "mergeable", blockers: [] });
    expect(isMergeable(clean)).toBe(true);
    expect(clean.evaluatedPullRequests).toEqual([expect.objectContaining({ number: pull.number })]);

    const run = { sha: headSha, suite: { key: "ci", externalId: "1" }, key: "test", externalId: "1" };
    const at = (ms: number) => new Date(clock.t + ms).toISOString();
    await repo.checkRuns.post({ ...run, status: "in_progress", externalUpdatedAt: at(0) });
    const pending = await repo.pulls.mergeability(pull.number);
    expect(pending.verdict).toBe("blocked");
    expect(pending.blockers.map((blocker) => blocker.kind)).toEqual(["checks_pending"]);
    expect(pending.blockers[0]?.pullRequest?.number).toBe(pull.number);

    await repo.checkRuns.post({ ...run, status: "completed", conclusion: "failure", externalUpdatedAt: at(1) });
    const failed = await repo.pulls.mergeability(pull.number);
    expect(failed.blockers.map((blocker) => blocker.kind)).toEqual(["checks_failed"]);
    const refused = await rejectionOf(repo.pulls.merge(pull.number));
    expect(refused).toMatchObject({ status: 400, code: "failed_precondition" });

    await repo.checkRuns.post({ ...run, status: "completed", conclusion: "success", externalUpdatedAt: at(2) });
    expect(isMergeable(await repo.pulls.mergeability(pull.number))).toBe(true);
    await repo.pulls.merge(pull.number);
    const merged = await repo.pulls.mergeability(pull.number);
    expect(merged).toMatchObject({ verdict: "blocked", blockers: [{ kind: "merged" }] });
  });

  it("reports closed pulls and missing bases; a moved head is Aborted (409); mirrors are FailedPrecondition", async () => {
    const { fake, repo, pull } = await pullSetup();
    const other = await repo.pulls.create({ title: "Typo", head: "fix/typo", base: "feature/search" });
    const state = fake.forge.state;
    const webApp = state.repositories[0];
    if (!webApp) throw new Error("seed changed");
    repoData(state, webApp).branches.delete("feature/search");
    const missing = await repo.pulls.mergeability(other.number);
    expect(missing.blockers.map((blocker) => blocker.kind)).toEqual(["base_missing"]);

    const moved = await rejectionOf(repo.pulls.mergeability(pull.number, { expectedHeadSha: "f".repeat(40) }));
    expect(moved).toBeInstanceOf(ConflictError);
    expect(moved).toMatchObject({ status: 409, code: "aborted" });

    await repo.pulls.update(pull.number, { state: "closed" } as never);
    expect((await repo.pulls.mergeability(pull.number)).blockers.map((blocker) => blocker.kind)).toEqual(["closed"]);
    expect(await rejectionOf(repo.pulls.mergeability("999"))).toBeInstanceOf(NotFoundError);

    webApp.mirror = { source: "github", sourceId: "1", status: "outbound" };
    const mirrored = await rejectionOf(repo.pulls.mergeability(other.number));
    expect(mirrored).toMatchObject({ status: 400, code: "failed_precondition" });
  });

  it("reads an unknown verdict as blocked, keeping the value", async () => {
    const { fake, pull, installationWith } = await pullSetup();
    // A newer forge answering a verdict this SDK does not know: rewrite the fake's answer on the wire.
    const newer: typeof fake.fetch = async (input, init) => {
      const response = await fake.fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes("/mergeability")) return response;
      const body = { ...((await response.json()) as object), verdict: "needs_rebase" };
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const repo = installationWith(newer).repo("acme", "web-app");
    const answer = await repo.pulls.mergeability(pull.number);
    expect(answer.verdict).toBe("needs_rebase");
    expect(isMergeable(answer)).toBe(false);
  });
});

describe("review, reviewer and mergeability requests are checked before the network", () => {
  const long = "🚀".repeat(65_537);

  it("refuses each broken rule with its path and rule, sending nothing", async () => {
    const { fake, repo, pull } = await pullSetup();
    const refused = (call: () => PromiseLike<unknown>, path: string, rule: string) =>
      expectRefusedBeforeNetwork(fake, call, path, rule);
    const comment = { body: "x", file: { path: "a.ts" } };
    const reviews = repo.pulls.reviews;
    await refused(
      () => reviews.create(pull.number, { comments: Array.from({ length: 51 }, () => comment) }),
      "comments",
      "max_items",
    );
    await refused(() => reviews.create(pull.number, { body: long }), "body", "max_length");
    await refused(
      () => reviews.create(pull.number, { comments: [{ body: "x" }] as never }),
      "comments[0]",
      "exactly_one_of",
    );
    await refused(
      () => reviews.create(pull.number, { comments: [{ ...comment, body: long }] }),
      "comments[0].body",
      "max_length",
    );
    await refused(
      () => reviews.create(pull.number, { comments: [{ body: "x", threadId: "t", versionNumber: "1" }] }),
      "comments[0].versionNumber",
      "exclusive",
    );
    await refused(() => reviews.get(pull.number, ""), "reviewId", "required");
    await refused(() => reviews.delete("", "rev_1"), "pullNumber", "required");
    await refused(() => reviews.dismiss(pull.number, "rev_1", { message: long }), "message", "max_length");
    await refused(() => reviews.list(pull.number, { pageSize: 101 }), "pageSize", "max_value");
    await refused(() => repo.pulls.reviewers.request(pull.number, { reviewers: [] }), "reviewers", "min_items");
    await refused(() => repo.pulls.reviewers.request(pull.number, { reviewers: [""] }), "reviewers[0]", "min_length");
    await refused(() => repo.pulls.reviewers.remove(pull.number, { reviewers: "grp_1" } as never), "reviewers", "type");
    await refused(() => repo.pulls.reviewers.list(pull.number, { pageSize: 0 }), "pageSize", "min_value");
    await refused(
      () => repo.pulls.mergeability(pull.number, { expectedHeadSha: "abc1234" }),
      "expectedHeadSha",
      "full_sha",
    );
  });
});
