import { describe, expect, it } from "vitest";
import { repoData } from "../../../../src/testing/forge/repo-state.js";
import { type Json, rpc } from "./helpers.js";
import { repoSetup } from "./repo-setup.js";

const PULLS = "/repos/acme/web-app/pulls";
const open = (head: string, title = head) => ({ title, head, base: "main" });
const numbers = (json: Json) => json.pullRequests.map((pull: Json) => pull.number);

describe("forge pull requests", () => {
  it("creates open pull requests numbered as strings per repository, on seeded branches", async () => {
    const { call, token } = await repoSetup();
    const first = await call("POST", PULLS, { token, body: { ...open("feature/login"), body: "Adds login" } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      number: "1",
      state: "open",
      title: "feature/login",
      body: "Adds login",
      head: { ref: "feature/login" },
      base: { ref: "main" },
      repository: { fullName: "acme/web-app" },
    });
    expect(first.json.head.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(first.json.author.app.id).toMatch(/^app_/);
    const second = await call("POST", PULLS, { token, body: { ...open("fix/typo"), base: "refs/heads/main" } });
    expect(second.json.number).toBe("2");
    const other = await call("POST", "/repos/_/repo_0002/pulls", { token, body: open("feature/login") });
    expect(other.json.number).toBe("1");
    expect((await call("GET", `${PULLS}/2`, { token })).json.head.ref).toBe("fix/typo");
    expect((await call("GET", `${PULLS}/7`, { token })).status).toBe(404);
  });

  it("refuses a SHA, tag or unknown base, an unknown head and overlong titles with field violations", async () => {
    const { call, token } = await repoSetup();
    const bad = async (body: Json) => rpc((await call("POST", PULLS, { token, body })).json);
    expect(await bad({ ...open("feature/login"), base: "f".repeat(40) })).toMatchObject({ code: 3, fields: ["base"] });
    expect((await bad({ ...open("feature/login"), base: "refs/tags/v1" })).fields).toEqual(["base"]);
    expect((await bad({ ...open("feature/login"), base: "develop" })).fields).toEqual(["base"]);
    expect((await bad(open("feature/none"))).fields).toEqual(["head"]);
    expect((await bad(open("feature/login", "x".repeat(257)))).fields).toEqual(["title"]);
    expect((await bad(open("feature/login", "😀".repeat(256)))).code).toBeUndefined();
    expect((await bad({ ...open("feature/login"), body: "b".repeat(65_537) })).fields).toEqual(["body"]);
  });

  it("lists by state (open default, closed includes merged, merged, all), sorted and paged", async () => {
    const { call, token, clock } = await repoSetup();
    for (const head of ["feature/login", "feature/search", "fix/typo"]) {
      await call("POST", PULLS, { token, body: open(head) });
      clock.t += 1000;
    }
    await call("PATCH", `${PULLS}/2`, { token, body: { state: "closed" } });
    await call("PUT", `${PULLS}/3/merge`, { token, body: {} });
    const list = async (query: string) => numbers((await call("GET", `${PULLS}${query}`, { token })).json);
    expect(await list("")).toEqual(["1"]);
    expect(await list("?state=closed")).toEqual(["3", "2"]);
    expect(await list("?state=merged")).toEqual(["3"]);
    expect(await list("?state=all&direction=asc")).toEqual(["1", "2", "3"]);
    clock.t += 1000;
    await call("PATCH", `${PULLS}/1`, { token, body: { title: "Login v2" } });
    expect(await list("?state=all&sortBy=updated")).toEqual(["1", "3", "2"]);
    const page = await call("GET", `${PULLS}?state=all&pageSize=2`, { token });
    expect(numbers(page.json)).toEqual(["3", "2"]);
    expect(await list(`?state=all&pageSize=2&pageToken=${page.json.nextPageToken}`)).toEqual(["1"]);
    const changed = await call("GET", `${PULLS}?state=open&pageToken=${page.json.nextPageToken}`, { token });
    expect(changed.status).toBe(400);
    expect(rpc((await call("GET", `${PULLS}?state=draft`, { token })).json).fields).toEqual(["state"]);
  });

  it("updates title, body, base and closes", async () => {
    const { call, token } = await repoSetup();
    await call("POST", PULLS, { token, body: open("feature/login") });
    const updated = await call("PATCH", `${PULLS}/1`, {
      token,
      body: { title: "New", body: "Text", base: "feature/search" },
    });
    expect(updated.json).toMatchObject({ title: "New", body: "Text", base: { ref: "feature/search" } });
    expect(rpc((await call("PATCH", `${PULLS}/1`, { token, body: { base: "nope" } })).json).fields).toEqual(["base"]);
    const closed = await call("PATCH", `${PULLS}/1`, { token, body: { state: "closed" } });
    expect(closed.json).toMatchObject({ state: "closed", closedAt: expect.any(String) });
    expect((await call("PATCH", `${PULLS}/1`, { token, body: { base: "main" } })).status).toBe(400);
  });
});

describe("forge merge pull request", () => {
  it("merges (10 points), moves the base tip, and refuses a second merge with FailedPrecondition", async () => {
    const { call, token } = await repoSetup();
    const pull = await call("POST", PULLS, { token, body: open("feature/login") });
    const merged = await call("PUT", `${PULLS}/1/merge`, {
      token,
      body: { mergeMethod: "squash", expectedHeadSha: pull.json.head.sha },
    });
    expect(merged.status).toBe(200);
    expect(merged.headers.get("x-ratelimit-used")).toBe("15");
    expect(merged.json).toMatchObject({ state: "merged", mergeMethod: "squash", mergedAt: expect.any(String) });
    expect(merged.json.base.sha).not.toBe(pull.json.base.sha);
    const again = await call("PUT", `${PULLS}/1/merge`, { token, body: {} });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe(9);
  });

  it("answers Aborted 409 when the head moved past expectedHeadSha, 400 for rebase or a malformed SHA", async () => {
    const { call, token, fake } = await repoSetup();
    const pull = await call("POST", PULLS, { token, body: open("feature/search") });
    const repo = fake.forge.state.repositories[0];
    if (!repo) throw new Error("no seeded repository");
    repoData(fake.forge.state, repo).branches.set("feature/search", "b".repeat(40));
    const moved = await call("PUT", `${PULLS}/1/merge`, { token, body: { expectedHeadSha: pull.json.head.sha } });
    expect(moved.status).toBe(409);
    expect(moved.json.code).toBe(10);
    expect((await call("GET", `${PULLS}/1`, { token })).json.head.sha).toBe("b".repeat(40));
    const rebase = await call("PUT", `${PULLS}/1/merge`, { token, body: { mergeMethod: "rebase" } });
    expect(rpc(rebase.json)).toMatchObject({ code: 3, fields: ["mergeMethod"] });
    const malformed = await call("PUT", `${PULLS}/1/merge`, { token, body: { expectedHeadSha: "abc" } });
    expect(rpc(malformed.json).fields).toEqual(["expectedHeadSha"]);
    repo.allowMergeCommit = false;
    const disallowed = await call("PUT", `${PULLS}/1/merge`, { token, body: { mergeMethod: "merge" } });
    expect(disallowed.json.code).toBe(9);
    expect((await call("PUT", `${PULLS}/1/merge`, { token, body: {} })).json.mergeMethod).toBe("squash");
  });

  it("rejects pull requests on mirrors (403) and needs contents:write to merge", async () => {
    const { call, token } = await repoSetup();
    const mirror = await call("POST", "/repos/acme/legacy-mirror/pulls", { token, body: open("feature/login") });
    expect(mirror.status).toBe(403);
    const pullsOnly = await repoSetup(["repository:pull_requests:write"]);
    await pullsOnly.call("POST", PULLS, { token: pullsOnly.token, body: open("feature/login") });
    const merge = await pullsOnly.call("PUT", `${PULLS}/1/merge`, { token: pullsOnly.token, body: {} });
    expect(merge.status).toBe(403);
  });
});
