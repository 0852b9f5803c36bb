import { describe, expect, it } from "vitest";
import { NotFoundError, PermissionDeniedError } from "../../../src/core/errors.js";
import { addCommit, gitStore, textFile } from "../../../src/testing/forge/git-store.js";
import { repoData } from "../../../src/testing/forge/repo-state.js";
import { gitSetup, parseTar, readAll } from "./git-fixtures.js";

const BASE = "https://forge.example.test";

describe("grep through the fake forge", () => {
  it("searches with a regular expression, a leading (?i), and literal text with its case and word options", async () => {
    const { repo } = await gitSetup();
    const where = (result: { lines: Array<{ path: string; lineNumber: number }> }) =>
      result.lines.map((line) => `${line.path}:${line.lineNumber}`);
    expect(where(await repo.contents.grep({ query: "TO+DO" }))).toEqual(["docs/guide.md:5", "src/index.ts:3"]);
    const insensitive = ["docs/guide.md:5", "src/index.ts:3", "src/util/strings.ts:6"];
    expect(where(await repo.contents.grep({ query: "(?i)todo" }))).toEqual(insensitive);
    expect(where(await repo.contents.grep({ query: "todo", literal: true, caseInsensitive: true }))).toEqual(
      insensitive,
    );
    // The boolean options apply only to literal searches (spec, Versioning).
    expect(where(await repo.contents.grep({ query: "todo", caseInsensitive: true }))).toEqual([
      "src/util/strings.ts:6",
    ]);
    expect(where(await repo.contents.grep({ query: "greet(", literal: true }))).toEqual([
      "src/index.ts:4",
      "src/util/strings.ts:2",
    ]);
    expect((await repo.contents.grep({ query: "gree", literal: true, wholeWord: true })).lines).toEqual([]);
    expect((await repo.contents.grep({ query: "gree", literal: true })).lines.length).toBeGreaterThan(0);
  });

  it("filters by path, includes and excludes globs, a ref, and honours maxResults with limitHit", async () => {
    const { repo } = await gitSetup();
    const paths = async (params: Parameters<typeof repo.contents.grep>[0]) => [
      ...new Set((await repo.contents.grep(params)).lines.map((line) => line.path)),
    ];
    expect(await paths({ query: "e", includes: ["*.ts"] })).toEqual(["src/index.ts", "src/util/strings.ts"]);
    expect(await paths({ query: "e", excludes: ["src/**", "*.json"] })).toEqual([
      "README.md",
      "docs/guide.md",
      "scripts/build.sh",
    ]);
    expect(await paths({ query: "e", filterPath: "src/util" })).toEqual(["src/util/strings.ts"]);
    expect(await paths({ query: "signed in", ref: "feature/login" })).toEqual(["src/login.ts"]);
    expect(await paths({ query: "signed in" })).toEqual([]);
    const limited = await repo.contents.grep({ query: "e", maxResults: 2 });
    expect(limited.lines).toHaveLength(2);
    expect(limited.limitHit).toBe(true);
    expect((await repo.contents.grep({ query: "TODO", maxResults: 2 })).limitHit).toBe(false);
  });

  it("sends context above 10 as 10 and answers the lines around each match", async () => {
    const { repo, fake } = await gitSetup();
    const result = await repo.contents.grep({ query: "^export const shout", contextBefore: 25, contextAfter: 1 });
    expect(fake.requests.at(-1)?.body).toMatchObject({ contextBefore: 10, contextAfter: 1 });
    expect(result.lines).toEqual([
      expect.objectContaining({
        path: "src/util/strings.ts",
        lineNumber: 7,
        contextBefore: [
          "/** Says hello. */",
          "export function greet(name: string): string {",
          '  return "Hello, " + name + "!";',
          "}",
          "",
          "// todo: a farewell helper",
        ],
        contextAfter: [],
      }),
    ]);
  });

  it("answers InvalidArgument for a pattern that is not a regular expression, and needs contents:read", async () => {
    const { repo } = await gitSetup();
    await expect(repo.contents.grep({ query: "(unclosed" })).rejects.toMatchObject({
      status: 400,
      fieldViolations: [expect.objectContaining({ field: "query" })],
    });
    const narrow = await gitSetup(["repository:pull_requests:read"]);
    await expect(narrow.repo.contents.grep({ query: "x" })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(narrow.repo.contents.get("README.md")).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it("answers the wire rules itself: (?i) alone is InvalidArgument, and only recursive=true or 1 recurses", async () => {
    const { fake, repo } = await gitSetup();
    const tree = await repo.git.tree("main");
    const [token] = [...fake.forge.state.tokens.keys()];
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const grep = await fake.fetch(`${BASE}/v1/forge/repos/acme/web-app:grep`, {
      method: "POST",
      headers,
      body: JSON.stringify({ query: "(?i)" }),
    });
    expect(grep.status).toBe(400);
    expect((await grep.json()).code).toBe(3);
    const count = async (recursive: string) => {
      const url = `${BASE}/v1/forge/repos/acme/web-app/git/trees/${tree.sha}?recursive=${recursive}`;
      return (await (await fake.fetch(url, { headers })).json()).tree.length;
    };
    expect(await count("1")).toBe(11);
    expect(await count("true")).toBe(11);
    expect(await count("false")).toBe(tree.tree.length);
    expect(await count("yes")).toBe(tree.tree.length);
  });

  it("matches the custom method exactly: another verb on the repository is NotFound", async () => {
    const { fake, repo } = await gitSetup();
    await repo.contents.grep({ query: "x" });
    const [token] = [...fake.forge.state.tokens.keys()];
    const response = await fake.fetch(`${BASE}/v1/forge/repos/acme/web-app:grepp`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "x" }),
    });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe(5);
  });
});

