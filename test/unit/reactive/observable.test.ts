import { signal } from "@preact/signals-core";
import { from, lastValueFrom, take, toArray } from "rxjs";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../../src/core/errors.js";
import { toObservable, watchAgent, watchCheckRuns, watchRun } from "../../../src/reactive/index.js";
import { clockSetup, settle } from "./helpers.js";

describe("toObservable", () => {
  it("turns a signal into an Observable RxJS accepts: current value first, then each change", async () => {
    const count = signal(1);
    const seen: number[] = [];
    const subscription = from(toObservable(count)).subscribe((value) => seen.push(value));
    count.value = 2;
    count.value = 3;
    subscription.unsubscribe();
    count.value = 4;
    expect(seen).toEqual([1, 2, 3]);
    const firstTwo = lastValueFrom(from(toObservable(count)).pipe(take(2), toArray()));
    count.value = 5;
    await expect(firstTwo).resolves.toEqual([4, 5]);
  });

  it("speaks the interop protocol: `@@observable`, and Symbol.observable where it is defined", () => {
    const source = signal("a");
    const observable = toObservable(source);
    expect(observable["@@observable"]()).toBe(observable);
    const values: string[] = [];
    const subscription = observable.subscribe({ next: (value) => values.push(value) });
    expect(subscription.closed).toBe(false);
    subscription.unsubscribe();
    expect(subscription.closed).toBe(true);
    expect(values).toEqual(["a"]);

    Object.defineProperty(Symbol, "observable", { value: Symbol("observable"), configurable: true });
    try {
      const withSymbol = toObservable(source);
      expect(withSymbol[Symbol.observable]()).toBe(withSymbol);
    } finally {
      Reflect.deleteProperty(Symbol, "observable");
    }
  });

  it("completes a run view's observable with the final snapshot; subscribing starts the stream", async () => {
    const setup = clockSetup({}, { instant: true });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "observe me" } });
    const view = watchRun(setup.client, agent.id, run.id);
    const snapshots = await lastValueFrom(from(toObservable(view)).pipe(toArray()));
    expect(snapshots[0]?.connection).toBe("idle");
    expect(snapshots.at(-1)).toMatchObject({ status: "FINISHED", result: "Done: observe me", connection: "closed" });
    expect(setup.streamRequests()).toHaveLength(1);
  });

  it("errors a run view's observable with the stream's failure", async () => {
    const setup = clockSetup({}, { instant: true });
    const { agent } = await setup.client.agents.create({ prompt: { text: "x" } });
    const view = watchRun(setup.client, agent.id, "run-missing");
    await expect(lastValueFrom(from(toObservable(view)))).rejects.toBeInstanceOf(NotFoundError);
  });

  it("keeps an agent view's observable open across the end of a run (a follow-up may come)", async () => {
    const setup = clockSetup();
    const { agent } = await setup.client.agents.create({ prompt: { text: "agent" } });
    const view = watchAgent(setup.client, agent.id, { sleep: setup.sleep });
    let completed = false;
    const statuses: Array<string | undefined> = [];
    const subscription = from(toObservable(view)).subscribe({
      next: (snapshot) => statuses.push(snapshot.status),
      complete: () => {
        completed = true;
      },
    });
    await setup.advance(60_000);
    expect(statuses.at(-1)).toBe("FINISHED");
    expect(completed).toBe(false);
    subscription.unsubscribe();
  });

  it("completes a check-runs view's observable when the view is disposed", async () => {
    const view = watchCheckRuns({ owner: "acme", repo: "web", sha: "a".repeat(40) });
    const all = lastValueFrom(from(toObservable(view)).pipe(toArray()));
    await settle();
    view.dispose();
    const snapshots = await all;
    expect(snapshots.map((snapshot) => snapshot.connection)).toEqual(["idle", "closed"]);
  });

  it("refuses what is neither a signal nor a view, and an observer that is no object or function, at the call", () => {
    const refused = (name: string) =>
      expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining(`\`${name}\``) });
    expect(() => toObservable({} as never)).toThrow(refused("source"));
    expect(() => toObservable({ snapshot: 5 } as never)).toThrow(refused("source"));
    expect(() => toObservable(signal(1)).subscribe(5 as never)).toThrow(refused("observer"));
    expect(() => toObservable(signal(1)).subscribe("next" as never)).toThrow(refused("observer"));
  });
});
