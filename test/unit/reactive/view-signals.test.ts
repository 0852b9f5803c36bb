import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import type { RunStreamOptions } from "../../../src/agents/index.js";
import { type AgentRunsClient, watchAgent, watchRun } from "../../../src/reactive/index.js";
import { clockSetup, settle, until } from "./helpers.js";

/**
 * The client as a view sees it, recording every `AbortSignal` the view hands it (in `agents.get` options, in the run
 * stream's options, and to its `sleep`), so that a test can count what is left on them.
 */
function recordingClient(setup: ReturnType<typeof clockSetup>) {
  const signals: AbortSignal[] = [];
  const note = (signal: AbortSignal | undefined) => {
    if (signal) signals.push(signal);
  };
  const client: AgentRunsClient = {
    agents: {
      get: (agentId, options) => {
        note(options?.signal);
        return setup.client.agents.get(agentId, options);
      },
    },
    runs: {
      stream: (agentId: string, runId: string, options?: RunStreamOptions) => {
        note(options?.signal);
        return setup.client.runs.stream(agentId, runId, options);
      },
    },
  };
  const sleep = (ms: number, signal?: AbortSignal) => {
    note(signal);
    return setup.sleep(ms, signal);
  };
  const listenersLeft = () => signals.reduce((sum, signal) => sum + getEventListeners(signal, "abort").length, 0);
  return { client, sleep, signals, listenersLeft };
}

describe("a stopped view leaves nothing behind", () => {
  it("60 run views (finished, stopped mid-run, disposed) and 15 agent views: 0 listeners, 0 open bodies", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 2_000 } });
    const recording = recordingClient(setup);
    const endings = { finished: 0, stopped: 0, disposed: 0, agents: 0 };
    for (let i = 0; i < 60; i++) {
      const { agent, run } = await setup.client.agents.create({ prompt: { text: `view ${i}` } });
      const view = watchRun(recording.client, agent.id, run.id);
      const stop = view.snapshot.subscribe(() => {});
      const ending = (["finished", "stopped", "disposed"] as const)[i % 3] ?? "finished";
      if (ending === "finished") {
        await setup.advance(5_000);
        await until(view.connection, (state) => state === "closed");
      } else {
        await setup.advance(300);
        if (ending === "disposed") view.dispose();
      }
      stop();
      endings[ending]++;
    }
    for (let i = 0; i < 15; i++) {
      const { agent } = await setup.client.agents.create({ prompt: { text: `agent ${i}` } });
      const view = watchAgent(recording.client, agent.id, { followIntervalMs: 500, sleep: recording.sleep });
      const stop = view.snapshot.subscribe(() => {});
      await setup.advance(i % 2 === 0 ? 5_000 : 300);
      stop();
      if (i % 3 === 0) view.dispose();
      endings.agents++;
    }
    await settle();
    await setup.advance(10_000);
    expect(endings).toEqual({ finished: 20, stopped: 20, disposed: 20, agents: 15 });
    expect(recording.signals.length).toBeGreaterThan(0);
    expect(recording.listenersLeft()).toBe(0);
    expect(setup.open()).toBe(0);
  });
});
