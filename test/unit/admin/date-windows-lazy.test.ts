// A windowed Admin list over a very long range (1970 to 2100: 1583 windows of 30 days) must build its windows as it
// walks them, not all before the first request. A window is built with one `Math.min` (its end: the window's limit or
// the range's end), so the calls counted up to the first request are the windows built by then (plus a few the
// sender makes for itself). A plain fetch written from the spec answers; not the fake.
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DateWindow, splitRange, splitRangeByDay } from "../../../src/admin/date-ranges.js";
import { AdminClient, OrganizationClient, WindowedList } from "../../../src/admin/index.js";

const START = "1970-01-01";
const END = "2100-01-01";
const EAGER = splitRange(0, Date.UTC(2100, 0, 1)).length;

/** Math.min calls made from the call until the first request, then the call is stopped (the first request fails). */
async function minCallsBeforeFirstRequest(start: (fetch: typeof globalThis.fetch) => Promise<unknown>) {
  let calls = 0;
  let atFirstRequest: number | undefined;
  const min = Math.min;
  vi.spyOn(Math, "min").mockImplementation((...values: number[]) => {
    calls++;
    return min(...values);
  });
  const fetch = async () => {
    atFirstRequest ??= calls;
    return new Response(JSON.stringify({ code: "error", message: "stop here" }), {
      status: 400,
      headers: { "content-type": "application/json" },
    });
  };
  await start(fetch as typeof globalThis.fetch).catch(() => undefined);
  vi.restoreAllMocks();
  return atFirstRequest;
}

const options = (fetch: typeof globalThis.fetch) => ({
  baseUrl: "http://127.0.0.1:9",
  fetch,
  rateBudgets: false as const,
  maxRetries: 0,
});

afterEach(() => vi.restoreAllMocks());

describe("windows over a huge range are built lazily", () => {
  it("the range 1970–2100 really is long (the eager split builds 1500+ windows)", () => {
    expect(EAGER).toBeGreaterThan(1500);
    expect(splitRangeByDay(0, Date.UTC(2100, 0, 1)).length).toBeGreaterThan(1500);
  });

  it("every windowed list builds at most a few windows before its first request", async () => {
    const CALLS: Record<string, (fetch: typeof globalThis.fetch) => Promise<unknown>> = {
      "auditLogs.list (await)": async (fetch) =>
        new AdminClient({ apiKey: "k", ...options(fetch) }).auditLogs.list({ startTime: START, endTime: END }),
      "auditLogs.list (for await)": async (fetch) => {
        const list = new AdminClient({ apiKey: "k", ...options(fetch) }).auditLogs.list({
          startTime: START,
          endTime: END,
        });
        for await (const _ of list) break;
      },
      "usage.daily": (fetch) =>
        new AdminClient({ apiKey: "k", ...options(fetch) }).usage.daily({ startDate: START, endDate: END }),
      "org.usage.daily": (fetch) =>
        new OrganizationClient({ apiKey: "k", organizationId: "org_1", ...options(fetch) }).usage.daily({
          startDate: START,
          endDate: END,
        }),
    };
    const wrong: string[] = [];
    for (const [name, call] of Object.entries(CALLS)) {
      const built = await minCallsBeforeFirstRequest(call);
      if (built === undefined || built > 20) wrong.push(`${name}: ${built} before the first request`);
    }
    expect(wrong).toEqual([]);
  });

  it("WindowedList pulls one window at a time from a windows iterable", async () => {
    let built = 0;
    function* windows(): Generator<DateWindow> {
      for (let day = 0; day < 1_000_000; day++) {
        built++;
        yield { start: day, end: day };
      }
    }
    const seen: number[] = [];
    const list = new WindowedList<number, { items: number[] }>(windows, (window) => ({
      pageSize: 10,
      defaultPageSize: 10,
      itemsOf: (page) => page.items,
      fetchPage: async () => {
        seen.push(window.start);
        return { data: { items: [window.start] }, response: new Response(null), requestId: undefined };
      },
    }));
    const items: number[] = [];
    for await (const item of list) {
      items.push(item);
      if (items.length === 3) break;
    }
    expect(items).toEqual([0, 1, 2]);
    expect(built).toBeLessThanOrEqual(4);
  });

  it("a bad range is still refused before any request", async () => {
    let sent = 0;
    const fetch = (async () => {
      sent++;
      return new Response("{}");
    }) as typeof globalThis.fetch;
    const admin = new AdminClient({ apiKey: "k", ...options(fetch) });
    await expect(admin.auditLogs.list({ startTime: END, endTime: START })).rejects.toMatchObject({
      code: "validation_error",
    });
    await expect(admin.usage.daily({ startDate: END, endDate: START })).rejects.toMatchObject({
      code: "validation_error",
    });
    expect(sent).toBe(0);
  });
});
