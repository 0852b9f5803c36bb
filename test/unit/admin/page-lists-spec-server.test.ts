// Every Team Admin / Organization page/pageSize list (and the windowed audit log), walked against an independent
// fetch written from admin-api.md: `page` / `pageSize` read from the query (GET) or the JSON body (POST), and the
// envelope each route documents — `pagination` {page, pageSize, totalCount, totalPages, hasNextPage} (groups, members,
// audit logs, organization model access), {numPages, currentPage, pageSize, hasNextPage} (usage events), top-level
// `totalMembers` / `totalPages` (spend), {page, pageSize, totalUsers, totalPages, hasNextPage} (daily usage). Each sweep
// collects what went wrong per list and asserts the list is empty.
import { afterEach, describe, expect, it } from "vitest";
import { MAX_REPEATED_PAGES_IN_A_ROW } from "../../../src/admin/admin-lists.js";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AbortError, AgentlineError } from "../../../src/core/errors.js";
import { trackSdkTimers } from "../core/every-operation-fixtures.js";
import { countedSignal } from "../counted-signal.js";

type Envelope = "pagination" | "events" | "spend" | "daily";
type Mode = "spec" | "empty-forever" | "stuck" | "stuck-silent" | "hang-after-first";
type List = PromiseLike<unknown> & AsyncIterable<Record<string, unknown>>;
type Clients = { admin: AdminClient; org: OrganizationClient };

interface ListCase {
  name: string;
  path: RegExp;
  items: string;
  envelope: Envelope;
  item: (i: number) => Record<string, unknown>;
  call: (clients: Clients, pageSize: number, options: Record<string, unknown>) => unknown;
}

const DAY = { startDate: "2026-01-01T00:00:00Z", endDate: "2026-01-02T00:00:00Z" };
const group = (prefix: string) => (i: number) => ({ id: `${prefix}${i}`, name: `n${i}`, memberCount: 0 });
const member = (i: number) => ({ userId: `user_${i}`, email: `u${i}@example.com`, name: `u${i}` });
const event = (i: number) => ({ timestamp: String(i), userEmail: `u${i}@example.com`, model: `m${i}` });
const spend = (i: number) => ({ userId: String(i), email: `u${i}@example.com`, spendCents: i });

/** Every page/pageSize list of the two clients (the cursor lists are list-iterators-spec-server's). */
const LISTS: ListCase[] = [
  {
    name: "auditLogs.list",
    path: /^\/teams\/audit-logs$/,
    items: "events",
    envelope: "pagination",
    item: (i) => ({ event_id: `e${i}`, event_type: "login", timestamp: "2026-01-01T01:00:00Z" }),
    call: (c, pageSize, o) =>
      c.admin.auditLogs.list({ startTime: DAY.startDate, endTime: DAY.endDate, pageSize }, o as never),
  },
  {
    name: "usage.events",
    path: /^\/teams\/filtered-usage-events$/,
    items: "usageEvents",
    envelope: "events",
    item: event,
    call: (c, pageSize, o) => c.admin.usage.events({ pageSize }, o as never),
  },
  {
    name: "spend.list",
    path: /^\/teams\/spend$/,
    items: "teamMemberSpend",
    envelope: "spend",
    item: spend,
    call: (c, pageSize, o) => c.admin.spend.list({ pageSize }, o as never),
  },
  {
    name: "directoryGroups.list",
    path: /^\/teams\/directory-groups$/,
    items: "groups",
    envelope: "pagination",
    item: group("team_group_"),
    call: (c, pageSize, o) => c.admin.directoryGroups.list({ pageSize }, o as never),
  },
  {
    name: "directoryGroups.members",
    path: /^\/teams\/directory-groups\/[^/]+\/members$/,
    items: "members",
    envelope: "pagination",
    item: member,
    call: (c, pageSize, o) => c.admin.directoryGroups.members("team_group_1", { pageSize }, o as never),
  },
  {
    name: "org.members.list",
    path: /^\/organizations\/members$/,
    items: "members",
    envelope: "pagination",
    item: (i) => ({ userId: i, email: `u${i}@example.com`, name: `u${i}`, organizationRole: "member", teams: [] }),
    call: (c, pageSize, o) => c.org.members.list({ pageSize }, o as never),
  },
  {
    name: "org.usage.events",
    path: /^\/organizations\/filtered-usage-events$/,
    items: "usageEvents",
    envelope: "events",
    item: (i) => ({ ...event(i), teamId: 12 }),
    call: (c, pageSize, o) => c.org.usage.events({ pageSize }, o as never),
  },
  {
    name: "org.spend.list",
    path: /^\/organizations\/spend$/,
    items: "teamMemberSpend",
    envelope: "spend",
    item: (i) => ({ ...spend(i), teamId: 12 }),
    call: (c, pageSize, o) => c.org.spend.list({ pageSize }, o as never),
  },
  {
    name: "org.modelAccess.list",
    path: /^\/organizations\/teams\/model-access\/configuration$/,
    items: "teams",
    envelope: "pagination",
    item: (i) => ({ teamId: i, state: "unrestricted" }),
    call: (c, pageSize, o) => c.org.modelAccess.list({ pageSize }, o as never),
  },
  {
    name: "org.groups.list",
    path: /^\/organizations\/groups$/,
    items: "groups",
    envelope: "pagination",
    item: group("g_"),
    call: (c, pageSize, o) => c.org.groups.list({ pageSize }, o as never),
  },
  {
    name: "org.groups.members",
    path: /^\/organizations\/groups\/[^/]+\/members$/,
    items: "members",
    envelope: "pagination",
    item: member,
    call: (c, pageSize, o) => c.org.groups.members("g_1", { pageSize }, o as never),
  },
];

