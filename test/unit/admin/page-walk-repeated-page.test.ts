import { describe, expect, it } from "vitest";
import { splitRange } from "../../../src/admin/date-ranges.js";
import { AdminClient } from "../../../src/admin/index.js";
import { WindowedList } from "../../../src/admin/windowed-list.js";

type Row = { id: string; name: string };

/**
 * GET /teams/directory-groups per the spec (`{groups, pagination}`), over `rows`; `mutate` runs after each answer,
 * as if other writers changed the list between two page requests. Refuses past `limit` requests (a loop).
 */
function groupsServer(rows: Row[], mutate: (rows: Row[], page: number) => void, limit = 200) {
  let requests = 0;
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (++requests > limit) throw new TypeError("the walk never ends");
    const page = Number(url.searchParams.get("page") ?? 1);
    const size = Number(url.searchParams.get("pageSize") ?? 50);
    const totalPages = Math.ceil(rows.length / size);
    const groups = rows.slice((page - 1) * size, page * size).map((row) => ({ ...row, memberCount: 0 }));
    const pagination = { page, pageSize: size, totalCount: rows.length, totalPages, hasNextPage: page < totalPages };
    mutate(rows, page);
    return new Response(JSON.stringify({ groups, pagination }), { headers: { "content-type": "application/json" } });
  };
  return { fetch, requests: () => requests };
}

const rowsOf = (n: number, prefix = "g") =>
  Array.from({ length: n }, (_, i) => ({
    id: `team_group_${prefix}${String(i).padStart(5, "0")}`,
    name: `${prefix}${i}`,
  }));
const client = (fetch: typeof globalThis.fetch) =>
  new AdminClient({ apiKey: "k", baseUrl: "http://x.test", fetch, maxRetries: 0, rateBudgets: false });

describe("page/pageSize walks while the list changes", () => {
  it("stops, instead of walking forever, when rows inserted in front make every page repeat the last", async () => {
    let fresh = 0;
    const server = groupsServer(rowsOf(35), (rows) => rows.unshift(...rowsOf(10, `n${fresh++}_`)));
    const ids = (await client(server.fetch).directoryGroups.list({ pageSize: 10 }).toArray()).map((g) => g.id);
    expect(ids).toEqual(rowsOf(10).map((row) => row.id));
    expect(ids.length - new Set(ids).size).toBe(0);
    expect(server.requests()).toBe(2);
  });

  it("delivers every row once when nothing changes, and no row twice when rows are deleted in front", async () => {
    const stable = groupsServer(rowsOf(35), () => {});
    expect(await client(stable.fetch).directoryGroups.list({ pageSize: 10 }).toArray()).toHaveLength(35);
    const shrinking = groupsServer(rowsOf(35), (rows) => void rows.splice(0, 1));
    const ids = (await client(shrinking.fetch).directoryGroups.list({ pageSize: 10 }).toArray()).map((g) => g.id);
    // Each deletion in front shifts one row past the walk: documented loss, never a duplicate.
    expect(ids.length - new Set(ids).size).toBe(0);
    expect(ids).toHaveLength(32);
  });

  it("walks on over equal pages while the server's counts stay put (an honest envelope is believed)", async () => {
    const same = [{ id: "team_group_a", name: "a" }];
    let requests = 0;
    const fetch = async (input: RequestInfo | URL) => {
      requests++;
      const page = Number(new URL(input instanceof Request ? input.url : String(input)).searchParams.get("page"));
      const pagination = { page, pageSize: 1, totalCount: 3, totalPages: 3, hasNextPage: page < 3 };
      return new Response(JSON.stringify({ groups: same, pagination }), {
        headers: { "content-type": "application/json" },
      });
    };
    expect(await client(fetch).directoryGroups.list({ pageSize: 1 }).toArray()).toHaveLength(3);
    expect(requests).toBe(3);
  });

  it("stops a window of a windowed list whose pages repeat", async () => {
    let asked = 0;
    const list = new WindowedList(
      () => splitRange(0, 1000),
      () => ({
        defaultPageSize: 2,
        itemsOf: (page: { items: string[] }) => page.items,
        // Every page answers the same two items and claims more follow.
        fetchPage: async () => {
          if (++asked > 50) throw new Error("the walk never ends");
          return {
            data: { items: ["a", "b"], pagination: { hasNextPage: true } },
            response: new Response("{}"),
            requestId: undefined,
          };
        },
      }),
    );
    expect(await list.toArray()).toEqual(["a", "b"]);
    expect(asked).toBe(2);
  });
});
