// Every Team Admin / Organization page/pageSize list against a server that misbehaves (empty pages for ever, a page
// repeated, a hang after the first page): the walk ends with a clear error, sends a bounded number of requests and
// leaves nothing behind. The server is page-list-server.ts, written from admin-api.md.
import { describe, expect, it } from "vitest";
import { MAX_REPEATED_PAGES_IN_A_ROW } from "../../../src/admin/admin-lists.js";
import { AbortError, AgentlineError } from "../../../src/core/errors.js";
import { countedSignal } from "../counted-signal.js";
import {
  clients,
  DAILY,
  expected,
  LISTS,
  type List,
  type ListCase,
  PAGES,
  PER_PAGE,
  server,
  settle,
  tagOf,
} from "./page-list-server.js";

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
