// The page/pageSize lists of the Team Admin and Organization APIs (and the windowed audit log), and an independent
// fetch written from admin-api.md: `page` / `pageSize` read from the query (GET) or the JSON body (POST), and the
// envelope each route documents — `pagination` {page, pageSize, totalCount, totalPages, hasNextPage} (groups, members,
// audit logs, organization model access), {numPages, currentPage, pageSize, hasNextPage} (usage events), top-level
// `totalMembers` / `totalPages` (spend), {page, pageSize, totalUsers, totalPages, hasNextPage} (daily usage). It pages
// as the spec says or misbehaves on purpose; shared by page-lists-spec-server and page-lists-misbehaving.
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";

export type Envelope = "pagination" | "events" | "spend" | "daily";
export type Mode = "spec" | "empty-forever" | "stuck" | "stuck-silent" | "hang-after-first";
export type List = PromiseLike<unknown> & AsyncIterable<Record<string, unknown>>;
export type Clients = { admin: AdminClient; org: OrganizationClient };

export interface ListCase {
  name: string;
  path: RegExp;
  items: string;
  envelope: Envelope;
  item: (i: number) => Record<string, unknown>;
  call: (clients: Clients, pageSize: number, options: Record<string, unknown>) => unknown;
}

export const DAY = { startDate: "2026-01-01T00:00:00Z", endDate: "2026-01-02T00:00:00Z" };
export const group = (prefix: string) => (i: number) => ({ id: `${prefix}${i}`, name: `n${i}`, memberCount: 0 });
export const member = (i: number) => ({ userId: `user_${i}`, email: `u${i}@example.com`, name: `u${i}` });
export const event = (i: number) => ({ timestamp: String(i), userEmail: `u${i}@example.com`, model: `m${i}` });
export const spend = (i: number) => ({ userId: String(i), email: `u${i}@example.com`, spendCents: i });

/** Every page/pageSize list of the two clients (the cursor lists are list-iterators-spec-server's). */
export const LISTS: ListCase[] = [
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
export const DAILY: ListCase[] = [
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

export const PAGES = 3;
export const PER_PAGE = 2;
/** Past this many requests to one list in one walk the server answers 500: the walk would not have ended. */
export const LIMIT = 40;

/** The envelope of `page` of a list with `pages` pages in all (the spec's names per route). */
export function envelope(kind: Envelope, page: number, pages: number, hasNext: boolean) {
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

export interface Server {
  fetch: typeof globalThis.fetch;
  sent: Map<string, number[]>;
  open: () => number;
}

export function server(mode: Mode, cases: ListCase[]): Server {
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

export function clients(fetch: typeof globalThis.fetch): Clients {
  const options = { baseUrl: "http://admin.test", fetch, maxRetries: 0, rateBudgets: false as const };
  return {
    admin: new AdminClient({ apiKey: "team-key", ...options }),
    org: new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", ...options }),
  };
}

export const tagOf = (_listed: ListCase, value: Record<string, unknown>) =>
  JSON.stringify(value.event_id ?? value.id ?? value.userId ?? value.teamId ?? value.timestamp);
export const expected = (listed: ListCase, count: number) =>
  Array.from({ length: count }, (_, k) => tagOf(listed, listed.item(k + 1)));
export const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
