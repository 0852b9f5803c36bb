// Lists against servers that would make a naive walker loop or repeat: a cursor pointing back to where the caller
// started, and page-number envelopes that ignore `page` or contradict themselves. Each server is a fetch written here
// from the specs' envelopes, so the SDK's walker is judged by what goes over the wire.
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";

const T = "2025-01-01T00:00:00Z";
const agent = (id: string) => ({
  id,
  status: "ACTIVE",
  env: { type: "cloud" },
  url: "https://x/a",
  createdAt: T,
  updatedAt: T,
});
const usageEvent = {
  timestamp: "1735689600000",
  userEmail: "a@example.com",
  model: "m",
  kind: "Usage-based",
  maxMode: false,
  requestsCosts: 1,
  isTokenBasedCall: false,
  isChargeable: true,
  isHeadless: false,
  chargedCents: 1,
};

function recording(answer: (url: URL) => unknown) {
  const requests: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    requests.push(url.pathname + url.search);
    return Response.json(answer(url));
  };
  const common = { baseUrl: "http://127.0.0.1:9", fetch, sleep: async () => undefined };
  return { requests, common };
}

async function firstItems<T>(list: AsyncIterable<T>, most = 10): Promise<T[]> {
  const out: T[] = [];
  for await (const item of list) if (out.push(item) >= most) break;
  return out;
}

describe("cursor lists", () => {
  it("stop when the next cursor is the one the caller started from: that page is fetched and yielded once", async () => {
    const { requests, common } = recording(() => ({
      items: [agent("bc-11111111-1111-1111-1111-111111111111")],
      nextCursor: "X",
    }));
    const agents = new AgentsClient({ apiKey: "key_agents_1234", ...common });
    expect(await firstItems(agents.agents.list({ cursor: "X" }))).toHaveLength(1);
    expect(requests).toEqual(["/v1/agents?cursor=X"]);
  });

  it("still walk on from a starting cursor to the pages after it", async () => {
    const { requests, common } = recording((url) => {
      const at = Number(url.searchParams.get("cursor") ?? "0");
      const next = at < 3 ? String(at + 1) : undefined;
      return { items: [agent(`bc-1111111${at}-1111-1111-1111-111111111111`)], nextCursor: next };
    });
    const agents = new AgentsClient({ apiKey: "key_agents_1234", ...common });
    expect(await firstItems(agents.agents.list({ cursor: "1" }))).toHaveLength(3);
    expect(requests).toEqual(["/v1/agents?cursor=1", "/v1/agents?cursor=2", "/v1/agents?cursor=3"]);
  });
});

describe("page-number lists", () => {
  const usagePage = (pagination: object) => ({
    usageEvents: [usageEvent],
    totalUsageEventsCount: 1,
    pagination,
    period: { startDate: 0, endDate: 1 },
  });
  const admin = (answer: (page: number) => object) => {
    const recorded = recording((url) => answer(Number(url.searchParams.get("page") ?? "1")));
    // usage.events is a POST whose body carries the page: read it from the request instead.
    const requests: number[] = [];
    const fetch = async (request: Request) => {
      const { page } = (await request.json()) as { page: number };
      requests.push(page);
      return Response.json(answer(page));
    };
    const client = new AdminClient({ apiKey: "team_key_1234", ...recorded.common, fetch, rateBudgets: false });
    return { client, requests };
  };

  it("stop when the server answers another page than the one asked for (it ignores `page`)", async () => {
    const { client, requests } = admin(() =>
      usagePage({ numPages: 3, currentPage: 1, pageSize: 100, hasNextPage: true, hasPreviousPage: false }),
    );
    expect(await firstItems(client.usage.events({}), 50)).toHaveLength(1);
    expect(requests).toEqual([1, 2]); // page 2 came back as page 1: not yielded again
  });

  it("stop when hasNextPage contradicts the envelope's own page count", async () => {
    const { client, requests } = admin((page) =>
      usagePage({ numPages: 1, currentPage: page, pageSize: 100, hasNextPage: true, hasPreviousPage: false }),
    );
    expect(await firstItems(client.usage.events({}), 50)).toHaveLength(1);
    expect(requests).toEqual([1]);
  });

  it("walk every page of an honest envelope", async () => {
    const { client, requests } = admin((page) =>
      usagePage({ numPages: 3, currentPage: page, pageSize: 100, hasNextPage: page < 3, hasPreviousPage: page > 1 }),
    );
    expect(await firstItems(client.usage.events({}), 50)).toHaveLength(3);
    expect(requests).toEqual([1, 2, 3]);
  });
});