describe("history the store derives from pull requests and other writers", () => {
  it("records a merge with both parents and a squash with one; the merged files are on the base", async () => {
    const { repo, branches } = await gitSetup();
    const before = branches().get("main") as string;
    const login = await repo.pulls.create({ title: "Login", head: "feature/login", base: "main" });
    await repo.pulls.merge(login.number, { mergeMethod: "merge" });
    const merged = await repo.commits.get("main");
    expect(merged.parents.map((p) => p.sha)).toEqual([before, branches().get("feature/login")]);
    expect(await repo.contents.text("src/login.ts")).toContain("signed in");
    const search = await repo.pulls.create({ title: "Search", head: "feature/search", base: "main" });
    await repo.pulls.merge(search.number, { mergeMethod: "squash" });
    const squashed = await repo.commits.get("main");
    expect(squashed.parents.map((p) => p.sha)).toEqual([merged.sha]);
    const files = (await repo.git.tree("main", { recursive: true })).tree.map((entry) => entry.path);
    expect(files).toEqual(expect.arrayContaining(["src/login.ts", "src/search.ts"]));
    expect(files).not.toContain("docs/index.md");
    expect((await repo.contents.compareFiles("main", "feature/login")).items).toEqual([]);
  });

  it("answers NotFound when two commits share no history", async () => {
    const { repo, fake } = await gitSetup();
    const stored = fake.forge.state.repositories.find((candidate) => candidate.name === "web-app");
    if (!stored) throw new Error("no web-app");
    const data = repoData(fake.forge.state, stored);
    const orphan = addCommit(gitStore(data, stored), {
      sha: "e".repeat(40),
      parents: [],
      message: "An unrelated root",
      author: { name: "Someone", email: "someone@example.test", at: 0 },
      files: new Map([["only.txt", textFile("alone\n")]]),
    });
    data.branches.set("orphan", orphan.sha);
    await expect(repo.contents.compareFiles("main", "orphan")).rejects.toBeInstanceOf(NotFoundError);
    expect(await repo.contents.text("only.txt", { ref: "orphan" })).toBe("alone\n");
  });
});

