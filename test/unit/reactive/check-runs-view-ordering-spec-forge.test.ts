import { signal } from "@preact/signals-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeCoalesced, watchCheckRuns } from "../../../src/reactive/index.js";
import { type Run, run, SHA, startForge, T, until } from "./spec-forge-server.js";

// Which snapshot stands when polls (a spec forge over real fetch) and webhook feeds race, what feed() makes of events
// that are no check-run event, and a coalescing scheduler that throws.

let uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
beforeEach(() => {
  uncaught = [];
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
});
afterEach(() => {
  process.off("uncaughtException", onUncaught);
  process.off("unhandledRejection", onUncaught);
});

describe("subscribeCoalesced with a scheduler that throws", () => {
  it("reports it and still tells later changes (0 lost notifications over 5 changes)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const source = signal(0);
    let calls = 0;
    let fail = true;
    const told: number[] = [];
    const stop = subscribeCoalesced(
      source,
      () => told.push(source.value),
      (flush) => {
        calls++;
        if (fail) {
          fail = false;
          throw new Error("scheduler bug");
        }
        flush();
      },
    );
    const lost: number[] = [];
    for (let value = 1; value <= 5; value++) {
      try {
        source.value = value;
      } catch {
        lost.push(value); // the scheduler's exception came out of the write
      }
    }
    stop();
    vi.restoreAllMocks();
    expect({ lost, told, calls }).toEqual({ lost: [], told: [2, 3, 4, 5], calls: 5 });
    expect(uncaught).toEqual([]);
  });
});

describe("watchCheckRuns ordering across poll and feed", () => {
  const snapshots = [run("r1", 1, "queued"), run("r1", 2, "in_progress"), run("r1", 3, "completed")];
  const webhook = (snapshot: Run, withUpdatedAt: boolean) => {
    const { updatedAt, ...rest } = snapshot;
    return {
      type: "repository.check_run.completed",
      payload: {
        repository: { fullName: "acme/web" },
        checkSuite: { id: "suite-1", sha: SHA },
        checkRun: withUpdatedAt ? { ...rest, updatedAt } : rest,
      },
    };
  };
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];

  it("the newest snapshot always stands, whatever the order and channel (48 orderings × 2 payload shapes)", async () => {
    const forge = await startForge();
    const failures: string[] = [];
    for (const withUpdatedAt of [true, false])
      for (const order of orders)
        for (let channels = 0; channels < 8; channels++) {
          const view = watchCheckRuns({ owner: "acme", repo: "web", sha: SHA, forge: forge.forge });
          for (const [step, index] of order.entries()) {
            const snapshot = snapshots[index] as Run;
            if (channels & (1 << step)) {
              forge.state.runs = [snapshot];
              await view.refresh();
            } else view.feed(webhook(snapshot, withUpdatedAt));
          }
          const shown = view.run("build").value;
          if (shown?.status !== "completed" || shown.externalUpdatedAt !== T(3))
            failures.push(`${order.join("")}/${channels.toString(2)}/${withUpdatedAt}: ${shown?.status}`);
          view.dispose();
        }
    await forge.close();
    expect(failures).toEqual([]);
  });

  it("a listing in flight when a newer webhook lands never takes the view back, nor drops a run it lacks", async () => {
    const forge = await startForge();
    const failures: string[] = [];
    for (const newRun of [false, true]) {
      forge.state.runs = [run("r1", 1, "queued")];
      const view = watchCheckRuns({ owner: "acme", repo: "web", sha: SHA, forge: forge.forge });
      forge.state.hold = true;
      const listing = view.refresh();
      await until(() => forge.state.held.length > 0);
      // A new attempt gets a new id (new externalId); otherwise the same run moves on.
      const newer = newRun ? { ...run("r2", 5, "completed"), externalId: "ext-r2" } : run("r1", 5, "completed");
      const outcome = view.feed(webhook(newer, true));
      forge.state.hold = false;
      forge.release();
      await listing;
      const shown = view.run("build").value;
      if (outcome !== "applied") failures.push(`${newRun}: feed ${outcome}`);
      if (shown?.id !== newer.id || shown.status !== "completed") failures.push(`${newRun}: shows ${shown?.id}`);
      view.dispose();
    }
    await forge.close();
    expect(failures).toEqual([]);
  });

  it("feed() of a malformed or foreign event answers an outcome and never throws", () => {
    const view = watchCheckRuns({ owner: "acme", repo: "web", sha: SHA });
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("hostile getter");
        },
      },
    );
    const events: Array<[string, unknown, string]> = [
      ["undefined", undefined, "invalid"],
      ["null", null, "invalid"],
      ["a string", "repository.check_run.completed", "invalid"],
      ["an array", [webhook(snapshots[0] as Run, true)], "invalid"],
      ["a number", 42, "invalid"],
      ["no checkRun", { type: "repository.check_run.created", payload: {} }, "invalid"],
      ["checkRun without id", { payload: { checkRun: { status: "queued" } } }, "invalid"],
      ["checkRun status a number", { payload: { checkRun: { id: "x", status: 3 } } }, "invalid"],
      ["a pull request event", { type: "pull_request.opened", payload: { pullRequest: {} } }, "unrelated"],
      [
        "another repository",
        { payload: { ...webhook(snapshots[0] as Run, true).payload, repository: { fullName: "x/y" } } },
        "unrelated",
      ],
      ["another sha", { payload: { checkRun: { ...run("z", 1), sha: "e".repeat(40) } } }, "unrelated"],
      [
        "a throwing getter",
        {
          get payload() {
            throw new Error("getter");
          },
        },
        "invalid",
      ],
      ["a proxy that throws", hostile, "invalid"],
      [
        "checkRun that throws",
        {
          payload: {
            get checkRun() {
              throw new Error("getter");
            },
          },
        },
        "invalid",
      ],
    ];
    const failures: string[] = [];
    for (const [label, event, expected] of events) {
      try {
        const outcome = view.feed(event);
        if (outcome !== expected) failures.push(`${label}: ${outcome}, expected ${expected}`);
      } catch (error) {
        failures.push(`${label}: threw ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(view.runs.value).toEqual([]);
  });
});
