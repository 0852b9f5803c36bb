import { describe, expect, it } from "vitest";
import { type AdminOperationName, PAGE_SIZE_LIMITS, ValidationError } from "../../../src/admin/index.js";
import { adminSetup } from "./client-helpers.js";

// Every page-sized list of the Admin and Organization clients, swept over the bounds of its size field. The
// maxima come from the request schemas' table (PAGE_SIZE_LIMITS), never typed here: a route whose server
// refuses larger sizes must send nothing for max+1; a route whose server clamps sends the maximum; no route
// sends 0, -1, 1.5 or "10". Requests are counted at the fake, so a path that drops a field before checking it
// (windowed lists, page walkers, cursor lists) shows up as a request that should not exist.

const DAY = 86_400_000;

type Setup = ReturnType<typeof adminSetup>;

interface ListCase {
  /** The client method, as a caller writes it. */
  name: string;
  route: AdminOperationName;
  /** The bounded size field of the route (`pageSize`, or `limit` on the cursor lists). */
  field: "pageSize" | "limit";
  path: string | RegExp;
  /** Reads the first page (or the whole result for `usage.daily`) with `size` as the size field. */
  call: (
    setup: Setup,
    size: unknown,
    ids: { directoryGroupId: string; organizationGroupId: string },
  ) => Promise<unknown>;
}

const asSize = (size: unknown) => size as number;

const CASES: ListCase[] = [
  {
    name: "auditLogs.list",
    route: "auditLogs.list",
    field: "pageSize",
    path: "/teams/audit-logs",
    call: ({ admin, now }, size) =>
      Promise.resolve(admin.auditLogs.list({ startTime: now() - DAY, endTime: now(), pageSize: asSize(size) })),
  },
  {
    name: "usage.daily",
    route: "usage.daily",
    field: "pageSize",
    path: "/teams/daily-usage-data",
    call: ({ admin, now }, size) =>
      admin.usage.daily({ startDate: now() - DAY, endDate: now(), pageSize: asSize(size) }),
  },
  {
    name: "usage.events",
    route: "usage.events",
    field: "pageSize",
    path: "/teams/filtered-usage-events",
    call: ({ admin }, size) => Promise.resolve(admin.usage.events({ pageSize: asSize(size) })),
  },
  {
    name: "spend.list",
    route: "spend.list",
    field: "pageSize",
    path: "/teams/spend",
    call: ({ admin }, size) => Promise.resolve(admin.spend.list({ pageSize: asSize(size) })),
  },
  {
    name: "directoryGroups.list",
    route: "directoryGroups.list",
    field: "pageSize",
    path: "/teams/directory-groups",
    call: ({ admin }, size) => Promise.resolve(admin.directoryGroups.list({ pageSize: asSize(size) })),
  },
  {
    name: "directoryGroups.members",
    route: "directoryGroups.members",
    field: "pageSize",
    path: /^\/teams\/directory-groups\/[^/]+\/members$/,
    call: ({ admin }, size, ids) =>
      Promise.resolve(admin.directoryGroups.members(ids.directoryGroupId, { pageSize: asSize(size) })),
  },
  {
    name: "assistantBot.teamRules.list",
    route: "assistantBot.teamRules.list",
    field: "limit",
    path: "/assistant-bot/team-rules",
    call: ({ admin }, size) => Promise.resolve(admin.assistantBot.teamRules.list({ limit: asSize(size) })),
  },
  {
    name: "assistantBot.setupManifests.list",
    route: "assistantBot.setupManifests.list",
    field: "limit",
    path: "/assistant-bot/setup-manifests",
    call: ({ admin }, size) => Promise.resolve(admin.assistantBot.setupManifests.list({ limit: asSize(size) })),
  },
  {
    name: "org members.list",
    route: "org.members.list",
    field: "pageSize",
    path: "/organizations/members",
    call: ({ org }, size) => Promise.resolve(org.members.list({ pageSize: asSize(size) })),
  },
  {
    name: "org usage.events",
    route: "org.usage.events",
    field: "pageSize",
    path: "/organizations/filtered-usage-events",
    call: ({ org }, size) => Promise.resolve(org.usage.events({ pageSize: asSize(size) })),
  },
  {
    name: "org usage.daily",
    route: "org.usage.daily",
    field: "pageSize",
    path: "/organizations/daily-usage-data",
    call: ({ org, now }, size) => org.usage.daily({ startDate: now() - DAY, endDate: now(), pageSize: asSize(size) }),
  },
  {
    name: "org spend.list",
    route: "org.spend.list",
    field: "pageSize",
    path: "/organizations/spend",
    call: ({ org }, size) => Promise.resolve(org.spend.list({ pageSize: asSize(size) })),
  },
  {
    name: "org modelAccess.list",
    route: "org.modelAccess.list",
    field: "pageSize",
    path: "/organizations/teams/model-access/configuration",
    call: ({ org }, size) => Promise.resolve(org.modelAccess.list({ pageSize: asSize(size) })),
  },
  {
    name: "org groups.list",
    route: "org.groups.list",
    field: "pageSize",
    path: "/organizations/groups",
    call: ({ org }, size) => Promise.resolve(org.groups.list({ pageSize: asSize(size) })),
  },
  {
    name: "org groups.members",
    route: "org.groups.members",
    field: "pageSize",
    path: /^\/organizations\/groups\/[^/]+\/members$/,
    call: ({ org }, size, ids) =>
      Promise.resolve(org.groups.members(ids.organizationGroupId, { pageSize: asSize(size) })),
  },
];

