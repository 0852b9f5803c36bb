import { describe, expect, it } from "vitest";
import { BadRequestError, NotFoundError, PermissionDeniedError } from "../../../src/core/errors.js";
import { fakeSha, repoData } from "../../../src/testing/forge/repo-state.js";
import { expectRefusedBeforeNetwork, rejectionOf } from "./forge-fixtures.js";
import { pullSetup } from "./pull-fixtures.js";

type Setup = Awaited<ReturnType<typeof pullSetup>>;

/** A modified and an added file of the pull request, read through the client. */
async function diffFiles({ repo, pull }: Setup) {
  const files = await repo.pulls.files(pull.number).toArray();
  const modified = files.find((file) => file.status === "modified");
  const added = files.find((file) => file.status === "added");
  if (!modified || !added) throw new Error("the fake's diff should hold a modified and an added file");
  return { files, modified, added };
}

describe("pull request comments and threads", () => {
  it("opens threads with inline and file anchors, replies carry the thread, get and update read back", async () => {
    const setup = await pullSetup();
    const { repo, pull, headSha, baseSha } = setup;
    const { modified, added } = await diffFiles(setup);
    const inline = await repo.pulls.comments.create(pull.number, {
      body: "Rename this",
      inline: { path: modified.path, side: "RIGHT", startLine: 2, endLine: 4 },
    });
    const thread = inline.thread;
    expect(thread).toMatchObject({ path: modified.path, side: "RIGHT", startLine: 2, endLine: 4 });
    expect(thread?.version).toEqual({ number: "1", headSha, baseSha });
    expect(inline.pullRequest?.number).toBe(pull.number);

    const reply = await repo.pulls.comments.create(pull.number, { body: "Done", threadId: thread?.id as string });
    expect(reply.thread?.id).toBe(thread?.id);
    expect(reply.thread?.path).toBe(modified.path);

    const fileLevel = await repo.pulls.comments.create(pull.number, { body: "New file?", file: { path: added.path } });
    expect(fileLevel.thread?.id).not.toBe(thread?.id);
    expect(fileLevel.thread).toMatchObject({ path: added.path });
    expect(fileLevel.thread?.startLine).toBeUndefined();

    expect((await repo.pulls.comments.get(reply.id)).body).toBe("Done");
    const edited = await repo.pulls.comments.update(reply.id, { body: "Done in abc123" });
    expect(edited.body).toBe("Done in abc123");
    expect((await repo.pulls.comments.get(reply.id)).body).toBe("Done in abc123");
  });

  it("lists comments over several pages and filters by threadIds, since and until", async () => {
    const setup = await pullSetup();
    const { repo, pull, clock } = setup;
    const { modified } = await diffFiles(setup);
    const first = await repo.pulls.comments.create(pull.number, { body: "one", file: { path: modified.path } });
    const start = clock.t;
    clock.t += 60_000;
    const second = await repo.pulls.comments.create(pull.number, { body: "two", file: { path: modified.path } });
    const third = await repo.pulls.comments.create(pull.number, { body: "three", threadId: second.thread?.id ?? "" });

    const page = await repo.pulls.comments.list(pull.number, { pageSize: 2 });
    expect(page.items.map((comment) => comment.id)).toEqual([first.id, second.id]);
    expect(page.nextCursor).toBeTruthy();
    const all = await repo.pulls.comments.list(pull.number, { pageSize: 2 }).toArray();
    expect(all.map((comment) => comment.id)).toEqual([first.id, second.id, third.id]);

    const inThread = await repo.pulls.comments.list(pull.number, { threadIds: [second.thread?.id ?? ""] }).toArray();
    expect(inThread.map((comment) => comment.id)).toEqual([second.id, third.id]);
    const middle = new Date(start + 30_000).toISOString();
    expect((await repo.pulls.comments.list(pull.number, { since: middle }).toArray()).map((c) => c.id)).toEqual([
      second.id,
      third.id,
    ]);
    expect((await repo.pulls.comments.list(pull.number, { until: middle }).toArray()).map((c) => c.id)).toEqual([
      first.id,
    ]);
  });

  it("resolves threads idempotently and unresolves them", async () => {
    const setup = await pullSetup();
    const { repo, pull, clock } = setup;
    const { modified } = await diffFiles(setup);
    const comment = await repo.pulls.comments.create(pull.number, { body: "?", file: { path: modified.path } });
    const threadId = comment.thread?.id ?? "";
    const resolved = await repo.pulls.threads.resolve(threadId);
    expect(resolved.resolvedAt).toBe(new Date(clock.t).toISOString());
    clock.t += 5_000;
    const again = await repo.pulls.threads.update(threadId, { resolved: true });
    expect(again.resolvedAt).toBe(resolved.resolvedAt);
    expect(again.updatedAt).toBe(resolved.updatedAt);
    expect((await repo.pulls.comments.get(comment.id)).thread?.resolvedAt).toBe(resolved.resolvedAt);
    const reopened = await repo.pulls.threads.unresolve(threadId);
    expect(reopened.resolvedAt).toBeUndefined();
    expect((await repo.pulls.threads.unresolve(threadId)).resolvedAt).toBeUndefined();
  });

  it("deletes comments: the author always, others only with contents:write; the last comment takes its thread", async () => {
    const setup = await pullSetup();
    const { repo, pull, asUser } = setup;
    const { modified } = await diffFiles(setup);
    const opened = await repo.pulls.comments.create(pull.number, { body: "a", file: { path: modified.path } });
    const threadId = opened.thread?.id ?? "";
    const reply = await repo.pulls.comments.create(pull.number, { body: "b", threadId });

    const denied = await rejectionOf(asUser("reviewer").pulls.comments.delete(reply.id));
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied).toMatchObject({ status: 403, code: "permission_denied" });
    const notAuthor = await rejectionOf(asUser("maintainer").pulls.comments.update(reply.id, { body: "mine" }));
    expect(notAuthor).toBeInstanceOf(PermissionDeniedError);

    await asUser("maintainer").pulls.comments.delete(reply.id);
    expect(await rejectionOf(repo.pulls.comments.get(reply.id))).toBeInstanceOf(NotFoundError);
    expect((await repo.pulls.threads.resolve(threadId)).id).toBe(threadId);

    await repo.pulls.comments.delete(opened.id);
    const gone = await rejectionOf(repo.pulls.threads.resolve(threadId));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).toMatchObject({ status: 404, code: "not_found" });
  });

  it("answers anchors the diff cannot hold with InvalidArgument naming the field", async () => {
    const setup = await pullSetup();
    const { repo, pull } = setup;
    const { modified, added } = await diffFiles(setup);
    const cases: Array<[Parameters<typeof repo.pulls.comments.create>[1], string]> = [
      [{ body: "x", inline: { path: modified.path, side: "RIGHT", startLine: 1, endLine: 100_000 } }, "inline.endLine"],
      [{ body: "x", inline: { path: added.path, side: "LEFT", startLine: 1 } }, "inline.startLine"],
      [{ body: "x", inline: { path: modified.path, side: "MIDDLE", startLine: 1 } }, "inline.side"],
      [{ body: "x", file: { path: "not/in/the/diff.ts" } }, "file.path"],
      [{ body: "x", file: { path: modified.path }, versionNumber: "9" }, "versionNumber"],
    ];
    for (const [params, field] of cases) {
      const error = await rejectionOf(repo.pulls.comments.create(pull.number, params));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ status: 400, code: "invalid_argument" });
      expect((error.fieldViolations as Array<{ field: string }>).map((violation) => violation.field)).toEqual([field]);
    }
    expect(
      await rejectionOf(repo.pulls.comments.create(pull.number, { body: "x", threadId: "th_missing" })),
    ).toBeInstanceOf(NotFoundError);
    expect(
      await rejectionOf(repo.pulls.comments.create("999", { body: "x", file: { path: modified.path } })),
    ).toBeInstanceOf(NotFoundError);
    expect(await repo.pulls.comments.list(pull.number).toArray()).toEqual([]);
  });

  it("records a new version when the head moves; older versions keep their own anchors", async () => {
    const setup = await pullSetup();
    const { fake, repo, pull, headSha } = setup;
    const before = await diffFiles(setup);
    const data = repoData(fake.forge.state, fake.forge.state.repositories[0] as never);
    const pushed = fakeSha("a push to feature/login");
    data.branches.set("feature/login", pushed);

    const commits = await repo.pulls.commits(pull.number).toArray();
    expect(commits.at(-1)?.sha).toBe(pushed);
    const onLatest = await repo.pulls.comments.create(pull.number, {
      body: "latest",
      file: { path: (await diffFiles(setup)).modified.path },
    });
    expect(onLatest.thread?.version).toMatchObject({ number: "2", headSha: pushed });
    const onFirst = await repo.pulls.comments.create(pull.number, {
      body: "first",
      file: { path: before.modified.path },
      versionNumber: "1",
    });
    expect(onFirst.thread?.version).toMatchObject({ number: "1", headSha });
  });
});