/** The daily-usage routes page only inside one call that resolves to every row (not iterable). */
const DAILY: ListCase[] = [
  {
    name: "usage.daily",
    path: /^\/teams\/daily-usage-data$/,
    items: "data",
    envelope: "daily",
    item: (i) => ({ date: 0, userId: i, email: `u${i}@example.com` }),
    call: (c, pageSize, o) => c.admin.usage.daily({ ...DAY, pageSize }, o as never),
  },
  {
    name: "org.usage.daily",
    path: /^\/organizations\/daily-usage-data$/,
    items: "data",
    envelope: "daily",
    item: (i) => ({ date: 0, userId: String(i), email: `u${i}@example.com`, teamId: 12 }),
    call: (c, pageSize, o) => c.org.usage.daily({ ...DAY, pageSize }, o as never),
  },
];

const PAGES = 3;
const PER_PAGE = 2;
/** Past this many requests to one list in one walk the server answers 500: the walk would not have ended. */
const LIMIT = 40;

/** The envelope of `page` of a list with `pages` pages in all (the spec's names per route). */
function envelope(kind: Envelope, page: number, pages: number, hasNext: boolean) {
  const common = { pageSize: PER_PAGE, hasNextPage: hasNext, hasPreviousPage: page > 1 };
  if (kind === "pagination")
    return { pagination: { page, totalCount: pages * PER_PAGE, totalPages: pages, ...common } };
  if (kind === "daily") return { pagination: { page, totalUsers: pages * PER_PAGE, totalPages: pages, ...common } };
  if (kind === "events")
    return {
      totalUsageEventsCount: pages * PER_PAGE,
      pagination: { numPages: pages, currentPage: page, ...common },
      period: { startDate: 0, endDate: 1 },
    };
  return { subscriptionCycleStart: 0, totalMembers: pages * PER_PAGE, totalPages: pages };
}

interface Server {
  fetch: typeof globalThis.fetch;
  sent: Map<string, number[]>;
  open: () => number;
}

