import { describe, expect, it } from "vitest";
import {
  type ApiError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  isAgentlineError,
  NotFoundError,
  PermissionDeniedError,
  ValidationError,
} from "../../../src/core/errors.js";
import { contentBytes, contentText } from "../../../src/forge/resources/contents.js";
import { gitSetup } from "./git-fixtures.js";

const FULL = (c: string) => c.repeat(40);
const headSha = (pull: unknown) => (pull as { head?: { sha?: string } }).head?.sha;

describe("Git refs through the fake forge", () => {
  it("creates a branch, answers the same ref on a repeat, and refuses another SHA with AlreadyExists", async () => {
    const { repo, branches } = await gitSetup();
    const main = await repo.git.getRef("heads/main");
    expect(main).toEqual({ ref: "refs/heads/main", sha: branches().get("main") });
    const created = await repo.git.createRef({ ref: "refs/heads/topic/a", sha: main.sha as string });
    expect(created).toEqual({ ref: "refs/heads/topic/a", sha: main.sha });
    expect(branches().get("topic/a")).toBe(main.sha);
    expect(await repo.git.createRef({ ref: "heads/topic/a", sha: main.sha as string })).toEqual(created);
    const other = (await repo.git.getRef("refs/heads/feature/login")).sha as string;
    const conflict = await repo.git.createRef({ ref: "heads/topic/a", sha: other }).catch((error) => error);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ status: 409, code: "already_exists" });
    expect(branches().get("topic/a")).toBe(main.sha);
  });

  it("refuses a SHA that names no commit, and a branch name Git cannot hold", async () => {
    const { repo } = await gitSetup();
    await expect(repo.git.createRef({ ref: "heads/x", sha: FULL("d") })).rejects.toMatchObject({
      status: 400,
      code: "invalid_argument",
      fieldViolations: [expect.objectContaining({ field: "sha" })],
    });
    const sha = (await repo.git.getRef("heads/main")).sha as string;
    await expect(repo.git.createRef({ ref: "heads/bad..name", sha })).rejects.toBeInstanceOf(BadRequestError);
    await expect(repo.git.createRef({ ref: "heads/feature", sha })).rejects.toBeInstanceOf(ConflictError);
  });

  it("deletes a branch and closes the open pull requests headed by it; the default branch stays", async () => {
    const { repo, branches } = await gitSetup();
    const pull = await repo.pulls.create({ title: "Search", head: "feature/search", base: "main" });
    const other = await repo.pulls.create({ title: "Login", head: "feature/login", base: "main" });
    await repo.git.deleteRef("heads/feature/search");
    expect(branches().has("feature/search")).toBe(false);
    expect((await repo.pulls.get(pull.number)).state).toBe("closed");
    expect((await repo.pulls.get(other.number)).state).toBe("open");
    await expect(repo.git.deleteRef("refs/heads/feature/search")).rejects.toBeInstanceOf(NotFoundError);
    await expect(repo.git.deleteRef("heads/main")).rejects.toMatchObject({ status: 400, code: "failed_precondition" });
    expect(branches().has("main")).toBe(true);
  });

  it("never repeats a delete after a lost answer (the branch may have been recreated), but repeats a create", async () => {
    const { repo, fake, branches } = await gitSetup();
    const sha = branches().get("main") as string;
    fake.faults.add({ kind: "disconnect_after", route: "DELETE /v1/forge/repos/acme/web-app/git/refs/heads/fix/typo" });
    await expect(repo.git.deleteRef("heads/fix/typo")).rejects.toBeInstanceOf(ConnectionError);
    expect(fake.requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
    expect(branches().has("fix/typo")).toBe(false);
    fake.faults.add({ kind: "disconnect_after", route: "POST /v1/forge/repos/acme/web-app/git/refs" });
    expect(await repo.git.createRef({ ref: "heads/fix/typo", sha })).toEqual({ ref: "refs/heads/fix/typo", sha });
    expect(fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/git/refs"))).toHaveLength(2);
  });

  it("lists refs by prefix over several pages, pull request head and merge refs included", async () => {
    const { repo, fake, sent } = await gitSetup();
    const pull = await repo.pulls.create({ title: "Login", head: "feature/login", base: "main" });
    const before = sent();
    const heads = await repo.git.matchingRefs("heads/", { pageSize: 2 }).toArray();
    expect(heads.map((r) => r.ref)).toEqual([
      "refs/heads/feature/login",
      "refs/heads/feature/search",
      "refs/heads/fix/typo",
      "refs/heads/main",
    ]);
    expect(sent() - before).toBe(2);
    expect(fake.requests.at(-1)?.query).toMatchObject({ ref: "heads/", pageSize: "2" });
    expect((await repo.git.matchingRefs("heads/feature")).items).toHaveLength(2);
    const pullRefs = await repo.git.matchingRefs(`refs/pull/${pull.number}/`).toArray();
    expect(pullRefs.map((r) => r.ref)).toEqual([`refs/pull/${pull.number}/head`, `refs/pull/${pull.number}/merge`]);
    expect(pullRefs[0]?.sha).toBe(headSha(await repo.pulls.get(pull.number)));
    const merge = await repo.git.getRef(`pull/${pull.number}/merge`);
    const preview = await repo.commits.get(merge.sha as string);
    expect(preview.parents.map((p) => p.sha)).toEqual([heads[3]?.sha, heads[0]?.sha]);
    expect(await repo.contents.text("src/login.ts", { ref: merge.sha as string })).toContain("login");
    expect((await repo.git.matchingRefs().toArray()).length).toBe(6);
  });
});

