// The fake forge emits the spec's webhook events from its routes: each action through the SDK client, the
// delivery's type and installation header, and the payload fields the spec names; refused requests emit nothing,
// apps that did not subscribe hear nothing, check-run events reach only the owning app.
import { describe, expect, it } from "vitest";
import { BadRequestError } from "../../../src/core/errors.js";
import { ADMIN, HOOK, only, REVIEWER, setup } from "./fake-events-fixtures.js";

describe("fake forge events: pull requests", () => {
  it("delivers pull_request.created to every subscribed installation of the repository, never to unsubscribed apps", async () => {
    const { repo, sent, owner, observer, received } = await setup();
    const pull = await repo.pulls.create({ title: "Search", head: "feature/search", base: "main" });
    const body = only(await sent("owner"), "pull_request.created", owner.installationId);
    expect(body.pullRequest).toMatchObject({ id: pull.id, number: pull.number, title: "Search", state: "open" });
    expect(body.pullRequest.head).toMatchObject({ ref: "feature/search" });
    expect(body.pullRequest).not.toHaveProperty("labels");
    expect(body.repository).toMatchObject({ id: "repo_0001", fullName: "acme/web-app" });
    expect(body.actor).toEqual({ app: { id: owner.appId } });
    expect(only(await sent("observer"), "pull_request.created", observer.installationId).id).toBe(body.id);
    expect(await sent("unsubscribed")).toEqual([]);
    expect(received).toHaveLength(2);
  });

  it("emits nothing for a request refused by the forge or before the network", async () => {
    const { fake, repo, pull, sent } = await setup();
    const deliveries = fake.forge.webhooks.deliveries().length;
    await expect(repo.pulls.create({ title: "x", head: "feature/search", base: "nope" })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    await expect(repo.pulls.labels.add(pull.number, ["no-such-label"])).rejects.toBeInstanceOf(BadRequestError);
    await expect(repo.git.createRef({ ref: "refs/heads/x", sha: "a".repeat(40) })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    const requests = fake.requests.length;
    await expect(repo.pulls.create({ title: "t".repeat(300), head: "fix/typo", base: "main" })).rejects.toMatchObject({
      path: "title",
    });
    expect(fake.requests.length).toBe(requests);
    expect(await sent("owner")).toEqual([]);
    expect(fake.forge.webhooks.deliveries()).toHaveLength(deliveries);
  });

  it("closing delivers pull_request.closed; a merge delivers pull_request.merged and repository.pushed without a pusher", async () => {
    const { repo, pull, sent, owner } = await setup();
    await repo.pulls.update(pull.number, { state: "closed" } as never);
    const closed = only(await sent("owner"), "pull_request.closed", owner.installationId);
    expect(closed.pullRequest).toMatchObject({ number: pull.number, state: "closed", closedAt: expect.any(String) });

    await repo.update({ deleteBranchOnMerge: true });
    const second = await repo.pulls.create({ title: "Search", head: "feature/search", base: "main" });
    const twin = await repo.pulls.create({ title: "Search too", head: "feature/search", base: "fix/typo" });
    const { base, head } = second as unknown as { base: { sha: string }; head: { sha: string } };
    const merged = await repo.pulls.merge(second.number);
    const mergeSha = (merged as unknown as { mergeCommitSha: string }).mergeCommitSha;
    const mergedEvent = only(await sent("owner"), "pull_request.merged", owner.installationId);
    expect(mergedEvent.pullRequest).toMatchObject({ number: second.number, state: "merged", mergeCommitSha: mergeSha });
    expect(mergedEvent.pullRequest).not.toHaveProperty("labels");
    const pushes = (await sent("owner", "repository.pushed")).map((d) => d.body);
    expect(pushes.map(({ ref, before, after, deleted }) => ({ ref, before, after, deleted }))).toEqual([
      { ref: "refs/heads/main", before: base.sha, after: mergeSha, deleted: false },
      { ref: "refs/heads/feature/search", before: head.sha, after: "0".repeat(40), deleted: true },
    ]);
    for (const push of pushes) expect(Object.keys(push)).not.toContain("pusher");
    expect(pushes[0]).not.toHaveProperty("commits");
    // The deleted head branch closes the other pull request it headed.
    const closings = await sent("owner", "pull_request.closed");
    expect(closings.map((d) => d.body.pullRequest.number)).toEqual([pull.number, twin.number]);
  });

  it("delivers pull_request.comment.created: the thread opener carries the diff anchor, replies only the thread id", async () => {
    const { repo, pull, sent, owner, headSha, baseSha } = await setup();
    const [file] = (await repo.pulls.files(pull.number).toArray()).filter((f) => f.status === "modified");
    const path = file?.path as string;
    const opener = await repo.pulls.comments.create(pull.number, {
      body: "Rename this",
      inline: { path, side: "RIGHT", startLine: 2, endLine: 3 },
    });
    const threadId = opener.thread?.id as string;
    const opened = only(await sent("owner"), "pull_request.comment.created", owner.installationId);
    expect(opened.pullRequest).toMatchObject({ id: pull.id, number: pull.number });
    expect(opened.comment).toMatchObject({ id: opener.id, body: "Rename this" });
    expect(opened.comment.thread).toEqual({
      id: threadId,
      version: { number: "1", headSha, baseSha },
      path,
      side: "RIGHT",
      startLine: 2,
      endLine: 3,
    });
    const reply = await repo.pulls.comments.create(pull.number, { body: "Done", threadId });
    const replies = (await sent("owner", "pull_request.comment.created")).slice(1);
    expect(replies.map((d) => [d.body.comment.id, d.body.comment.thread])).toEqual([[reply.id, { id: threadId }]]);
  });

  it("delivers review comments, then pull_request.review.submitted; a dismissal delivers review.dismissed", async () => {
    const { repo, pull, sent, owner } = await setup();
    const [file] = await repo.pulls.files(pull.number).toArray();
    const path = file?.path as string;
    const review = await repo.pulls.reviews.create(pull.number, {
      body: "Close",
      comments: [{ body: "file-level", file: { path } }],
    });
    const comment = only(await sent("owner"), "pull_request.comment.created", owner.installationId);
    expect(comment.comment.thread).toEqual({ id: expect.any(String), version: expect.any(Object), path });
    const submitted = only(await sent("owner"), "pull_request.review.submitted", owner.installationId);
    expect(submitted.pullRequest.number).toBe(pull.number);
    expect(submitted.review).toMatchObject({ id: review.id, state: "submitted", comments: [{ body: "file-level" }] });
    expect(submitted.review).not.toHaveProperty("dismissal");

    await repo.pulls.reviews.dismiss(pull.number, review.id, { message: "stale" });
    const dismissed = only(await sent("owner"), "pull_request.review.dismissed", owner.installationId);
    expect(dismissed.review).toMatchObject({ id: review.id, state: "dismissed", dismissal: { message: "stale" } });
    await expect(repo.pulls.reviews.dismiss(pull.number, review.id, {})).rejects.toBeInstanceOf(BadRequestError);
    expect(await sent("owner", "pull_request.review.dismissed")).toHaveLength(1);
  });

  it("delivers pull_request.label.added with an actor and .removed without, one per label that changed", async () => {
    const { repo, pull, sent, owner } = await setup();
    const labelEvents = async () =>
      (await sent("owner")).filter((d) => d.type?.startsWith("pull_request.label.")).map((d) => d.body);
    await repo.pulls.labels.add(pull.number, ["bug", "enhancement"]);
    const added = await labelEvents();
    expect(added.map((b) => [b.type, b.label.name, b.actor])).toEqual([
      ["pull_request.label.added", "bug", { app: { id: owner.appId } }],
      ["pull_request.label.added", "enhancement", { app: { id: owner.appId } }],
    ]);
    expect(added[0]).toMatchObject({ pullRequest: { number: pull.number }, label: { color: "d73a4a" } });
    await repo.pulls.labels.add(pull.number, ["bug"]);
    expect(await labelEvents()).toHaveLength(2);

    await repo.pulls.labels.replace(pull.number, ["bug"]);
    const [removed] = (await labelEvents()).slice(2);
    expect(removed).toMatchObject({ type: "pull_request.label.removed", label: { name: "enhancement" } });
    expect(removed).not.toHaveProperty("actor");

    const other = await repo.pulls.create({ title: "Search", head: "feature/search", base: "main" });
    await repo.pulls.labels.add(other.number, ["bug"]);
    await repo.labels.delete("bug");
    const deletions = (await labelEvents()).slice(4);
    expect(deletions.map((b) => [b.type, b.pullRequest.number, b.label.name])).toEqual([
      ["pull_request.label.removed", pull.number, "bug"],
      ["pull_request.label.removed", other.number, "bug"],
    ]);
  });

  it("delivers pull_request.reviewer.added, .rerequested and .removed with a typed user or group reviewer", async () => {
    const { repo, pull, sent, userClient } = await setup();
    const reviewerEvents = async () =>
      (await sent("owner")).filter((d) => d.type?.startsWith("pull_request.reviewer.")).map((d) => d.body);
    await repo.pulls.reviewers.request(pull.number, { reviewers: ["dev@acme.example", "reviewers"] });
    await repo.pulls.reviewers.request(pull.number, { reviewers: ["user_0002"] });
    await repo.pulls.reviewers.remove(pull.number, { reviewers: ["user_0002", "user_0003"] });
    await repo.pulls.reviewers.remove(pull.number, { reviewers: ["user_0002"] });
    // Asking again someone who has reviewed since re-requests them.
    await userClient(REVIEWER.token).repo("acme", "web-app").pulls.reviews.create(pull.number, { body: "ok" });
    await repo.pulls.reviewers.request(pull.number, { reviewers: ["user_0002", "user_0003"] });
    const dev = { user: { id: "user_0002", email: "dev@acme.example" } };
    expect((await reviewerEvents()).map((b) => [b.type, b.reviewer, b.pullRequest.number])).toEqual([
      ["pull_request.reviewer.added", dev, pull.number],
      ["pull_request.reviewer.added", { group: { id: "grp_0001" } }, pull.number],
      ["pull_request.reviewer.rerequested", dev, pull.number],
      ["pull_request.reviewer.removed", dev, pull.number],
      ["pull_request.reviewer.rerequested", dev, pull.number],
      ["pull_request.reviewer.added", { user: { id: "user_0003", email: "qa@acme.example" } }, pull.number],
    ]);
  });
});

describe("fake forge events: check runs, pushes, repository, installation, reactions", () => {
  it("delivers check_run created, completed and rerequested to the owning app only, without pull request or actor", async () => {
    const { repo, pull, headSha, clock, sent, owner, observer } = await setup();
    const at = (ms = 0) => new Date(clock.now + ms).toISOString();
    const run = {
      sha: headSha,
      suite: { key: "ci", externalId: "s1" },
      key: "lint",
      externalId: "r1",
      isRerequestable: true,
    };
    const { checkRun } = await repo.checkRuns.post({ ...run, status: "in_progress", externalUpdatedAt: at() });
    const created = only(await sent("owner"), "repository.check_run.created", owner.installationId);
    expect(created).toMatchObject({ repository: { fullName: "acme/web-app" }, checkRun: { id: checkRun.id } });
    expect(created.checkSuite).toMatchObject({ id: expect.any(String), key: "ci", externalId: "s1" });
    expect(created).not.toHaveProperty("actor");
    expect(created).not.toHaveProperty("pullRequest");
    expect(await sent("owner", "repository.check_run.completed")).toEqual([]);

    clock.now += 1_000;
    await repo.checkRuns.post({ ...run, status: "completed", conclusion: "failure", externalUpdatedAt: at() });
    const completed = only(await sent("owner"), "repository.check_run.completed", owner.installationId);
    expect(completed.checkRun).toMatchObject({ id: checkRun.id, status: "completed", conclusion: "failure" });
    await repo.checkRuns.post({ ...run, status: "completed", conclusion: "failure", externalUpdatedAt: at() });
    expect(await sent("owner", "repository.check_run.completed")).toHaveLength(1);

    await repo.checkRuns.rerequest(checkRun.id);
    const rerequested = only(await sent("owner"), "repository.check_run.rerequested", owner.installationId);
    expect(rerequested.checkRun).toMatchObject({ status: "rerequested", rerequestedBy: { app: { id: owner.appId } } });
    expect(rerequested).not.toHaveProperty("actor");
    await expect(repo.checkRuns.rerequest(checkRun.id)).rejects.toMatchObject({ status: 409 });
    expect(await sent("owner", "repository.check_run.rerequested")).toHaveLength(1);
    // The observer reaches the repository and subscribed to everything: it hears pull events, never check runs.
    await repo.pulls.labels.add(pull.number, ["bug"]);
    const heard = await sent("observer");
    expect(heard.map((d) => [d.type, d.installationId])).toEqual([
      ["pull_request.label.added", observer.installationId],
    ]);
  });

  it("delivers repository.check_run.completed (timed_out) when the deadline sweep expires a run", async () => {
    const { repo, pull, headSha, clock, sent, owner } = await setup();
    await repo.checkRuns.post({
      sha: headSha,
      suite: { key: "ci", externalId: "s1" },
      key: "build",
      externalId: "b1",
      status: "in_progress",
      externalUpdatedAt: new Date(clock.now).toISOString(),
      deadlineAt: new Date(clock.now + 3_600_000).toISOString(),
    });
    clock.now += 3_600_001;
    expect(await sent("owner", "repository.check_run.completed")).toEqual([]);
    await repo.pulls.get(pull.number);
    const expired = only(await sent("owner"), "repository.check_run.completed", owner.installationId);
    expect(expired.checkRun).toMatchObject({ key: "build", status: "completed", conclusion: "timed_out" });
    expect(expired.checkRun).not.toHaveProperty("deadlineAt");
  });

  it("delivers repository.pushed with the pusher for createRef and createFromFiles; deleting a head branch closes its pulls", async () => {
    const { repo, sent, owner } = await setup();
    const { sha: main } = await repo.git.getRef("heads/main");
    await repo.git.createRef({ ref: "refs/heads/topic", sha: main as string });
    await repo.git.createRef({ ref: "refs/heads/topic", sha: main as string });
    const created = only(await sent("owner"), "repository.pushed", owner.installationId);
    expect(created).toMatchObject({ ref: "refs/heads/topic", before: "0".repeat(40), after: main, created: true });
    expect(created.pusher).toEqual({ app: { id: owner.appId } });

    const commit = await repo.git.createFromFiles({
      branch: "topic",
      expectedHeadSha: main as string,
      files: [{ path: "notes.md", content: "hi\n" }],
    });
    const pushes = await sent("owner", "repository.pushed");
    expect(pushes.map((d) => [d.body.before, d.body.after, d.body.pusher])).toEqual([
      ["0".repeat(40), main, { app: { id: owner.appId } }],
      [main, commit.sha, { app: { id: owner.appId } }],
    ]);

    const topicPull = await repo.pulls.create({ title: "Topic", head: "topic", base: "main" });
    await repo.git.deleteRef("heads/topic");
    const closed = only(await sent("owner"), "pull_request.closed", owner.installationId);
    expect(closed.pullRequest).toMatchObject({ number: topicPull.number, state: "closed" });
    const deleted = (await sent("owner", "repository.pushed")).at(-1)?.body;
    expect(deleted).toMatchObject({
      ref: "refs/heads/topic",
      before: commit.sha,
      after: "0".repeat(40),
      deleted: true,
    });
  });

  it("delivers repository.metadata.updated with the full repository after the write, no delta, no actor", async () => {
    const { repo, sent, owner, observer } = await setup();
    await repo.update({ visibility: "internal", deleteBranchOnMerge: true });
    const body = only(await sent("owner"), "repository.metadata.updated", owner.installationId);
    expect(body.repository).toEqual(await repo.get());
    expect(body.repository).toMatchObject({ visibility: "internal", deleteBranchOnMerge: true });
    expect(Object.keys(body).sort()).toEqual(["createdAt", "id", "installation", "repository", "type"]);
    only(await sent("observer"), "repository.metadata.updated", observer.installationId);

    await expect(repo.update({ defaultBranch: "no-such-branch" })).rejects.toBeInstanceOf(BadRequestError);
    expect(await sent("owner", "repository.metadata.updated")).toHaveLength(1);
  });

  it("an emptied webhookUrl cancels pending deliveries for good; DELETE installation delivers installation.deleted", async () => {
    const { fake, app, repo, userClient, clock, sent, failing, owner, observer } = await setup();
    const admin = userClient(ADMIN.token);
    failing.add("observer");
    await repo.pulls.create({ title: "Search", head: "feature/search", base: "main" });
    await sent("observer");
    const pending = () =>
      fake.forge.webhooks
        .deliveries()
        .filter((d) => d.appId === observer.appId && d.eventType === "pull_request.created")
        .filter((d) => d.deliveredAt === undefined);
    expect(pending()).toHaveLength(1);
    expect(pending()[0]?.nextAttemptAt).toBe(clock.now + 5_000);
    await admin.apps.update(observer.appId, { webhookUrl: "" });
    await admin.apps.update(observer.appId, { webhookUrl: `${HOOK}/observer` });
    failing.clear();
    clock.now += 3_600_000;
    await fake.forge.webhooks.runDue();
    expect(pending()[0]?.nextAttemptAt).toBeUndefined();
    expect(pending()[0]?.attempts).toHaveLength(1);

    await app.installations.delete(owner.installationId);
    const [deleted] = await sent("owner", "installation.deleted");
    expect(deleted?.installationId).toBeNull();
    expect(deleted?.body.installation).toMatchObject({ id: owner.installationId, deletedAt: expect.any(String) });
    expect(deleted?.body.app).toMatchObject({ id: owner.appId });
  });

  it("widening a selected installation delivers installation.updated with the repositories it now reaches", async () => {
    const { fake, userClient, sent, observer } = await setup();
    const { installationId } = fake.forge.createInstallation({
      appId: observer.appId,
      repoSelectionMode: "selected",
      repositoryIds: ["repo_0001"],
    });
    await sent("observer");
    const installations = userClient(ADMIN.token).namespace("acme").installations;
    await installations.addRepos(installationId, ["repo_0002"]);
    await installations.addRepos(installationId, ["repo_0002"]);
    const updates = await sent("observer", "installation.updated");
    expect(updates.map((d) => d.installationId)).toEqual([installationId]);
    expect(updates[0]?.body.installation).toMatchObject({ id: installationId, repoSelectionMode: "selected" });
    expect(updates[0]?.body.repositories.map((r: { id: string }) => r.id)).toEqual(["repo_0001", "repo_0002"]);
  });

  it("fake.forge.react() delivers pull_request.comment.reaction.added and .removed with comment and reactor", async () => {
    const { fake, repo, pull, sent, owner } = await setup();
    const [file] = await repo.pulls.files(pull.number).toArray();
    const comment = await repo.pulls.comments.create(pull.number, { body: "hm", file: { path: file?.path as string } });
    await fake.forge.react({ repoId: "repo_0001", commentId: comment.id, content: "+1" });
    const added = only(await sent("owner"), "pull_request.comment.reaction.added", owner.installationId);
    expect(added).toMatchObject({
      pullRequest: { number: pull.number },
      comment: { id: comment.id, thread: { id: comment.thread?.id } },
      reaction: { content: "+1", reactor: { user: { id: "user_0001" } } },
    });
    await fake.forge.react({ repoId: "repo_0001", commentId: comment.id, content: "+1", action: "removed" });
    only(await sent("owner"), "pull_request.comment.reaction.removed", owner.installationId);
    await expect(fake.forge.react({ repoId: "repo_0001", commentId: "cmt_nope", content: "+1" })).rejects.toMatchObject(
      { code: "invalid_argument", message: expect.stringContaining("cmt_nope") },
    );
  });
});
