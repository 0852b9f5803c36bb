import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { followUpMutation, watchAgent } from "../../../src/reactive/index.js";
import { advanceUntil, BASE_URL, clockSetup, record, settle, trackFetch, until } from "./helpers.js";

/**
 * The fake service and a client whose agent reads (`GET /v1/agents/:id`) can be held: while `holding`, each read is
 * answered by the service at once (its state then) and handed to the client only when `release()` is called.
 */
function heldReadsSetup() {
  const setup = clockSetup({ run: { creatingMs: 100, runningMs: 500 } });
  const held: Array<() => void> = [];
  let holding = false;
  const gated = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await setup.fake.fetch(request);
    const isAgentRead = request.method === "GET" && /^\/v1\/agents\/[^/]+$/.test(new URL(request.url).pathname);
    if (holding && isAgentRead) await new Promise<void>((resolve) => held.push(resolve));
    return response;
  };
  const tracked = trackFetch(gated as typeof fetch);
  const client = new AgentsClient({
    apiKey: "test-key",
    baseUrl: BASE_URL,
    fetch: tracked.fetch,
    now: setup.now,
    sleep: setup.sleep,
    random: () => 0.5,
  });
  return {
    ...setup,
    client,
    open: tracked.open,
    held: () => held.length,
    hold: (on: boolean) => {
      holding = on;
    },
    release: () => {
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

describe("watchAgent under races", () => {
  it("a read in flight when a follow-up is followed never moves the view back to the older run", async () => {
    const setup = heldReadsSetup();
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "first" } });
    const view = watchAgent(setup.client, agent.id, { followIntervalMs: 1_000, sleep: setup.sleep });
    const runIds = record(view.runId);
    const watching = record(view.snapshot);
    await advanceUntil(setup, () => view.isTerminal.value, 1_000);
    expect(view.runId.value).toBe(run.id);

    // The loop's next read is answered now (latestRunId: the first run) and held.
    setup.hold(true);
    await advanceUntil(setup, () => setup.held() > 0, 1_000);
    const { run: followUp } = await followUpMutation(setup.client, agent.id).mutateAsync({ prompt: { text: "more" } });
    expect(view.runId.value).toBe(followUp.id);

    setup.hold(false);
    setup.release();
    await setup.advance(100);
    expect(view.runId.value).toBe(followUp.id);
    expect(runIds.values.filter((id) => id !== undefined)).toEqual([run.id, followUp.id]);
    runIds.stop();
    watching.stop();
    view.dispose();
  });

  it("a refresh() in flight when the view is disposed opens nothing", async () => {
    const setup = heldReadsSetup();
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "first" } });
    const view = watchAgent(setup.client, agent.id, { followIntervalMs: 60_000, sleep: setup.sleep });
    const states = record(view.snapshot);
    await advanceUntil(setup, () => view.isTerminal.value, 1_000);

    await setup.client.runs.create(agent.id, { prompt: { text: "next" } }); // not announced: a read finds it
    setup.hold(true);
    const refreshed = view.refresh();
    await settle();
    expect(setup.held()).toBe(1);
    view.dispose();
    const streams = setup.streamRequests().length;
    setup.release();
    await refreshed;
    await setup.advance(1_000);
    expect(view.runId.value).toBe(run.id);
    expect(view.connection.value).toBe("closed");
    expect(states.values.at(-1)?.connection).toBe("closed");
    expect(setup.streamRequests()).toHaveLength(streams);
    expect(setup.open()).toBe(0);
    states.stop();
  });

  it("disposing a view that had stopped leaves another view of the agent following follow-ups", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 500 } });
    const { agent } = await setup.client.agents.create({ prompt: { text: "first" } });
    const options = { followIntervalMs: 60_000, sleep: setup.sleep };
    const first = watchAgent(setup.client, agent.id, options);
    const stopFirst = record(first.snapshot).stop;
    await advanceUntil(setup, () => first.isTerminal.value, 1_000);
    stopFirst(); // its component unmounted
    await settle();

    const second = watchAgent(setup.client, agent.id, options);
    const watching = record(second.snapshot);
    await advanceUntil(setup, () => second.isTerminal.value, 1_000);
    first.dispose(); // cleaned up later
    first.dispose();
    const { run: followUp } = await followUpMutation(setup.client, agent.id).mutateAsync({ prompt: { text: "more" } });
    expect(second.runId.value).toBe(followUp.id);
    watching.stop();
    second.dispose();
  });

  it("refuses a `sleep` that is no function, and shows a sleep that fails as an error instead of stopping quietly", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 500 } });
    const { agent } = await setup.client.agents.create({ prompt: { text: "first" } });
    expect(() => watchAgent(setup.client, agent.id, { sleep: 5 as never })).toThrow(
      expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining("`sleep`") }),
    );
    const broken = new Error("clock broke");
    const view = watchAgent(setup.client, agent.id, {
      sleep: async () => {
        throw broken;
      },
    });
    const shown = await until(view.snapshot, (snapshot) => snapshot.error !== undefined);
    expect(shown.error).toMatchObject({ source: "stream", message: "clock broke", cause: broken });
    view.dispose();
  });
});