describe("tarballs through the fake forge", () => {
  it("streams a gzip tar wrapped in {owner}-{repo}-{shortSha}/, parsed back entry by entry", async () => {
    const { repo, fake } = await gitSetup();
    const main = await repo.commits.get("main");
    const used = Number(fake.requests.length);
    const tarball = await repo.contents.tarball("main");
    expect(fake.requests.length).toBe(used + 1);
    expect(tarball.contentType).toBe("application/gzip");
    expect(tarball.response.bodyUsed).toBe(false);
    expect(tarball.response.headers.get("x-ratelimit-used")).not.toBeNull();
    const archive = await readAll(tarball.body.pipeThrough(new DecompressionStream("gzip")));
    expect(archive.length % 10240).toBe(0);
    const { entries, global } = parseTar(archive);
    const top = `acme-web-app-${main.sha.slice(0, 7)}/`;
    expect(global.comment).toBe(main.sha);
    expect(entries[0]).toMatchObject({ name: top, type: "5" });
    expect(entries.every((entry) => entry.name.startsWith(top))).toBe(true);
    const byName = new Map(entries.map((entry) => [entry.name.slice(top.length), entry]));
    expect(new TextDecoder().decode(byName.get("README.md")?.bytes)).toBe(await repo.contents.text("README.md"));
    expect(byName.get("scripts/build.sh")).toMatchObject({ type: "0", mode: 0o755 });
    expect(byName.get("src/index.ts")).toMatchObject({ type: "0", mode: 0o644 });
    expect(byName.get("docs/index.md")).toMatchObject({ type: "2", linkName: "guide.md" });
    expect(byName.get("src/util/")).toMatchObject({ type: "5" });
    const tree = (await repo.git.tree("main", { recursive: true })).tree;
    expect(byName.size).toBe(tree.length + 1);
  });

  it("puts long paths in PAX headers and archives the commit a ref names", async () => {
    const { repo, branches } = await gitSetup();
    const deep = `${"nested/".repeat(20)}file-with-a-long-name.txt`;
    const made = await repo.git.createFromFiles({
      branch: "fix/typo",
      expectedHeadSha: branches().get("fix/typo") as string,
      files: [{ path: deep, content: "deep\n" }],
    });
    const tarball = await repo.contents.tarball(made.sha);
    const { entries, global } = parseTar(await readAll(tarball.body.pipeThrough(new DecompressionStream("gzip"))));
    expect(global.comment).toBe(made.sha);
    const entry = entries.find((candidate) => candidate.name.endsWith("file-with-a-long-name.txt"));
    expect(entry?.name).toBe(`acme-web-app-${made.sha.slice(0, 7)}/${deep}`);
    expect(new TextDecoder().decode(entry?.bytes)).toBe("deep\n");
    await expect(repo.contents.tarball("no-such-ref")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("redirects a repeat request to a signed address that works without credentials for 15 minutes", async () => {
    const { repo, fake, clock } = await gitSetup();
    await readAll((await repo.contents.tarball("main")).body);
    // Through the SDK a repeat still streams: `fetch` follows the redirect, and so does the fake for it.
    const again = await repo.contents.tarball("main");
    expect(parseTar(await readAll(again.body.pipeThrough(new DecompressionStream("gzip")))).entries.length).toBe(12);
    const [token] = [...fake.forge.state.tokens.keys()];
    const manual = await fake.fetch(
      new Request(`${BASE}/v1/forge/repos/acme/web-app/tarball/main`, {
        headers: { authorization: `Bearer ${token}` },
        redirect: "manual",
      }),
    );
    expect(manual.status).toBe(302);
    const location = manual.headers.get("location") as string;
    expect(location.startsWith(`${BASE}/v1/forge/`)).toBe(true);
    const download = await fake.fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/gzip");
    expect(download.headers.get("x-ratelimit-used")).toBeNull();
    const { global } = parseTar(
      await readAll((download.body as ReadableStream).pipeThrough(new DecompressionStream("gzip"))),
    );
    expect(global.comment).toBe((await repo.commits.get("main")).sha);
    clock.t += 15 * 60_000;
    const expired = await fake.fetch(location);
    expect(expired.status).toBe(403);
  });

  it("hands the body over unread: cancelling it ends the download and the client goes on", async () => {
    const { repo } = await gitSetup();
    const tarball = await repo.contents.tarball("feature/login");
    const reader = tarball.body.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    expect((await repo.commits.get("feature/login")).message).toBe("Add a login form");
  });
});
