// Every Team Admin / Organization page/pageSize list (and the windowed audit log), walked against an independent
// fetch written from admin-api.md (page-list-server.ts): each sweep collects what went wrong per list and asserts the
// list is empty.
import { afterEach, describe, expect, it } from "vitest";
import { trackSdkTimers } from "../core/every-operation-fixtures.js";
import { countedSignal } from "../counted-signal.js";
import {
  clients,
  DAILY,
  expected,
  LISTS,
  type List,
  PAGES,
  PER_PAGE,
  server,
  settle,
  tagOf,
} from "./page-list-server.js";

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
