import { describe, expect, it } from "vitest";
import { splitRange } from "../../../src/admin/date-ranges.js";
import { WindowedList } from "../../../src/admin/windowed-list.js";

const DAY = 86_400_000;

/** A windowed list over 70 days (three windows) whose every window holds `perWindow` items, counting the pages asked. */
function countingList(perWindow: number) {
  const asked: string[] = [];
  const list = new WindowedList<string, { items: string[] }>(
    () => splitRange(0, 70 * DAY),
    (window) => ({
      defaultPageSize: 2,
      itemsOf: (page: { items: string[] }) => page.items,
      fetchPage: async (page: number, size: number) => {
        asked.push(`${window.start}:${page}`);
        const all = Array.from({ length: perWindow }, (_, i) => `${window.start}-${i}`);
        const items = all.slice((page - 1) * size, page * size);
        return { data: { items }, response: new Response("{}"), requestId: undefined };
      },
    }),
  );
  return { list, asked };
}

describe("WindowedList", () => {
  it("fetches the first page of the first window once when it is awaited and then iterated", async () => {
    const { list, asked } = countingList(3);
    const first = await list;
    expect(first.items).toEqual(["0-0", "0-1"]);
    const items: string[] = [];
    for await (const item of list) items.push(item);
    expect(items).toHaveLength(9);
    expect(new Set(items).size).toBe(9);
    // Every page asked for exactly once: no repeated `0:1`.
    expect(asked.length - new Set(asked).size).toBe(0);
    expect(asked.filter((key) => key === "0:1")).toHaveLength(1);
  });

  it("fetches the first page once across await, .pages() and toArray()", async () => {
    const { list, asked } = countingList(1);
    await list;
    const pages = [];
    for await (const page of list.pages()) pages.push(page);
    expect(pages).toHaveLength(3);
    expect(await list.toArray()).toHaveLength(3);
    expect(asked.filter((key) => key === "0:1")).toHaveLength(1);
  });

  it("leaves nothing pending after a break", async () => {
    const { list, asked } = countingList(5);
    for await (const _ of list) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(asked).toEqual(["0:1"]);
  });
});