function server(mode: Mode, cases: ListCase[]): Server {
  const sent = new Map<string, number[]>();
  let open = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const body = (text === "" ? {} : JSON.parse(text)) as Record<string, unknown>;
    const listed = cases.find((c) => c.path.test(url.pathname));
    if (!listed) return new Response("{}", { status: 404 });
    const asked = Number(url.searchParams.get("page") ?? body.page ?? 1);
    const pages = [...(sent.get(listed.name) ?? []), asked];
    sent.set(listed.name, pages);
    if (pages.length > LIMIT) return new Response("{}", { status: 500 });
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (mode === "hang-after-first" && asked > 1) {
      open += 1;
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener(
          "abort",
          () => {
            open -= 1;
            reject(signal.reason ?? new DOMException("aborted", "AbortError"));
          },
          { once: true },
        );
      });
    }
    let page = asked;
    let total = PAGES;
    let items = Array.from({ length: PER_PAGE }, (_, k) => listed.item((page - 1) * PER_PAGE + k + 1));
    if (mode === "empty-forever") {
      total = 1_000_000;
      if (page > 1) items = [];
    }
    if (mode === "stuck" || mode === "stuck-silent") {
      // A server that ignores `page`: page 1 again and again, claiming many more pages.
      page = 1;
      total = 1_000_000;
      items = Array.from({ length: PER_PAGE }, (_, k) => listed.item(k + 1));
    }
    const answer: Record<string, unknown> = {
      [listed.items]: items,
      ...envelope(listed.envelope, page, total, page < total),
    };
    // The same, without saying which page it is (the spec makes no field required).
    if (mode === "stuck-silent") {
      const pagination = answer.pagination as Record<string, unknown> | undefined;
      if (pagination) {
        delete pagination.page;
        delete pagination.currentPage;
      }
    }
    return new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } });
  };
  return { fetch: fetch as typeof globalThis.fetch, sent, open: () => open };
}

function clients(fetch: typeof globalThis.fetch): Clients {
  const options = { baseUrl: "http://admin.test", fetch, maxRetries: 0, rateBudgets: false as const };
  return {
    admin: new AdminClient({ apiKey: "team-key", ...options }),
    org: new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", ...options }),
  };
}

const tagOf = (_listed: ListCase, value: Record<string, unknown>) =>
  JSON.stringify(value.event_id ?? value.id ?? value.userId ?? value.teamId ?? value.timestamp);
const expected = (listed: ListCase, count: number) =>
  Array.from({ length: count }, (_, k) => tagOf(listed, listed.item(k + 1)));
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

let timers: ReturnType<typeof trackSdkTimers> | undefined;
afterEach(() => timers?.stop());

