import { afterEach, describe, expect, it, vi } from "vitest";
import { toObservable, watchAgent, watchRun } from "../../../src/reactive/index.js";
import { advanceUntil, clockSetup, record, settle, until } from "./helpers.js";

/** Collects what the reactive layer reports through the platform's `reportError` (a browser's global `error`). */
function captureReports(): unknown[] {
  const reported: unknown[] = [];
  vi.stubGlobal("reportError", (error: unknown) => reported.push(error));
  return reported;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the stream shared by the views of a run", () => {
  it("keeps going for every view when an observer throws; the exception is reported", async () => {
    const reported = captureReports();
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 500 } });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "task" } });
    const healthy = watchRun(setup.client, agent.id, run.id);
    const watching = record(healthy.snapshot);
    const bug = new Error("bug in a consumer");
    const failing = watchRun(setup.client, agent.id, run.id);
    const errors: unknown[] = [];
    toObservable(failing).subscribe({
      next: (snapshot) => {
        if (snapshot.status === "RUNNING") throw bug;
      },
      error: (error) => errors.push(error),
    });
    await advanceUntil(setup, () => healthy.isTerminal.value, 1_000);
    expect(healthy.snapshot.value).toMatchObject({ status: "FINISHED", error: undefined, connection: "closed" });
    expect(healthy.result.value).toBe("Done: task");
    expect(errors).toEqual([]);
    expect(reported).toContain(bug);
    watching.stop();
  });

  it("keeps going for every view when a signal subscriber throws; the exception is reported", async () => {
    const reported = captureReports();
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 500 } });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "task" } });
    const healthy = watchRun(setup.client, agent.id, run.id);
    const watching = record(healthy.snapshot);
    const bug = new Error("bug in a subscriber");
    const stop = watchRun(setup.client, agent.id, run.id).status.subscribe((status) => {
      if (status === "RUNNING") throw bug;
    });
    await advanceUntil(setup, () => healthy.isTerminal.value, 1_000);
    expect(healthy.snapshot.value).toMatchObject({ status: "FINISHED", error: undefined, connection: "closed" });
    expect(reported).toContain(bug);
    stop();
    watching.stop();
  });

  it("stays closed with its error once it failed, whoever subscribes next; a new view asks again", async () => {
    const setup = clockSetup();
    const { agent } = await setup.client.agents.create({ prompt: { text: "task" } });
    const view = watchRun(setup.client, agent.id, "run-00000000-0000-4000-8000-0000000000ff");
    const connections = record(view.connection);
    await until(view.connection, (connection) => connection === "closed");
    const requests = setup.streamRequests().length;
    expect(view.error.value).toMatchObject({ source: "stream", code: "run_not_found" });

    const stopStatus = view.status.subscribe(() => {});
    const errors: unknown[] = [];
    toObservable(view).subscribe({ error: (error) => errors.push(error) });
    await setup.advance(1_000);
    expect(setup.streamRequests()).toHaveLength(requests);
    expect(connections.values).toEqual(["idle", "connecting", "closed"]);
    expect(errors).toHaveLength(1);

    const again = watchRun(setup.client, agent.id, "run-00000000-0000-4000-8000-0000000000ff");
    await until(again.connection, (connection) => connection === "closed");
    expect(setup.streamRequests()).toHaveLength(requests + 1);
    stopStatus();
    connections.stop();
  });

  it("refuses a function option that is no function at the call, before any request", async () => {
    const setup = clockSetup();
    const refused = expect.objectContaining({
      code: "invalid_argument",
      message: expect.stringContaining("`onConnectionChange`"),
    });
    expect(() => watchRun(setup.client, "bc-1", "run-1", { onConnectionChange: 5 as never })).toThrow(refused);
    expect(() => watchAgent(setup.client, "bc-1", { onConnectionChange: "x" as never })).toThrow(refused);
    await settle();
    expect(setup.fake.requests).toHaveLength(0);
  });

  it("reports an onConnectionChange that throws without failing the stream", async () => {
    const reported = captureReports();
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 500 } });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "task" } });
    const bug = new Error("bug in a callback");
    const view = watchRun(setup.client, agent.id, run.id, {
      onConnectionChange: () => {
        throw bug;
      },
    });
    const watching = record(view.snapshot);
    await advanceUntil(setup, () => view.isTerminal.value, 1_000);
    expect(view.snapshot.value).toMatchObject({ status: "FINISHED", error: undefined });
    expect(reported).toContain(bug);
    watching.stop();
  });
});