describe("commits from files through the fake forge", () => {
  it("commits text, base64, executable and symlink files and a delete; the new tip shows everywhere", async () => {
    const { repo, branches } = await gitSetup();
    const tip = branches().get("feature/login") as string;
    const pull = await repo.pulls.create({ title: "Login", head: "feature/login", base: "main" });
    const binary = new Uint8Array([0, 1, 2, 250, 255]);
    const commit = await repo.git.createFromFiles({
      branch: "feature/login",
      message: "Add assets",
      expectedHeadSha: tip,
      files: [
        { path: "docs/new.md", content: "# New\n\nüñí\n" },
        { path: "docs/with space #1?.md", content: "odd name\n" },
        { path: "assets/logo.bin", content: btoa(String.fromCharCode(...binary)), encoding: "base64" },
        { path: "scripts/deploy.sh", content: "#!/bin/sh\n", mode: "executable" },
        { path: "latest", content: "docs/new.md", mode: "symlink" },
        { path: "docs/guide.md", delete: true },
      ],
    });
    expect(commit.previousHeadSha).toBe(tip);
    expect(commit.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(branches().get("feature/login")).toBe(commit.sha);
    expect((await repo.git.getRef("heads/feature/login")).sha).toBe(commit.sha);
    const stored = await repo.commits.get("feature/login");
    expect(stored).toMatchObject({ sha: commit.sha, treeSha: commit.treeSha, message: "Add assets" });
    expect(stored.parents.map((p) => p.sha)).toEqual([tip]);
    expect(await repo.contents.text("docs/new.md", { ref: "feature/login" })).toBe("# New\n\nüñí\n");
    expect(await repo.contents.bytes("assets/logo.bin", { ref: commit.sha })).toEqual(binary);
    expect(await repo.contents.text("docs/with space #1?.md", { ref: commit.sha })).toBe("odd name\n");
    const link = await repo.contents.get("latest", { ref: commit.sha });
    expect(link).toMatchObject({ type: "symlink", target: "docs/new.md", mode: "120000" });
    expect(contentText(link)).toBe("docs/new.md");
    await expect(repo.contents.get("docs/guide.md", { ref: commit.sha })).rejects.toBeInstanceOf(NotFoundError);
    expect((await repo.contents.get("docs/guide.md")).type).toBe("file");
    const tree = await repo.git.tree(commit.treeSha, { recursive: true });
    expect(tree.sha).toBe(commit.treeSha);
    expect(tree.tree.find((e) => e.path === "scripts/deploy.sh")).toMatchObject({
      mode: "100755",
      type: "blob",
      size: "10",
    });
    const changed = await repo.commits.files(commit.sha).toArray();
    expect(changed.map((f) => [f.path, f.status])).toEqual([
      ["assets/logo.bin", "added"],
      ["docs/guide.md", "removed"],
      ["docs/new.md", "added"],
      ["docs/with space #1?.md", "added"],
      ["latest", "added"],
      ["scripts/deploy.sh", "added"],
    ]);
    const compared = await repo.contents.compareFiles("main", "feature/login").toArray();
    expect(compared.map((f) => f.path)).toEqual([
      "assets/logo.bin",
      "docs/guide.md",
      "docs/new.md",
      "docs/with space #1?.md",
      "latest",
      "scripts/deploy.sh",
      "src/index.ts",
      "src/login.ts",
    ]);
    expect(headSha(await repo.pulls.get(pull.number))).toBe(commit.sha);
  });

  it("commits on the default branch when no branch is named, and refuses a stale expectedHeadSha with Aborted", async () => {
    const { repo, branches } = await gitSetup();
    const tip = branches().get("main") as string;
    const made = await repo.git.createFromFiles({
      expectedHeadSha: tip,
      files: [{ path: "CHANGELOG.md", content: "v1\n" }],
    });
    expect(branches().get("main")).toBe(made.sha);
    const stale = await repo.git
      .createFromFiles({ expectedHeadSha: tip, files: [{ path: "CHANGELOG.md", content: "v2\n" }] })
      .catch((error) => error);
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale).toMatchObject({ status: 409, code: "aborted" });
    expect(await repo.contents.text("CHANGELOG.md")).toBe("v1\n");
  });

  it("refuses deleting a missing file, a path twice, and a file where a directory is", async () => {
    const { repo, branches } = await gitSetup();
    const expectedHeadSha = branches().get("main") as string;
    const refused = async (files: never[], field: string) => {
      const error = await repo.git.createFromFiles({ expectedHeadSha, files }).catch((e) => e as ApiError);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.fieldViolations).toEqual([expect.objectContaining({ field })]);
    };
    await refused([{ path: "nope.txt", delete: true }] as never[], "files[0].path");
    await refused(
      [
        { path: "a", content: "1" },
        { path: "a", content: "2" },
      ] as never[],
      "files[1].path",
    );
    await refused([{ path: "src", content: "file over a directory" }] as never[], "files[0].path");
    await refused([{ path: "../escape", content: "x" }] as never[], "files[0].path");
    expect(branches().get("main")).toBe(expectedHeadSha);
  });

  it("is retried after a lost answer only because expectedHeadSha makes the repeat fail instead of applying twice", async () => {
    const { repo, fake, branches } = await gitSetup();
    const tip = branches().get("main") as string;
    fake.faults.add({
      kind: "disconnect_after",
      route: "POST /v1/forge/repos/acme/web-app/git/commits:createFromFiles",
    });
    const error = await repo.git
      .createFromFiles({ expectedHeadSha: tip, files: [{ path: "once.txt", content: "once\n" }] })
      .catch((e) => e as ApiError);
    const posts = fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("commits:createFromFiles"));
    expect(posts).toHaveLength(2);
    expect(posts.map((r) => r.fault)).toEqual(["disconnect_after", undefined]);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.code).toBe("aborted");
    const head = await repo.commits.get("main");
    expect(head.parents.map((p) => p.sha)).toEqual([tip]);
    expect(await repo.contents.text("once.txt")).toBe("once\n");
    // A 5xx before the write is retried too, and applies exactly once.
    fake.faults.add({ kind: "server_error", route: "POST /v1/forge/repos/acme/web-app/git/commits:createFromFiles" });
    const next = await repo.git.createFromFiles({
      expectedHeadSha: head.sha,
      files: [{ path: "twice.txt", content: "2" }],
    });
    expect(next.previousHeadSha).toBe(head.sha);
    expect((await repo.commits.get("main")).parents.map((p) => p.sha)).toEqual([head.sha]);
  });

  it("is refused on an inbound mirror (contents:write does not apply there) but reads work", async () => {
    const { forge } = await gitSetup();
    const mirror = forge.repo("acme", "legacy-mirror");
    const sha = (await mirror.commits.get("main")).sha;
    expect(await mirror.contents.text("README.md")).toContain("legacy-mirror");
    await expect(
      mirror.git.createFromFiles({ expectedHeadSha: sha, files: [{ path: "a", content: "b" }] }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(mirror.git.createRef({ ref: "heads/x", sha })).rejects.toBeInstanceOf(PermissionDeniedError);
  });
});

