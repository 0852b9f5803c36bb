import { describe, expect, it } from "vitest";
import { initialRunState, RUN_FIELDS } from "../../../src/agents/run-state.js";
import {
  type ReadonlySignal,
  RUN_SNAPSHOT_FIELDS,
  type RunSignals,
  type RunSnapshot,
  watchAgent,
  watchRun,
} from "../../../src/reactive/index.js";
import { clockSetup, until } from "./helpers.js";

/** What is wrong with one snapshot: keys other than the tuple's (in its order), or a field its signal disagrees on. */
function problemsOf(snapshot: RunSnapshot, view: RunSignals): string[] {
  const problems: string[] = [];
  const keys = Object.keys(snapshot);
  if (keys.join() !== RUN_SNAPSHOT_FIELDS.join()) problems.push(`keys ${keys.join()}`);
  for (const key of RUN_SNAPSHOT_FIELDS) {
    if (key === "runId") continue; // a plain string on a run view, a signal on an agent view
    const signal = view[key] as ReadonlySignal<unknown>;
    // toolCalls: the snapshot builds its array when read, so compare contents.
    if (JSON.stringify(signal.peek()) !== JSON.stringify(snapshot[key]))
      problems.push(`${key} differs from its signal`);
  }
  return problems;
}

describe("the run's fields, listed once", () => {
  it("RUN_FIELDS are RunState fields, and RUN_SNAPSHOT_FIELDS are them plus connection and isTerminal", () => {
    const stateKeys = Object.keys(initialRunState);
    expect(RUN_FIELDS.filter((key) => !stateKeys.includes(key))).toEqual([]);
    expect(RUN_SNAPSHOT_FIELDS).toEqual([...RUN_FIELDS, "connection", "isTerminal"]);
  });

  it("every snapshot a run view and an agent view show (two runs, start to end) has exactly the listed fields: 0 problems", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 900, assistantChunks: 4, toolCalls: 2 } });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "fields" } });
    const runView = watchRun(setup.client, agent.id, run.id);
    const agentView = watchAgent(setup.client, agent.id, { followIntervalMs: 200, sleep: setup.sleep });
    const problems: string[] = [];
    let checked = 0;
    const check = (view: RunSignals) =>
      view.snapshot.subscribe((snapshot) => {
        checked++;
        problems.push(...problemsOf(snapshot, view));
      });
    const stops = [check(runView), check(agentView)];
    await setup.advance(2_000);
    await until(runView.connection, (state) => state === "closed");
    const { run: followUp } = await setup.client.runs.create(agent.id, { prompt: { text: "again" } });
    await setup.advance(3_000);
    expect(agentView.runId.value).toBe(followUp.id);
    expect(agentView.result.value).toBe("Done: again");
    runView.dispose();
    agentView.dispose();
    for (const stop of stops) stop();
    expect(checked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