describe("pull request files and commits", () => {
  it("pages files and commits; both are stable for a head and the last commit is the head", async () => {
    const { repo, pull, headSha } = await pullSetup();
    const firstPage = await repo.pulls.files(pull.number, { pageSize: 2 });
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.nextCursor).toBeTruthy();
    const files = await repo.pulls.files(pull.number, { pageSize: 2 }).toArray();
    expect(files.length).toBeGreaterThan(2);
    expect(await repo.pulls.files(pull.number).toArray()).toEqual(files);
    expect(files.map((file) => file.path)).toEqual(files.map((file) => file.path).sort());
    for (const file of files) expect(file.changes).toBe((file.additions ?? 0) + (file.deletions ?? 0));

    const commits = await repo.pulls.commits(pull.number, { pageSize: 1 }).toArray();
    expect(commits.length).toBeGreaterThan(1);
    expect(commits.at(-1)?.sha).toBe(headSha);
    expect(commits.slice(1).map((commit) => commit.parents?.[0]?.sha)).toEqual(commits.slice(0, -1).map((c) => c.sha));
    expect(await repo.pulls.commits(pull.number).toArray()).toEqual(commits);
  });

  it("charges List Pull Request Files 5 points and List Pull Request Commits 1", async () => {
    const { fake, repo, pull, installationId } = await pullSetup();
    const used = () => fake.forge.stats[`installation:${installationId}`]?.totalCharged ?? 0;
    const start = used();
    await repo.pulls.files(pull.number);
    expect(used() - start).toBe(5);
    await repo.pulls.commits(pull.number);
    expect(used() - start).toBe(6);
  });
});

