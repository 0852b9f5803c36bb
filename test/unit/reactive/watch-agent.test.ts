import { describe, expect, it } from "vitest";
import { watchAgent } from "../../../src/reactive/index.js";
import { advanceUntil, clockSetup, record, settle, until } from "./helpers.js";

describe("watchAgent against the fake service", () => {
  it("follows the agent's latest run, then switches to a follow-up run when it appears", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 500 } });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "first task" } });
    const before = setup.fake.requests.length;
    const view = watchAgent(setup.client, agent.id, { followIntervalMs: 1_000, sleep: setup.sleep });
    await settle();
    expect(setup.fake.requests.length).toBe(before); // lazy

    const runIds = record(view.runId);
    const results = record(view.result);
    await advanceUntil(setup, () => view.isTerminal.value, 1_000);
    expect(view.runId.value).toBe(run.id);
    expect(view.isTerminal.value).toBe(true);
    expect(view.result.value).toBe("Done: first task");
    expect(view.agent.value?.id).toBe(agent.id);

    const { run: followUp } = await setup.client.runs.create(agent.id, { prompt: { text: "second task" } });
    await advanceUntil(setup, () => view.runId.value === followUp.id && view.isTerminal.value, 2_000);
    expect(view.runId.value).toBe(followUp.id);
    expect(view.status.value).toBe("FINISHED");
    expect(view.result.value).toBe("Done: second task");
    expect(runIds.values.filter((id) => id !== undefined)).toEqual([run.id, followUp.id]);
    expect(results.values).toContain("Done: first task");
    runIds.stop();
    results.stop();
    view.dispose();
    expect(view.connection.value).toBe("closed");
  });

  it("follow() switches at once; the agent is not re-read while its run is active", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 5_000 } });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "long task" } });
    const view = watchAgent(setup.client, agent.id, { followIntervalMs: 200, sleep: setup.sleep });
    const watching = record(view.snapshot);
    await setup.advance(1_000);
    expect(view.runId.value).toBe(run.id);
    const reads = setup.fake.requests.filter((request) => request.path === `/v1/agents/${agent.id}`);
    expect(reads).toHaveLength(1);
    expect(view.snapshot.value.connection).toBe("live");

    await setup.advance(5_000);
    const { run: next } = await setup.client.runs.create(agent.id, { prompt: { text: "next" } });
    view.follow(next.id);
    expect(view.runId.value).toBe(next.id);
    await setup.advance(6_000);
    expect(view.result.value).toBe("Done: next");
    watching.stop();
    expect(() => view.follow("")).toThrow(expect.objectContaining({ path: "runId", rule: "required" }));
  });

  it("reports an agent that cannot be read and stops reading it", async () => {
    const setup = clockSetup();
    const view = watchAgent(setup.client, "bc-00000000-0000-4000-8000-000000000000", { sleep: setup.sleep });
    const final = await until(view.snapshot, (snapshot) => snapshot.connection === "closed");
    expect(final.error).toMatchObject({ source: "stream", code: "agent_not_found" });
    const reads = setup.fake.requests.length;
    await setup.advance(60_000);
    expect(setup.fake.requests.length).toBe(reads);
  });
});
