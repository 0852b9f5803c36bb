import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import type { ForgeApp } from "../../../src/forge/forge-app.js";
import type { ForgeClient } from "../../../src/forge/forge-client.js";
import { FORGE_OPERATIONS, type ForgeOperationName } from "../../../src/forge/operations.js";
import { FORGE_LIMITS } from "../../../src/forge/schemas/limits.js";
import { forgeSetup } from "./forge-fixtures.js";

// Every paginated list of the forge SDK, swept over `pageSize`: the spec's maximum is 100 (FORGE_LIMITS), so
// 101, 0, -1, 1.5 and "10" are refused before the network (a request ValidationError naming `pageSize`, nothing
// logged at the fake), and 100 is sent as is.

const USER = "sweep-user";
const SHA = "a".repeat(40);

interface ListCase {
  route: ForgeOperationName;
  call: (
    clients: { app: ForgeApp; installation: ForgeClient; user: ForgeClient },
    size: number,
  ) => PromiseLike<unknown>;
}

const repo = (client: ForgeClient) => client.repo("acme", "web-app");

const CASES: ListCase[] = [
  { route: "installations.list", call: ({ app }, pageSize) => app.installations.list({ pageSize }) },
  { route: "webhooks.deliveries.list", call: ({ app }, pageSize) => app.webhooks.deliveries.list({ pageSize }) },
  {
    route: "installationRepos.list",
    call: ({ installation }, pageSize) => installation.installationRepos.list({ pageSize }),
  },
  { route: "namespace.apps.list", call: ({ user }, pageSize) => user.namespace("acme").apps.list({ pageSize }) },
  { route: "namespace.repos.list", call: ({ user }, pageSize) => user.namespace("acme").repos.list({ pageSize }) },
  { route: "owner.grants.list", call: ({ user }, pageSize) => user.owner("acme").grants.list({ pageSize }) },
  { route: "repo.grants.list", call: ({ installation }, pageSize) => repo(installation).grants.list({ pageSize }) },
  {
    route: "commits.files",
    call: ({ installation }, pageSize) => repo(installation).commits.files("main", { pageSize }),
  },
  {
    route: "contents.compareFiles",
    call: ({ installation }, pageSize) => repo(installation).contents.compareFiles("main", "main", { pageSize }),
  },
  {
    route: "git.matchingRefs",
    call: ({ installation }, pageSize) => repo(installation).git.matchingRefs("heads/", { pageSize }),
  },
  { route: "pulls.list", call: ({ installation }, pageSize) => repo(installation).pulls.list({ pageSize }) },
  { route: "pulls.files", call: ({ installation }, pageSize) => repo(installation).pulls.files("1", { pageSize }) },
  {
    route: "pulls.commits",
    call: ({ installation }, pageSize) => repo(installation).pulls.commits("1", { pageSize }),
  },
  {
    route: "comments.list",
    call: ({ installation }, pageSize) => repo(installation).pulls.comments.list("1", { pageSize }),
  },
  {
    route: "reviews.list",
    call: ({ installation }, pageSize) => repo(installation).pulls.reviews.list("1", { pageSize }),
  },
  {
    route: "reviewers.list",
    call: ({ installation }, pageSize) => repo(installation).pulls.reviewers.list("1", { pageSize }),
  },
  {
    route: "pullLabels.list",
    call: ({ installation }, pageSize) => repo(installation).pulls.labels.list("1", { pageSize }),
  },
  { route: "labels.list", call: ({ installation }, pageSize) => repo(installation).labels.list({ pageSize }) },
  {
    route: "checkSuites.listForCommit",
    call: ({ installation }, pageSize) => repo(installation).checkSuites.listForCommit(SHA, { pageSize }),
  },
  {
    route: "checkRuns.listForCommit",
    call: ({ installation }, pageSize) => repo(installation).checkRuns.listForCommit(SHA, { pageSize }),
  },
  {
    route: "checkSuites.runs",
    call: ({ installation }, pageSize) => repo(installation).checkSuites.runs("cs_1", { pageSize }),
  },
  {
    route: "checkRuns.annotations",
    call: ({ installation }, pageSize) => repo(installation).checkRuns.annotations("cr_1", { pageSize }),
  },
];

async function sweepSetup() {
  const { fake, appWith, installation, userClient } = await forgeSetup({
    users: [{ token: USER, userId: "user_0001", scopes: ["namespace:apps:read", "namespace:settings:read"] }],
    install: {},
  });
  const clients = { app: appWith({ maxRetries: 0 }), installation, user: userClient(USER, { maxRetries: 0 }) };
  /** The `pageSize` of every request `call(size)` logged at the fake, and how it ended. */
  async function sent(list: ListCase, size: unknown) {
    const before = fake.requests.length;
    const error = await Promise.resolve()
      .then(() => list.call(clients, size as number))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    const route = FORGE_OPERATIONS[list.route];
    const pattern = new RegExp(`${route.path.replace(/\{\w+\}/g, "[^/]+").replace(/[.:]/g, "\\$&")}$`);
    const sizes = fake.requests
      .slice(before)
      .filter((request) => request.method === "GET" && pattern.test(request.path))
      .map((request) => request.query.pageSize);
    return { sizes, error };
  }
  return { sent };
}

describe("forge SDK lists check pageSize before the network", () => {
  it("covers every paginated list route (all GET list routes but the unpaginated rulesets list)", () => {
    const lists = Object.entries(FORGE_OPERATIONS)
      .filter(([, route]) => "list" in route)
      .map(([name]) => name)
      .sort();
    expect(CASES.map((list) => list.route).sort()).toEqual(lists);
  });

  it(`sends nothing for ${FORGE_LIMITS.maxPageSize + 1}, 0, -1, 1.5 and "10": ValidationError naming pageSize`, async () => {
    const { sent } = await sweepSetup();
    const leaks: string[] = [];
    for (const list of CASES) {
      for (const size of [FORGE_LIMITS.maxPageSize + 1, 0, -1, 1.5, "10"]) {
        const { sizes, error } = await sent(list, size);
        const named = error instanceof ValidationError && error.issues.some((issue) => issue.path === "pageSize");
        if (sizes.length > 0 || !named) leaks.push(`${list.route}(${JSON.stringify(size)}): sent ${sizes.length}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it(`sends ${FORGE_LIMITS.maxPageSize} as is`, async () => {
    const { sent } = await sweepSetup();
    const wrong: string[] = [];
    for (const list of CASES) {
      const { sizes } = await sent(list, FORGE_LIMITS.maxPageSize);
      if (sizes[0] !== String(FORGE_LIMITS.maxPageSize)) wrong.push(`${list.route}: sent ${JSON.stringify(sizes)}`);
    }
    expect(wrong).toEqual([]);
  });
});
