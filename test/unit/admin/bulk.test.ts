import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BulkPartialError,
  type BulkResult,
  chunk,
  isFailedRow,
  mergeBulkResults,
  pairRows,
  retryFailed,
  runChunked,
} from "../../../src/admin/bulk.js";
import { BadRequestError, ConnectionError, isAgentlineError } from "../../../src/core/errors.js";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const badRequest = () => new BadRequestError({ status: 400, code: "error", message: "too many updates" });

describe("chunk", () => {
  it("keeps order and sizes (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 20 }), (items, size) => {
        const chunks = chunk(items, size);
        expect(chunks.flat()).toEqual(items);
        expect(chunks.every((c, i) => c.length === size || (i === chunks.length - 1 && c.length > 0))).toBe(true);
      }),
    );
  });

  it("refuses a size below 1", () => {
    expect(() => chunk([1], 0)).toThrow(/size/);
  });
});

describe("runChunked", () => {
  it("sends chunks one at a time, in order, and merges results in request order", async () => {
    const sent: number[][] = [];
    let inFlight = 0;
    const report = await runChunked({
      items: range(250),
      size: 100,
      send: async (items, index) => {
        expect(inFlight++).toBe(0);
        await Promise.resolve();
        sent.push(items);
        inFlight--;
        return { index, count: items.length };
      },
      merge: (results) => results.reduce((sum, r) => sum + r.count, 0),
    });
    expect(sent.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(sent.flat()).toEqual(range(250));
    expect(report).toMatchObject({ ok: true, applied: [0, 1, 2], merged: 250, failed: [], notAttempted: [] });
    expect(report.results.map((r) => r.index)).toEqual([0, 1, 2]);
  });

  it("throws BulkPartialError carrying the report when a chunk is rejected whole (default)", async () => {
    const error = await runChunked({
      items: range(5),
      size: 2,
      send: async (_items, index) => {
        if (index === 1) throw badRequest();
        return index;
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BulkPartialError);
    const partial = error as BulkPartialError<number, number, number[]>;
    expect(isAgentlineError(partial)).toBe(true);
    expect(partial.code).toBe("bulk_partial_failure");
    expect(partial.cause).toBeInstanceOf(BadRequestError);
    expect(partial.report.applied).toEqual([0]);
    expect(partial.report.failed).toMatchObject([{ index: 1, items: [2, 3], rejected: true }]);
    expect(partial.report.notAttempted).toEqual([{ index: 2, items: [4] }]);
    expect(retryFailed(partial.report)).toEqual([2, 3, 4]);
    expect(JSON.stringify(partial)).not.toContain("[2,3]"); // no items in logs
  });

  it("stops and returns the report with onChunkError: stop", async () => {
    const report = await runChunked({
      items: range(6),
      size: 2,
      onChunkError: "stop",
      send: async (_items, index) => {
        if (index === 0) throw new ConnectionError();
        return index;
      },
    });
    expect(report.ok).toBe(false);
    expect(report.failed).toMatchObject([{ index: 0, rejected: false }]); // no answer: maybe applied
    expect(report.notAttempted.map((c) => c.index)).toEqual([1, 2]);
  });

  it("sends every chunk with onChunkError: continue and accounts for each item exactly once (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        fc.func(fc.boolean()),
        async (items, size, fails) => {
          const report = await runChunked({
            items,
            size,
            onChunkError: "continue",
            send: async (chunkItems, index) => {
              if (fails(index)) throw badRequest();
              return chunkItems;
            },
          });
          expect(report.notAttempted).toEqual([]);
          const appliedItems = report.results.flat();
          expect(appliedItems.length + retryFailed(report).length).toBe(items.length);
          const byIndex = new Map<number, number[]>();
          for (const [at, index] of report.applied.entries()) byIndex.set(index, report.results[at] as number[]);
          for (const f of report.failed) byIndex.set(f.index, f.items);
          expect([...byIndex.keys()].sort((a, b) => a - b).flatMap((k) => byIndex.get(k) ?? [])).toEqual(items);
        },
      ),
    );
  });

  it("leaves the rest unsent when the signal fires, and throws with the report", async () => {
    const controller = new AbortController();
    const error = await runChunked({
      items: range(4),
      size: 1,
      signal: controller.signal,
      send: async (_items, index) => {
        if (index === 1) controller.abort();
        return index;
      },
    }).catch((e: unknown) => e as BulkPartialError<number>);
    expect(error).toBeInstanceOf(BulkPartialError);
    expect((error as BulkPartialError<number>).report.applied).toEqual([0, 1]);
    expect((error as BulkPartialError<number>).report.notAttempted.map((c) => c.index)).toEqual([2, 3]);
    expect((error as BulkPartialError).cause).toMatchObject({ code: "aborted" });
  });
});

describe("row-level results", () => {
  const updates = [
    { userEmail: "a@x.io", spendLimitDollars: 10 },
    { userEmail: "b@x.io", spendLimitDollars: null },
    { userEmail: "c@x.io", spendLimitDollars: 0 },
  ];

  it("pairs spend-limit rows by position and resends only failed rows", () => {
    const result = pairRows(updates, [
      { userEmail: "a@x.io", status: "updated" },
      { userEmail: "b@x.io", status: "failed", error: "not a member" },
      { userEmail: "c@x.io", status: "unchanged" },
    ]);
    expect(result.okCount).toBe(2);
    expect(result.failedCount).toBe(1);
    expect(retryFailed(result)).toEqual([updates[1]]);
  });

  it("pairs model-access rows by teamId, whatever their order, and counts a missing row as failed", () => {
    const teamIds = [11, 12, 13, 14];
    const result = pairRows(
      teamIds,
      [
        { teamId: 13, status: "success" },
        { teamId: 11, status: "error", errorMessage: "team not linked" },
        { teamId: 12, status: "success" },
        { teamId: 99, status: "success" },
      ],
      { key: { input: (id) => id, row: (row) => row.teamId } },
    );
    expect(result.rows.map((r) => r.status)).toEqual(["failed", "ok", "ok", "missing"]);
    expect(result.unmatched).toEqual([{ teamId: 99, status: "success" }]);
    expect(retryFailed(result)).toEqual([11, 14]);
  });

  it("recognises sync error rows", () => {
    expect(isFailedRow({ userId: 0, teamIds: [], status: "error", errorMessage: "user not found" })).toBe(true);
    expect(isFailedRow({ userId: 7, teamIds: [1], status: "success" })).toBe(false);
    expect(isFailedRow(null)).toBe(true);
  });

  it("retries failed rows of applied chunks plus whole failed and unsent chunks, in request order", async () => {
    const inputs = range(7).map((i) => ({ teamId: i }));
    const report = await runChunked({
      items: inputs,
      size: 3,
      onChunkError: "stop",
      // `send` before `merge`: TypeScript infers left to right, so the result type is known by then.
      send: async (items, index): Promise<BulkResult<{ teamId: number; status: string }, { teamId: number }>> => {
        if (index === 1) throw badRequest();
        const rows = items.map(({ teamId }) => ({ teamId, status: teamId === 1 ? "error" : "success" }));
        return pairRows(items, rows, { key: { input: (i) => i.teamId, row: (r) => r.teamId } });
      },
      merge: mergeBulkResults,
    });
    expect(report.merged.okCount).toBe(2);
    expect(report.merged.failedCount).toBe(1);
    expect(retryFailed(report).map((i) => i.teamId)).toEqual([1, 3, 4, 5, 6]);
  });
});