function matches(path: string, pattern: string | RegExp): boolean {
  return typeof pattern === "string" ? path === pattern : pattern.test(path);
}

/** What a case sent: the size field of every request it made to its route. */
async function sizesSent(setup: Setup, list: ListCase, size: unknown, ids: Parameters<ListCase["call"]>[2]) {
  const before = setup.fake.requests.length;
  let error: unknown;
  try {
    await list.call(setup, size, ids);
  } catch (caught) {
    error = caught;
  }
  const sent = setup.fake.requests
    .slice(before)
    .filter((request) => matches(request.path, list.path))
    .map((request) => {
      const raw =
        request.method === "GET" ? request.query[list.field] : (request.body as Record<string, unknown>)[list.field];
      return Number(raw);
    });
  return { sent, error };
}

function namesField(error: unknown, field: string): boolean {
  return (
    error instanceof ValidationError && error.direction === "request" && error.issues.some((i) => i.path === field)
  );
}

async function groupIds(setup: Setup) {
  const directory = await setup.admin.directoryGroups.create({ name: "Sweep" });
  const organization = await setup.org.groups.create({ name: "Sweep" });
  return { directoryGroupId: directory.group.id, organizationGroupId: organization.group.id };
}

describe("page sizes of every Admin and Organization list, checked before the network", () => {
  it("covers every route with a documented page size", () => {
    const covered = new Set(CASES.map((list) => list.route));
    const documented = Object.keys(PAGE_SIZE_LIMITS).filter((route) => !covered.has(route as AdminOperationName));
    expect(documented).toEqual([]);
  });

  it(`sends nothing for 0, -1, 1.5, "10" and (where the server refuses it) max+1: ${CASES.length} lists`, async () => {
    const setup = adminSetup({}, { rateBudgets: false });
    const ids = await groupIds(setup);
    const leaks: string[] = [];
    let swept = 0;
    for (const list of CASES) {
      const limit = PAGE_SIZE_LIMITS[list.route];
      const invalid: unknown[] = [0, -1, 1.5, "10"];
      if (limit?.max !== undefined && limit.overflow === "reject") invalid.push(limit.max + 1);
      for (const size of invalid) {
        swept++;
        const { sent, error } = await sizesSent(setup, list, size, ids);
        if (sent.length > 0) leaks.push(`${list.name}(${list.field}: ${JSON.stringify(size)}) sent ${sent.length}`);
        else if (!namesField(error, list.field))
          leaks.push(`${list.name}(${list.field}: ${JSON.stringify(size)}) failed without naming ${list.field}`);
      }
    }
    expect(swept).toBeGreaterThanOrEqual(CASES.length * 4);
    expect(leaks).toEqual([]);
  });

  it("sends the maximum as is, and a clamped route's max+1 as the maximum (the server clamps too)", async () => {
    const setup = adminSetup({}, { rateBudgets: false });
    const ids = await groupIds(setup);
    const wrong: string[] = [];
    for (const list of CASES) {
      const limit = PAGE_SIZE_LIMITS[list.route];
      if (limit?.max === undefined) continue;
      const atMax = await sizesSent(setup, list, limit.max, ids);
      if (atMax.sent[0] !== limit.max) wrong.push(`${list.name}(${limit.max}) sent ${atMax.sent[0]}`);
      if (limit.overflow === "clamp") {
        const above = await sizesSent(setup, list, limit.max + 1, ids);
        if (above.sent[0] !== limit.max) wrong.push(`${list.name}(${limit.max + 1}) sent ${above.sent[0]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("sends a large size unchanged where the spec shows no maximum, and the fake accepts it", async () => {
    const setup = adminSetup({}, { rateBudgets: false });
    const ids = await groupIds(setup);
    const wrong: string[] = [];
    for (const list of CASES) {
      if (PAGE_SIZE_LIMITS[list.route]?.max !== undefined) continue;
      const { sent, error } = await sizesSent(setup, list, 5000, ids);
      if (sent[0] !== 5000 || error !== undefined) wrong.push(`${list.name}(5000): sent ${sent[0]}, ${String(error)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses an audit-log `users` list longer than the page before the network", async () => {
    const setup = adminSetup({}, { rateBudgets: false });
    const { admin, fake, now } = setup;
    const users = Array.from({ length: 11 }, (_, i) => `user${i}@example.com`);
    const before = fake.requests.length;
    const error = await Promise.resolve(
      admin.auditLogs.list({ startTime: now() - DAY, endTime: now(), pageSize: 10, users }),
    ).catch((caught: unknown) => caught);
    expect(fake.requests.length).toBe(before);
    expect(namesField(error, "users")).toBe(true);
  });

  it("rejects (never throws synchronously) on a bad size, so `.catch()` sees it", () => {
    const { admin } = adminSetup();
    const calls = [
      () => admin.assistantBot.teamRules.list({ limit: 101 }),
      () => admin.assistantBot.setupManifests.list({ limit: 0 }),
      () => admin.usage.events({ pageSize: 1001 }),
    ];
    for (const call of calls) expect(call).not.toThrow();
  });
});
