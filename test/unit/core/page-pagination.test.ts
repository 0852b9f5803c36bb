import { describe, expect, it } from "vitest";
import type { WithResponse } from "../../../src/core/api-promise.js";
import { ValidationError } from "../../../src/core/errors.js";
import { hasNextPageFrom, PageNumberPromise, resolvePageSize } from "../../../src/core/page-pagination.js";
import { type CursorPage, PagePromise } from "../../../src/core/pagination.js";

const response = new Response(null);
const wrap = <T>(data: T): WithResponse<T> => ({ data, response, requestId: undefined });

interface GroupsPage {
  groups: number[];
  pagination: { page: number; pageSize: number; totalPages?: number; hasNextPage?: boolean };
}

/** A server holding `total` items, answering like /teams/directory-groups (max page size 200). */
function server(total: number, shape: "hasNextPage" | "totalPages" | "none" = "hasNextPage") {
  const calls: Array<[number, number]> = [];
  const fetchPage = async (page: number, pageSize: number) => {
    calls.push([page, pageSize]);
    const size = Math.min(pageSize, 200);
    const groups = Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size);
    const totalPages = Math.ceil(total / size);
    const pagination: GroupsPage["pagination"] = { page, pageSize: size };
    if (shape === "hasNextPage") pagination.hasNextPage = page < totalPages;
    if (shape === "totalPages") pagination.totalPages = totalPages;
    return wrap<GroupsPage>({ groups, pagination });
  };
  return { calls, fetchPage };
}

function groups(total: number, options: { pageSize?: number; shape?: "hasNextPage" | "totalPages" | "none" } = {}) {
  const { calls, fetchPage } = server(total, options.shape);
  const list = new PageNumberPromise<number, GroupsPage>({
    fetchPage,
    itemsOf: (page) => page.groups,
    pageSize: options.pageSize,
    defaultPageSize: 50,
    maxPageSize: 200,
  });
  return { calls, list };
}

describe("PageNumberPromise", () => {
  it("awaits to the first page, fetched once however it is used", async () => {
    const { calls, list } = groups(7, { pageSize: 3 });
    expect((await list).groups).toEqual([1, 2, 3]);
    expect((await list.withResponse()).response).toBe(response);
    expect(await list.toArray()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it.each(["hasNextPage", "totalPages", "none"] as const)(
    "walks ≥ 3 pages and stops at the end (%s)",
    async (shape) => {
      const { calls, list } = groups(9, { pageSize: 3, shape });
      const sizes: number[] = [];
      for await (const page of list.pages()) sizes.push(page.groups.length);
      // Without counts a full last page costs one more request, which comes back empty.
      expect(sizes).toEqual(shape === "none" ? [3, 3, 3, 0] : [3, 3, 3]);
      expect(calls.length).toBe(shape === "none" ? 4 : 3);
    },
  );

  it("fetches lazily: breaking early sends nothing more, and nothing is sent before use", async () => {
    const { calls, list } = groups(100, { pageSize: 10 });
    await Promise.resolve();
    expect(calls).toEqual([]);
    for await (const item of list) if (item === 12) break;
    expect(calls.map(([page]) => page)).toEqual([1, 2]);
  });

  it("clamps the page size to the route maximum and uses the route default when none is given", async () => {
    const big = groups(500, { pageSize: 1000 });
    expect((await big.list).groups).toHaveLength(200);
    expect(big.calls[0]).toEqual([1, 200]);
    const plain = groups(500);
    await plain.list;
    expect(plain.calls[0]).toEqual([1, 50]);
    expect(resolvePageSize(5, 100)).toBe(5);
  });

  it("rejects (never throws synchronously) on a bad page size or start page, sending nothing", async () => {
    const { calls, fetchPage } = server(10);
    const make = (pageSize: number, startPage = 1) =>
      new PageNumberPromise({ fetchPage, itemsOf: (p) => p.groups, pageSize, defaultPageSize: 50, startPage });
    await expect(make(0)).rejects.toBeInstanceOf(ValidationError);
    await expect(make(2.5)).rejects.toMatchObject({ path: "pageSize" });
    await expect(make(10, 0).toArray()).rejects.toMatchObject({ path: "page" });
    expect(calls).toEqual([]);
  });

  it("starts from startPage and continues from there", async () => {
    const { calls, fetchPage } = server(10);
    const list = new PageNumberPromise({
      fetchPage,
      itemsOf: (p) => p.groups,
      pageSize: 3,
      defaultPageSize: 50,
      startPage: 3,
    });
    expect(await list.toArray()).toEqual([7, 8, 9, 10]);
    expect(calls.map(([page]) => page)).toEqual([3, 4]);
  });

  it("stops on an empty page even when the envelope claims more", async () => {
    let calls = 0;
    const list = new PageNumberPromise({
      fetchPage: async (page: number) => {
        calls++;
        return wrap({ data: page === 1 ? [1, 2] : [], pagination: { hasNextPage: true } });
      },
      itemsOf: (p) => p.data,
      defaultPageSize: 2,
    });
    expect(await list.toArray()).toEqual([1, 2]);
    expect(calls).toBe(2);
  });

  it("takes a custom hasNext", async () => {
    const { calls, fetchPage } = server(100);
    const list = new PageNumberPromise({
      fetchPage,
      itemsOf: (p) => p.groups,
      hasNext: (_page, state) => state.page < 2,
      pageSize: 5,
      defaultPageSize: 50,
    });
    expect(await list.toArray()).toHaveLength(10);
    expect(calls).toHaveLength(2);
  });
});

describe("hasNextPageFrom", () => {
  const state = { page: 2, pageSize: 10, itemCount: 10 };
  it("prefers hasNextPage, then totalPages / numPages / top-level totalPages, then a full page", () => {
    expect(hasNextPageFrom({ pagination: { hasNextPage: false, totalPages: 9 } }, state)).toBe(false);
    expect(hasNextPageFrom({ pagination: { totalPages: 2 } }, state)).toBe(false);
    expect(hasNextPageFrom({ pagination: { numPages: 3 } }, state)).toBe(true);
    expect(hasNextPageFrom({ teamMemberSpend: [], totalPages: 2 }, state)).toBe(false);
    expect(hasNextPageFrom({ data: [] }, state)).toBe(true);
    expect(hasNextPageFrom({ data: [] }, { ...state, itemCount: 9 })).toBe(false);
  });
});

describe("PagePromise with a null nextCursor (team rules, setup manifests)", () => {
  it("stops where nextCursor is null", async () => {
    const cursors: Array<string | undefined> = [];
    const pages: Record<string, { items: string[]; nextCursor: string | null }> = {
      first: { items: ["rule_3", "rule_2"], nextCursor: "c2" },
      c2: { items: ["rule_1"], nextCursor: null },
    };
    // The runtime check (`typeof nextCursor === "string"`) already stops on null; the type only admits
    // `string | undefined`, hence the cast.
    const list = new PagePromise<string>(async (cursor) => {
      cursors.push(cursor);
      return wrap(pages[cursor ?? "first"] as unknown as CursorPage<string>);
    });
    expect(await list.toArray()).toEqual(["rule_3", "rule_2", "rule_1"]);
    expect(cursors).toEqual([undefined, "c2"]);
  });
});
