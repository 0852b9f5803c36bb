import { describe, expect, it } from "vitest";
import { FORGE_OPERATIONS } from "../../../../src/forge/operations.js";
import { FORGE_LIMITS } from "../../../../src/forge/schemas/limits.js";
import { type Json, rpc } from "./helpers.js";
import { REPO_SCOPES, repoSetup } from "./repo-setup.js";

// Every list route of the fake forge, swept over `pageSize`. The spec: "`pageSize` default 30, max 100". A size
// above the maximum (or not a whole number from 1) is InvalidArgument — 400, code 3, a field violation naming
// `pageSize` — never clamped. The list routes are read from the SDK's routes table (GET routes named list…),
// and a route counts as paginated when its answer carries `nextPageToken`.

const USER = "sweep-user-token";
const SCOPES = [
  ...new Set(Object.values(FORGE_OPERATIONS).flatMap((route) => (route.scope === undefined ? [] : [route.scope]))),
];

/** Every scope an installation token may carry on the routes it reaches. */
const INSTALLATION_SCOPES = [
  ...new Set(
    Object.values(FORGE_OPERATIONS).flatMap((route) =>
      route.scope === undefined || route.userOnlyScope || !route.credentials.includes("installation")
        ? []
        : [route.scope],
    ),
  ),
];

const MAX = FORGE_LIMITS.maxPageSize;

async function sweepSetup() {
  const setup = await repoSetup([...REPO_SCOPES, ...INSTALLATION_SCOPES], {
    forge: { userTokens: [{ token: USER, scopes: SCOPES }] },
  });
  const { call, token, iso } = setup;
  const pull = await call("POST", "/repos/acme/web-app/pulls", {
    token,
    body: { title: "Sweep", head: "feature/login", base: "main" },
  });
  const sha: string = pull.json.head.sha;
  const run = await call("POST", "/repos/acme/web-app/check-runs", {
    token,
    body: {
      sha,
      suite: { key: "ci", externalId: "b1" },
      key: "lint",
      externalId: "l1",
      status: "in_progress",
      externalUpdatedAt: iso(),
      startedAt: iso(),
      name: "Lint",
    },
  });
  const params: Record<string, string> = {
    owner: "acme",
    repo: "web-app",
    namespaceSlug: "acme",
    ownerSlug: "acme",
    ref: "main",
    basehead: "main...feature/login",
    pullNumber: pull.json.number,
    sha,
    checkSuiteId: run.json.checkSuite.id,
    checkRunId: run.json.checkRun.id,
  };
  const jwt = await setup.jwt();
  /** Each GET list route: its filled path and a credential it accepts. */
  const lists = Object.entries(FORGE_OPERATIONS)
    .filter(([name, route]) => route.method === "GET" && ("list" in route || name.endsWith(".list")))
    .map(([name, route]) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key] ?? key));
      const credentials: readonly string[] = route.credentials;
      const credential = credentials.includes("app") ? jwt : credentials.includes("installation") ? token : USER;
      return { name, path, token: route.path.startsWith("/namespaces") ? USER : credential };
    });
  return { ...setup, lists };
}

const withSize = (path: string, size: string) => `${path}?pageSize=${encodeURIComponent(size)}`;

describe("fake forge lists refuse a pageSize the spec does not allow", () => {
  it("every paginated list: max → a page of at most max; max+1, 0, -1, 1.5, 'ten' → InvalidArgument naming pageSize", async () => {
    const { call, lists } = await sweepSetup();
    const paginated: string[] = [];
    const wrong: string[] = [];
    for (const list of lists) {
      const atMax = await call("GET", withSize(list.path, String(MAX)), { token: list.token });
      if (atMax.status !== 200) {
        wrong.push(`${list.name}: ${atMax.status} at pageSize=${MAX} (${JSON.stringify(atMax.json).slice(0, 120)})`);
        continue;
      }
      if (typeof atMax.json?.nextPageToken !== "string") continue;
      paginated.push(list.name);
      const items = Object.values(atMax.json as Json).find(Array.isArray) as unknown[] | undefined;
      if ((items?.length ?? 0) > MAX) wrong.push(`${list.name}: ${items?.length} items at pageSize=${MAX}`);
      for (const size of [String(MAX + 1), "0", "-1", "1.5", "ten"]) {
        const answer = await call("GET", withSize(list.path, size), { token: list.token });
        const error = answer.status === 400 ? rpc(answer.json) : undefined;
        if (error?.code !== 3 || !error.fields.includes("pageSize"))
          wrong.push(
            `${list.name}: pageSize=${size} answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 80)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    // Every list route pages except the rulesets list, which the spec does not paginate.
    const unpaged = lists.map((list) => list.name).filter((name) => !paginated.includes(name));
    expect(unpaged).toEqual(["rulesets.list"]);
    expect(paginated.length).toBeGreaterThanOrEqual(20);
  });

  it("an absent or empty pageSize reads as the default, 30", async () => {
    const { call, token } = await sweepSetup();
    for (let i = 0; i < 35; i++)
      await call("POST", "/repos/acme/web-app/labels", { token, body: { name: `l${i}`, color: "000000" } });
    for (const query of ["", "?pageSize="]) {
      const page = await call("GET", `/repos/acme/web-app/labels${query}`, { token });
      expect(page.json.labels).toHaveLength(30);
    }
  });
});