describe("every page/pageSize list against a server that pages as the spec says", () => {
  it("for await yields every item once, in order, one request per page, page numbers 1..n", async () => {
    const failures: string[] = [];
    const s = server("spec", [...LISTS, ...DAILY]);
    for (const listed of LISTS) {
      const seen: string[] = [];
      const list = listed.call(clients(s.fetch), PER_PAGE, {}) as List;
      for await (const value of list) seen.push(tagOf(listed, value));
      if (JSON.stringify(seen) !== JSON.stringify(expected(listed, PAGES * PER_PAGE)))
        failures.push(`${listed.name}: items ${seen.join(",")}`);
      const pages = s.sent.get(listed.name) ?? [];
      if (pages.join() !== "1,2,3") failures.push(`${listed.name}: pages asked ${pages.join()}`);
    }
    for (const listed of DAILY) {
      const result = (await listed.call(clients(s.fetch), PER_PAGE, {})) as { data: Record<string, unknown>[] };
      const seen = result.data.map((row) => tagOf(listed, row));
      if (JSON.stringify(seen) !== JSON.stringify(expected(listed, PAGES * PER_PAGE)))
        failures.push(`${listed.name}: rows ${seen.join(",")}`);
      if ((s.sent.get(listed.name) ?? []).join() !== "1,2,3") failures.push(`${listed.name}: pages asked`);
    }
    expect(failures).toEqual([]);
  });

  it("break after 0, 1, a page boundary or the last item sends nothing more and leaves nothing behind", async () => {
    const failures: string[] = [];
    timers = trackSdkTimers();
    for (const listed of LISTS) {
      for (const k of [0, 1, PER_PAGE, PAGES * PER_PAGE]) {
        const s = server("spec", LISTS);
        const counted = countedSignal();
        const list = listed.call(clients(s.fetch), PER_PAGE, { signal: counted.signal }) as List;
        let taken = 0;
        if (k === 0) await list[Symbol.asyncIterator]().return?.();
        else
          for await (const _ of list) {
            taken += 1;
            if (taken === k) break;
          }
        await settle();
        const sent = s.sent.get(listed.name)?.length ?? 0;
        const want = k === 0 ? 0 : Math.ceil(k / PER_PAGE);
        const where = `${listed.name} k=${k}`;
        if (sent !== want) failures.push(`${where}: ${sent} requests, expected ${want}`);
        if (counted.attached() !== 0) failures.push(`${where}: ${counted.attached()} abort listeners`);
        if (s.open() !== 0) failures.push(`${where}: ${s.open()} open requests`);
        if (timers.pending().length) failures.push(`${where}: timers ${timers.pending().join(",")}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("awaiting the first page then iterating fetches page 1 once", async () => {
    const failures: string[] = [];
    for (const listed of LISTS) {
      const s = server("spec", LISTS);
      const list = listed.call(clients(s.fetch), PER_PAGE, {}) as List;
      const first = (await list) as Record<string, unknown[]>;
      if (first[listed.items]?.length !== PER_PAGE) failures.push(`${listed.name}: first page of ${first}`);
      const seen: string[] = [];
      for await (const value of list) seen.push(tagOf(listed, value));
      if (seen.length !== PAGES * PER_PAGE) failures.push(`${listed.name}: ${seen.length} items after await`);
      const pages = s.sent.get(listed.name) ?? [];
      if (pages.join() !== "1,2,3") failures.push(`${listed.name}: await + iterate asked pages ${pages.join()}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("every page/pageSize list: a server that misbehaves", () => {
  it("a signal aborted while a later page is in flight rejects promptly with AbortError and leaves nothing open", async () => {
    const failures: string[] = [];
    for (const listed of [...LISTS, ...DAILY]) {
      const s = server("hang-after-first", [...LISTS, ...DAILY]);
      const counted = countedSignal();
      const walk = (async () => {
        const list = listed.call(clients(s.fetch), PER_PAGE, { signal: counted.signal });
        if (DAILY.includes(listed)) await list;
        else for await (const _ of list as List);
      })().then(
        () => "resolved",
        (error: unknown) => error,
      );
      const deadline = Date.now() + 1000;
      while ((s.sent.get(listed.name)?.length ?? 0) < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 2));
      if ((s.sent.get(listed.name)?.length ?? 0) < 2) {
        failures.push(`${listed.name}: never asked for page 2 (${String(await walk)})`);
        continue;
      }
      const started = Date.now();
      counted.controller.abort();
      const outcome = await Promise.race([walk, new Promise((resolve) => setTimeout(() => resolve("hung"), 1000))]);
      if (!(outcome instanceof AbortError)) failures.push(`${listed.name}: ${String(outcome)}`);
      if (Date.now() - started > 500) failures.push(`${listed.name}: took ${Date.now() - started} ms`);
      await settle();
      if (counted.attached() !== 0) failures.push(`${listed.name}: ${counted.attached()} abort listeners`);
      if (s.open() !== 0) failures.push(`${listed.name}: ${s.open()} open requests`);
    }
    expect(failures).toEqual([]);
  });

  it("hasNextPage true with empty pages, or a page that never advances, cannot make a walk endless", async () => {
    const failures: string[] = [];
    for (const mode of ["empty-forever", "stuck", "stuck-silent"] as const) {
      for (const listed of [...LISTS, ...DAILY]) {
        const s = server(mode, [...LISTS, ...DAILY]);
        const list = listed.call(clients(s.fetch), PER_PAGE, {});
        const outcome = await (async () => {
          if (DAILY.includes(listed)) return ((await list) as { data: unknown[] }).data.length;
          let count = 0;
          for await (const _ of list as List) count += 1;
          return count;
        })().catch((error: unknown) => (error instanceof AgentlineError ? error.code : `failed: ${String(error)}`));
        const requests = s.sent.get(listed.name)?.length ?? 0;
        // One full page, then the empty page, or the page that says it is page 1 again, ends the walk quietly: 2
        // requests, one page of items. A repeat that does not say which page it is is believed a few times only.
        const quiet = outcome === PER_PAGE && requests === 2;
        const stalled = outcome === "pagination_stalled" && requests === 1 + MAX_REPEATED_PAGES_IN_A_ROW;
        if (!(quiet || (mode !== "empty-forever" && stalled)))
          failures.push(`${mode} ${listed.name}: ${String(outcome)} items, ${requests} requests`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("every page/pageSize list: abort between pages, and a windowed walk across windows", () => {
  it("a signal aborted between two pages rejects the next step with AbortError and sends nothing more", async () => {
    const failures: string[] = [];
    for (const listed of LISTS) {
      const s = server("spec", LISTS);
      const counted = countedSignal();
      const iterator = (listed.call(clients(s.fetch), PER_PAGE, { signal: counted.signal }) as List)[
        Symbol.asyncIterator
      ]();
      await iterator.next();
      await iterator.next();
      counted.controller.abort();
      const outcome = await iterator.next().then(
        (step) => `yielded ${JSON.stringify(step)}`,
        (error: unknown) => error,
      );
      await settle();
      const sent = s.sent.get(listed.name)?.length ?? 0;
      if (!(outcome instanceof AbortError)) failures.push(`${listed.name}: ${String(outcome)}`);
      if (sent !== 1) failures.push(`${listed.name}: ${sent} requests`);
      if (counted.attached() !== 0) failures.push(`${listed.name}: ${counted.attached()} abort listeners`);
    }
    expect(failures).toEqual([]);
  });

  it("audit logs over 3 windows: every event once per window in order, and a break at a window edge stops there", async () => {
    const audit = LISTS.find((l) => l.name === "auditLogs.list") as ListCase;
    const windows: string[] = [];
    const failures: string[] = [];
    const s = server("spec", LISTS);
    const spy: typeof globalThis.fetch = async (input, init) => {
      const url = new URL(new Request(input, init).url);
      windows.push(`${url.searchParams.get("startTime")}:${url.searchParams.get("page")}`);
      return s.fetch(input, init);
    };
    const c = clients(spy);
    const params = { startTime: "2026-01-01T00:00:00Z", endTime: "2026-03-01T00:00:00Z", pageSize: PER_PAGE };
    const seen: string[] = [];
    for await (const value of c.admin.auditLogs.list(params)) seen.push(tagOf(audit, value));
    const perWindow = expected(audit, PAGES * PER_PAGE);
    const starts = [...new Set(windows.map((w) => w.split(":")[0]))];
    if (starts.length !== 2) failures.push(`windows ${starts.join(",")}`);
    if (JSON.stringify(seen) !== JSON.stringify([...perWindow, ...perWindow])) failures.push(`items ${seen.join()}`);
    if (windows.length !== PAGES * starts.length) failures.push(`${windows.length} requests`);
    // Break after the first window's last item: the second window is never asked for.
    windows.length = 0;
    const counted = countedSignal();
    let taken = 0;
    for await (const _ of c.admin.auditLogs.list(params, { signal: counted.signal })) {
      if (++taken === PAGES * PER_PAGE) break;
    }
    await settle();
    if (windows.length !== PAGES) failures.push(`break at the window edge: ${windows.join(" ")}`);
    if (counted.attached() !== 0) failures.push(`${counted.attached()} abort listeners`);
    // Await the first page, then iterate: page 1 of window 1 is asked once.
    windows.length = 0;
    const list = c.admin.auditLogs.list(params);
    await list;
    for await (const _ of list);
    if (windows.filter((w) => w === windows[0]).length !== 1) failures.push(`await + iterate: ${windows.join(" ")}`);
    expect(failures).toEqual([]);
  });
});