describe("commits, contents and trees through the fake forge", () => {
  it("reads the seeded history, files as base64 and text, directories, and trees with and without recursion", async () => {
    const { repo } = await gitSetup();
    const main = await repo.commits.get("main");
    expect(main.parents).toHaveLength(1);
    const root = await repo.commits.get(main.parents[0]?.sha as string);
    expect(root.parents).toEqual([]);
    expect(await repo.commits.get(main.sha.slice(0, 7))).toMatchObject({ sha: main.sha });
    expect((await repo.commits.files(root.sha).toArray()).map((f) => [f.path, f.status])).toEqual([
      ["README.md", "added"],
    ]);
    const readme = await repo.contents.get("README.md");
    expect(readme).toMatchObject({ type: "file", path: "README.md", encoding: "base64", mode: "100644" });
    expect(contentText(readme)).toMatch(/^# web-app\n/);
    expect(contentBytes(readme).length).toBe(Number(readme.size));
    expect(await repo.contents.text("README.md", { ref: root.sha })).not.toContain("## Build");
    const docs = await repo.contents.get("/docs/");
    expect(docs.type).toBe("dir");
    expect(docs.entries?.map((e) => [e.name, e.type])).toEqual([
      ["guide.md", "file"],
      ["index.md", "symlink"],
    ]);
    expect(() => contentBytes(docs)).toThrow(expect.objectContaining({ code: "not_a_file" }));
    const dirError = await repo.contents.text("docs").catch((e) => e);
    expect(isAgentlineError(dirError) && dirError.code).toBe("not_a_file");
    const flat = await repo.git.tree(main.treeSha as string);
    expect(flat.tree.map((e) => `${e.type} ${e.path}`)).toEqual([
      "blob README.md",
      "tree docs",
      "blob package.json",
      "tree scripts",
      "tree src",
    ]);
    const src = flat.tree.find((e) => e.path === "src")?.sha as string;
    expect((await repo.git.tree(src, { recursive: true })).tree.map((e) => e.path)).toEqual([
      "index.ts",
      "util",
      "util/strings.ts",
    ]);
    expect((await repo.git.tree("main", { recursive: true })).tree).toHaveLength(11);
    // Tree ids follow contents: a change below src/ changes the root tree, an untouched src/ keeps its id.
    const login = await repo.git.tree("feature/login");
    const typo = await repo.git.tree("fix/typo");
    expect(login.sha).not.toBe(flat.sha);
    expect(login.tree.find((e) => e.path === "src")?.sha).not.toBe(src);
    expect(typo.tree.find((e) => e.path === "src")?.sha).toBe(src);
    expect(typo.tree.find((e) => e.path === "docs")?.sha).not.toBe(flat.tree.find((e) => e.path === "docs")?.sha);
    await expect(repo.contents.get("missing.txt")).rejects.toBeInstanceOf(NotFoundError);
    await expect(repo.commits.get("no-such-branch")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("pages through commit files and comparisons; a branch that moves mid-listing invalidates the token", async () => {
    const { repo, branches, sent } = await gitSetup();
    const tip = branches().get("fix/typo") as string;
    const files = Array.from({ length: 5 }, (_, i) => ({ path: `pages/p${i}.md`, content: `page ${i}\n` }));
    const made = await repo.git.createFromFiles({ branch: "fix/typo", expectedHeadSha: tip, files });
    let before = sent();
    expect((await repo.commits.files(made.sha, { pageSize: 2 }).toArray()).map((f) => f.path)).toEqual(
      files.map((f) => f.path),
    );
    expect(sent() - before).toBe(3);
    before = sent();
    const compared = await repo.contents.compareFiles("main", "fix/typo", { pageSize: 2 }).toArray();
    expect(compared.map((f) => f.path)).toEqual(["docs/guide.md", ...files.map((f) => f.path)]);
    expect(compared[0]).toMatchObject({ status: "modified", additions: 1, deletions: 1, changes: 2 });
    expect(sent() - before).toBe(3);
    expect((await repo.contents.compareFiles("fix/typo", "main")).items).toEqual([]);
    expect((await repo.contents.compareFiles("main", "main")).items).toEqual([]);
    const pages = repo.contents.compareFiles("main", "fix/typo", { pageSize: 2 }).pages();
    expect((await pages.next()).value?.items).toHaveLength(2);
    await repo.git.createFromFiles({
      branch: "fix/typo",
      expectedHeadSha: made.sha,
      files: [{ path: "moved", content: "!" }],
    });
    await expect(pages.next()).rejects.toMatchObject({ status: 400, code: "invalid_argument" });
  });
});

describe("requests that break a documented rule fail before the network and name the field and rule", () => {
  it.each([
    ["createRef: tag", (r: Repo) => r.git.createRef({ ref: "refs/tags/v1", sha: FULL("a") }), "ref", "branch_ref"],
    ["createRef: short name", (r: Repo) => r.git.createRef({ ref: "main", sha: FULL("a") }), "ref", "branch_ref"],
    ["createRef: abbreviated sha", (r: Repo) => r.git.createRef({ ref: "heads/x", sha: "abc1234" }), "sha", "full_sha"],
    ["createRef: no ref", (r: Repo) => r.git.createRef({ sha: FULL("a") } as never), "ref", "required"],
    ["deleteRef: tag", (r: Repo) => r.git.deleteRef("refs/tags/v1"), "ref", "branch_ref"],
    ["deleteRef: bare name", (r: Repo) => r.git.deleteRef("feature/login"), "ref", "branch_ref"],
    ["getRef: empty", (r: Repo) => r.git.getRef(""), "ref", "required"],
    ["tree: empty", (r: Repo) => r.git.tree(""), "treeSha", "required"],
    ["matchingRefs: pageSize", (r: Repo) => r.git.matchingRefs("heads/", { pageSize: 101 }), "pageSize", "max_value"],
    ["commits.get: empty", (r: Repo) => r.commits.get(""), "ref", "required"],
    ["commits.files: pageSize", (r: Repo) => r.commits.files("main", { pageSize: 0 }), "pageSize", "min_value"],
    ["contents.get: empty", (r: Repo) => r.contents.get(""), "path", "required"],
    ["contents.get: root", (r: Repo) => r.contents.get("/"), "path", "required"],
    ["compareFiles: joined", (r: Repo) => r.contents.compareFiles("a...b", "c"), "base", "ref"],
    ["compareFiles: no head", (r: Repo) => r.contents.compareFiles("main", ""), "head", "required"],
    ["tarball: empty ref", (r: Repo) => r.contents.tarball(""), "ref", "required"],
  ])("%s", async (_name, call, path, rule) => {
    const { repo, sent } = await gitSetup();
    const before = sent();
    const error = await Promise.resolve()
      .then(() => call(repo))
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ path, rule, direction: "request" });
    expect(sent()).toBe(before);
  });

  const SHA = FULL("c");
  const put = (path: string, content: string, extra: Record<string, unknown> = {}) => ({ path, content, ...extra });
  const MIB = 1024 * 1024;
  it.each([
    [{ files: [put("a", "x")] }, "expectedHeadSha", "required"],
    [{ expectedHeadSha: "abc", files: [put("a", "x")] }, "expectedHeadSha", "full_sha"],
    [{ expectedHeadSha: SHA, files: [] }, "files", "min_items"],
    [{ expectedHeadSha: SHA, files: Array.from({ length: 1001 }, (_, i) => put(`${i}`, "")) }, "files", "max_items"],
    [{ expectedHeadSha: SHA, files: [{ path: "a" }] }, "files[0]", "exactly_one_of"],
    [{ expectedHeadSha: SHA, files: [{ path: "a", delete: true, mode: "file" }] }, "files[0].mode", "exclusive"],
    [{ expectedHeadSha: SHA, files: [{ path: "a", delete: false }] }, "files[0].delete", "type"],
    [{ expectedHeadSha: SHA, files: [put("a", "x", { encoding: "latin1" })] }, "files[0].encoding", "one_of"],
    [{ expectedHeadSha: SHA, files: [put("a", "x", { mode: "dir" })] }, "files[0].mode", "one_of"],
    [{ expectedHeadSha: SHA, files: [put("a", "not base64!", { encoding: "base64" })] }, "files[0].content", "base64"],
    [{ expectedHeadSha: SHA, files: [{ content: "x" }] }, "files[0].path", "required"],
    [{ expectedHeadSha: SHA, files: [put("a", "x".repeat(8 * MIB + 1))] }, "files[0].content", "max_file_size"],
    [
      { expectedHeadSha: SHA, files: Array.from({ length: 5 }, (_, i) => put(`f${i}`, "x".repeat(7 * MIB))) },
      "files",
      "max_total_size",
    ],
    [{ expectedHeadSha: SHA, files: [put("a", "x")], branch: "refs/tags/v1" }, "branch", "branch_ref"],
    [{ expectedHeadSha: SHA, files: [put("a", "x")], branch: "" }, "branch", "type"],
    [{ expectedHeadSha: SHA, files: [put("a", "x")], message: 7 }, "message", "type"],
  ])("createFromFiles %#: %s → %s", async (body, path, rule) => {
    const { repo, sent } = await gitSetup();
    const before = sent();
    await expect(repo.git.createFromFiles(body as never)).rejects.toMatchObject({ path, rule });
    expect(sent()).toBe(before);
  });

  it.each([
    [{}, "query", "required"],
    [{ query: "" }, "query", "min_length"],
    [{ query: "(?i)" }, "query", "empty_pattern"],
    [{ query: "x", includes: Array.from({ length: 21 }, () => "*") }, "includes", "max_items"],
    [{ query: "x", excludes: Array.from({ length: 21 }, () => "*") }, "excludes", "max_items"],
    [{ query: "x", maxResults: 1001 }, "maxResults", "max_value"],
    [{ query: "x", maxResults: 0 }, "maxResults", "min_value"],
    [{ query: "x", contextAfter: -1 }, "contextAfter", "min_value"],
    [{ query: "x", contextBefore: 1.5 }, "contextBefore", "integer"],
    [{ query: "x", literal: "yes" }, "literal", "type"],
  ])("grep %o", async (body, path, rule) => {
    const { repo, sent } = await gitSetup();
    const before = sent();
    await expect(repo.contents.grep(body as never)).rejects.toMatchObject({ path, rule });
    expect(sent()).toBe(before);
  });
});

type Repo = Awaited<ReturnType<typeof gitSetup>>["repo"];