describe("pull request labels", () => {
  it("adds, replaces and removes as a set; unknown labels are refused; lists page", async () => {
    const { repo, pull } = await pullSetup();
    const names = (result: { labels: Array<{ name: string }> }) => result.labels.map((label) => label.name);
    expect(names(await repo.pulls.labels.add(pull.number, ["bug"]))).toEqual(["bug"]);
    expect(names(await repo.pulls.labels.add(pull.number, ["bug", "enhancement"]))).toEqual(["bug", "enhancement"]);
    expect(names(await repo.pulls.labels.replace(pull.number, ["enhancement"]))).toEqual(["enhancement"]);
    expect(names(await repo.pulls.labels.remove(pull.number, "enhancement"))).toEqual([]);
    expect(names(await repo.pulls.labels.remove(pull.number, "bug"))).toEqual([]);

    const unknown = await rejectionOf(repo.pulls.labels.add(pull.number, ["bug", "no-such-label"]));
    expect(unknown).toBeInstanceOf(BadRequestError);
    expect(unknown.fieldViolations).toEqual([{ field: "labels[1]", description: expect.any(String) }]);
    expect(await rejectionOf(repo.pulls.labels.remove(pull.number, "no-such-label"))).toBeInstanceOf(NotFoundError);

    for (const name of ["docs", "infra", "ui"]) await repo.labels.create({ name, color: "00aa00" });
    await repo.pulls.labels.replace(pull.number, ["ui", "docs", "bug", "infra", "enhancement"]);
    const page = await repo.pulls.labels.list(pull.number, { pageSize: 2 });
    expect(page.items).toHaveLength(2);
    const all = await repo.pulls.labels.list(pull.number, { pageSize: 2 }).toArray();
    expect(all.map((label) => label.name)).toEqual(["bug", "docs", "enhancement", "infra", "ui"]);
    expect((await repo.pulls.get(pull.number)).labels).toHaveLength(5);

    expect(names(await repo.pulls.labels.replace(pull.number, []))).toEqual([]);
    await repo.pulls.labels.add(pull.number, ["bug"]);
    await repo.pulls.labels.removeAll(pull.number);
    expect(await repo.pulls.labels.list(pull.number).toArray()).toEqual([]);
  });
});

