// `ForgeClient.request()` / `ForgeApp.request()`: the escape hatch with the forge policy — paths below the forge
// prefix, the known route's points and retry class, the caller's `points` otherwise, typed errors.
import { describe, expect, it } from "vitest";
import { ConflictError, InternalServerError } from "../../../src/core/errors.js";
import { ForgeClient, type ForgePointsWait } from "../../../src/forge/index.js";
import { ForgePointsBudget } from "../../../src/forge/points-budget.js";
import { BASE_URL, forgeSetup } from "./forge-fixtures.js";

const SCOPES = ["repository:contents:write", "repository:pull_requests:write", "repository:labels:write"];

/** An independent forge: 200 `{}` except scripted statuses; a user client with a 12-point budget on a virtual clock. */
function scriptedForge(statuses: number[] = []) {
  let now = Date.parse("2026-11-21T12:00:00Z");
  const received: Request[] = [];
  const waits: ForgePointsWait[] = [];
  const sleep = async (ms: number) => {
    now += ms;
  };
  const budget = new ForgePointsBudget({ limits: { user: 12 }, now: () => now, sleep, onWait: (w) => waits.push(w) });
  const forge = new ForgeClient({
    token: "fut_scripted_token_0123456789",
    baseUrl: BASE_URL,
    fetch: async (request) => {
      received.push(request);
      const status = statuses.shift() ?? 200;
      return status === 200
        ? Response.json({ ok: true })
        : Response.json({ code: 14, message: "scripted", details: [] }, { status });
    },
    now: () => now,
    sleep,
    random: () => 0.5,
    points: { budget, principal: async () => ({ kind: "user", id: "user_1" }) },
  });
  return { forge, received, waits };
}

describe("forge request()", () => {
  it("an installation reads labels below the forge prefix, the same data as labels.list", async () => {
    const { installation, fake } = await forgeSetup({ users: [], install: { scopes: SCOPES } });
    const repos = await installation.installationRepos.list();
    const repo = repos.items[0];
    if (!repo) throw new Error("the fake installation reaches no repository");
    const [owner, name] = (repo.fullName ?? "").split("/") as [string, string];
    const created = await installation.request<{ name: string }>({
      method: "POST",
      path: `/repos/${owner}/${name}/labels`,
      body: { name: "raw", color: "ff8800" },
    });
    expect(created.name).toBe("raw");
    expect(fake.requests.at(-1)?.path).toBe(`/v1/forge/repos/${owner}/${name}/labels`);
    await expect(
      installation.request({
        method: "POST",
        path: `/repos/${owner}/${name}/labels`,
        body: { name: "raw", color: "ff8800" },
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    const labels = await installation.request<{ labels: Array<{ name: string }> }>({
      method: "GET",
      path: `/repos/${owner}/${name}/labels`,
    });
    const listed = await installation.repo(owner, name).labels.list().toArray();
    expect(labels.labels.map((label) => label.name)).toEqual(listed.map((label) => label.name));
  });

  it("the app reads itself with its JWT", async () => {
    const { appWith, appId } = await forgeSetup({ users: [], install: { scopes: SCOPES } });
    expect(await appWith().request<{ id: string }>({ method: "GET", path: "/app" })).toMatchObject({ id: appId });
  });

  it("spends the known route's points (mergeability: 10), 1 per unknown read, the caller's `points` when given", async () => {
    const { forge, received, waits } = scriptedForge();
    await forge.request({ method: "GET", path: "/repos/acme/web/pulls/7/mergeability" });
    await forge.request({ method: "GET", path: "/repos/acme/web/something-new" });
    await forge.request({ method: "GET", path: "/repos/acme/web/something-new" });
    expect(waits).toEqual([]);
    await forge.request({ method: "GET", path: "/rate_limit" });
    await forge.request({ method: "GET", path: "/repos/acme/web/something-new", points: 0 });
    expect(waits).toEqual([]);
    await forge.request({ method: "GET", path: "/repos/acme/web/something-new" });
    expect(waits.map((wait) => wait.cost)).toEqual([1]);
    // The wait let the first minute's 12 points expire: 1 is spent, 7 more fit, 7 after that do not.
    await forge.request({ method: "POST", path: "/repos/acme/web/something-new", points: 7 });
    expect(waits.map((wait) => wait.cost)).toEqual([1]);
    await forge.request({ method: "POST", path: "/repos/acme/web/something-new", points: 7 });
    expect(waits.map((wait) => wait.cost)).toEqual([1, 7]);
    expect(received).toHaveLength(8);
  });

  it("keeps the known route's retry class: a merge is repeated after a 503 only with expectedHeadSha", async () => {
    const merge = "/repos/acme/web/pulls/7/merge";
    const bare = scriptedForge([503]);
    await expect(bare.forge.request({ method: "PUT", path: merge, body: {} })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(bare.received).toHaveLength(1);
    const guarded = scriptedForge([503]);
    await guarded.forge.request({ method: "PUT", path: merge, body: { expectedHeadSha: "a".repeat(40) } });
    expect(guarded.received).toHaveLength(2);
    const unknownPut = scriptedForge([503]);
    await unknownPut.forge.request({ method: "PUT", path: "/repos/acme/web/something-new", body: {} });
    expect(unknownPut.received).toHaveLength(2);
  });

  it("refuses a bad points value before the network", async () => {
    const { forge, received } = scriptedForge();
    await expect(forge.request({ method: "GET", path: "/app", points: -1 })).rejects.toMatchObject({ path: "points" });
    await expect(forge.request({ method: "GET", path: "/app", points: 1.5 })).rejects.toMatchObject({ path: "points" });
    expect(received).toHaveLength(0);
  });
});
