import { effect } from "@preact/signals-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  immediately,
  nextFrame,
  subscribeCoalesced,
  toObservable,
  watchCheckRuns,
} from "../../../src/reactive/index.js";
import { run, SHA, signalSpy, startForge, timers, until, wait } from "./spec-forge-server.js";

// watchCheckRuns against a small forge written from the spec (./spec-forge-server.ts), reached over real fetch:
// throwing consumers, stops mid-request, failures and Retry-After.

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

describe("watchCheckRuns against a spec forge over real fetch", () => {
  it("a consumer that throws breaks no other consumer, stops no polling, and raises no uncaught exception", async () => {
    const kinds = ["effect", "observer", "coalesced-immediately", "coalesced-frame", "run(key) effect"] as const;
    const failures: string[] = [];
    for (const kind of kinds) {
      const reported = vi.spyOn(console, "error").mockImplementation(() => {});
      const forge = await startForge();
      forge.state.runs = [run("r1", 1, "queued")];
      const view = watchCheckRuns({ owner: "acme", repo: "web", sha: SHA, forge: forge.forge, pollIntervalMs: 15 });
      let stopBad: () => void;
      if (kind === "effect")
        stopBad = effect(() => {
          if (view.runs.value.length > 0) throw new Error("consumer bug");
        });
      else if (kind === "observer") {
        const subscription = toObservable(view).subscribe(() => {
          throw new Error("observer bug");
        });
        stopBad = () => subscription.unsubscribe();
      } else if (kind === "run(key) effect")
        stopBad = effect(() => {
          if (view.run("build").value) throw new Error("per-key consumer bug");
        });
      else
        stopBad = subscribeCoalesced(
          view.snapshot,
          () => {
            throw new Error("coalesced bug");
          },
          kind === "coalesced-immediately" ? immediately : nextFrame,
        );
      const seen: string[] = [];
      const stopGood = effect(() => {
        const status = view.run("build").value?.status;
        if (status) seen.push(status);
      });
      for (const [index, status] of (["in_progress", "completed"] as const).entries()) {
        forge.state.runs = [run("r1", 2 + index, status)];
        if (!(await until(() => seen.at(-1) === status))) failures.push(`${kind}: never showed ${status}`);
      }
      const before = forge.state.requests;
      await wait(60);
      if (forge.state.requests <= before) failures.push(`${kind}: polling stopped`);
      if (view.connection.value !== "polling") failures.push(`${kind}: connection ${view.connection.value}`);
      stopBad();
      stopGood();
      view.dispose();
      await wait(30);
      await forge.close();
      if (uncaught.length) failures.push(`${kind}: ${uncaught.length} uncaught (${String(uncaught[0])})`);
      // Reported, not swallowed: Node has no reportError, so the console shows it.
      if (!reported.mock.calls.some((args) => String(args.at(-1)).includes("bug")))
        failures.push(`${kind}: not reported`);
      reported.mockRestore();
      uncaught = [];
    }
    expect(failures).toEqual([]);
  });

  it("stopping mid-request or mid-sleep leaves no open request, no timer, no abort listener, no later request", async () => {
    const stops = ["dispose", "unwatch", "unsubscribe observable"] as const;
    const moments = ["request in flight", "sleeping", "after an error"] as const;
    const failures: string[] = [];
    for (const stop of stops)
      for (const moment of moments) {
        const forge = await startForge();
        forge.state.runs = [run("r1", 1)];
        const spy = signalSpy(forge.forge);
        const baseline = timers();
        const view = watchCheckRuns({ owner: "acme", repo: "web", sha: SHA, forge: spy.source, pollIntervalMs: 40 });
        let unwatch: () => void;
        if (stop === "unsubscribe observable") {
          const subscription = toObservable(view).subscribe({ next() {}, error() {} });
          unwatch = () => subscription.unsubscribe();
        } else unwatch = effect(() => void view.runs.value);
        if (moment === "request in flight") {
          forge.state.hold = true;
          await until(() => forge.state.held.length > 0);
        } else if (moment === "sleeping") await until(() => view.runs.value.length === 1);
        else {
          forge.state.mode = "500";
          await until(() => view.error.value !== undefined);
        }
        if (stop === "dispose") view.dispose();
        else unwatch();
        await wait(20);
        forge.release();
        const requests = forge.state.requests;
        await wait(120);
        const label = `${stop} while ${moment}`;
        if (forge.state.open !== 0) failures.push(`${label}: ${forge.state.open} open requests`);
        if (forge.state.requests !== requests) failures.push(`${label}: ${forge.state.requests - requests} later`);
        if (timers() > baseline) failures.push(`${label}: ${timers() - baseline} timers left`);
        if (spy.listeners() !== 0) failures.push(`${label}: ${spy.listeners()} abort listeners left`);
        if (stop === "dispose") unwatch();
        await forge.close();
      }
    expect(failures).toEqual([]);
    expect(uncaught).toEqual([]);
  });

  it("a refresh() answering after dispose() changes nothing shown, and one asked after dispose sends nothing", async () => {
    const forge = await startForge();
    forge.state.runs = [run("r1", 1)];
    const view = watchCheckRuns({ owner: "acme", repo: "web", sha: SHA, forge: forge.forge });
    forge.state.hold = true;
    const pending = view.refresh();
    await until(() => forge.state.held.length > 0);
    view.dispose();
    const shown = view.snapshot.value;
    forge.release();
    await pending.catch(() => undefined);
    expect(view.snapshot.value).toBe(shown);
    const requests = forge.state.requests;
    await view.refresh().catch(() => undefined);
    expect(forge.state.requests).toBe(requests);
    expect(view.connection.value).toBe("closed");
    await forge.close();
  });

  it("errors keep polling at the interval (bounded), a refusal stops it; unwatching stops both", async () => {
    const forge = await startForge();
    forge.state.mode = "500";
    const view = watchCheckRuns({ owner: "acme", repo: "web", sha: SHA, forge: forge.forge, pollIntervalMs: 20 });
    const stop = effect(() => void view.snapshot.value);
    await wait(250);
    // 250 ms at 20 ms per poll: never a tight loop, never given up on a 5xx.
    expect(forge.state.requests).toBeGreaterThan(2);
    expect(forge.state.requests).toBeLessThan(20);
    expect(view.connection.value).toBe("polling");
    forge.state.mode = "403";
    await until(() => view.connection.value === "closed");
    const refused = forge.state.requests;
    await wait(100);
    expect(forge.state.requests).toBe(refused);
    stop();
    view.dispose();
    await forge.close();
    expect(uncaught).toEqual([]);
  });
  it("a 429 with Retry-After holds polling for that long, though the interval is shorter; unwatching ends the wait", async () => {
    const forge = await startForge();
    forge.state.mode = "429";
    const baseline = timers();
    const view = watchCheckRuns({ owner: "acme", repo: "web", sha: SHA, forge: forge.forge, pollIntervalMs: 20 });
    const stop = effect(() => void view.snapshot.value);
    await until(() => view.error.value !== undefined);
    await wait(500);
    // Retry-After: 1 (second): polling every 20 ms meanwhile would be ~25 more requests, each refused again.
    expect(forge.state.requests).toBe(1);
    expect(view.connection.value).toBe("polling");
    stop();
    await wait(20);
    expect(timers()).toBeLessThanOrEqual(baseline);
    view.dispose();
    await forge.close();
  });

  it("an injected sleep that fails ends polling visibly (error, closed), as watchAgent does, not silently", async () => {
    const forge = await startForge();
    forge.state.runs = [run("r1", 1)];
    const broken = new Error("clock broke");
    const view = watchCheckRuns({
      owner: "acme",
      repo: "web",
      sha: SHA,
      forge: forge.forge,
      sleep: () => Promise.reject(broken),
    });
    const stop = effect(() => void view.snapshot.value);
    await until(() => view.connection.value === "closed", 500);
    expect({ connection: view.connection.value, error: view.error.value }).toEqual({
      connection: "closed",
      error: broken,
    });
    stop();
    view.dispose();
    await forge.close();
  });
});