describe("conversation requests are checked before the network", () => {
  const long = "🚀".repeat(65_537);
  const inline = { path: "src/a.ts", side: "RIGHT", startLine: 3, endLine: 5 };

  it.each([
    ["no anchor", { body: "x" }, "", "exactly_one_of"],
    ["two anchors", { body: "x", inline, threadId: "th_1" }, "", "exactly_one_of"],
    ["body over 65,536 code points", { body: long, threadId: "th_1" }, "body", "max_length"],
    ["empty body", { body: "", threadId: "th_1" }, "body", "min_length"],
    ["no body", { threadId: "th_1" }, "body", "required"],
    ["version on a reply", { body: "x", threadId: "th_1", versionNumber: "2" }, "versionNumber", "exclusive"],
    ["version not digits", { body: "x", inline, versionNumber: "v2" }, "versionNumber", "digits"],
    ["end before start", { body: "x", inline: { ...inline, endLine: 2 } }, "inline.endLine", "line_range"],
    ["line 0", { body: "x", inline: { ...inline, startLine: 0 } }, "inline.startLine", "min_value"],
    ["no side", { body: "x", inline: { path: "a", startLine: 1 } }, "inline.side", "required"],
    ["file without path", { body: "x", file: {} }, "file.path", "required"],
  ])("comments.create refuses %s", async (_name, params, path, rule) => {
    const { fake, repo, pull } = await pullSetup();
    await expectRefusedBeforeNetwork(fake, () => repo.pulls.comments.create(pull.number, params as never), path, rule);
  });

  it("refuses bad updates, thread flags, list filters, ids and label names", async () => {
    const { fake, repo, pull } = await pullSetup();
    const comments = repo.pulls.comments;
    const refused = (call: () => PromiseLike<unknown>, path: string, rule: string) =>
      expectRefusedBeforeNetwork(fake, call, path, rule);
    await refused(() => comments.update("cmt_1", { body: long }), "body", "max_length");
    await refused(() => comments.update("cmt_1", { body: "" }), "body", "min_length");
    await refused(() => comments.get(""), "commentId", "required");
    await refused(() => comments.delete(" "), "commentId", "required");
    await refused(() => comments.create("", { body: "x", threadId: "t" }), "pullNumber", "required");
    await refused(() => repo.pulls.threads.update("th_1", { resolved: "yes" as never }), "resolved", "type");
    await refused(() => repo.pulls.threads.resolve(""), "threadId", "required");
    const ids = Array.from({ length: 21 }, (_, i) => `th_${i}`);
    await refused(() => comments.list(pull.number, { threadIds: ids }), "threadIds", "max_items");
    await refused(() => comments.list(pull.number, { since: "yesterday" }), "since", "timestamp");
    await refused(() => comments.list(pull.number, { until: "2026-13-01" }), "until", "timestamp");
    await refused(() => comments.list(pull.number, { pageSize: 101 }), "pageSize", "max_value");
    await refused(() => repo.pulls.files(pull.number, { pageSize: 0 }), "pageSize", "min_value");
    await refused(() => repo.pulls.commits(pull.number, { pageSize: 1.5 }), "pageSize", "integer");
    await refused(() => repo.pulls.labels.add(pull.number, []), "labels", "min_items");
    await refused(() => repo.pulls.labels.add(pull.number, ["x".repeat(51)]), "labels[0]", "max_length");
    await refused(() => repo.pulls.labels.replace(pull.number, [""]), "labels[0]", "min_length");
    await refused(() => repo.pulls.labels.remove(pull.number, ""), "name", "required");
    await refused(() => repo.pulls.labels.list(pull.number, { pageSize: 500 }), "pageSize", "max_value");
  });
});
