// Lifecycle edges of agentline/react in Chromium: props changing mid-stream, shared runs, a swapped provider
// client, StrictMode, and wrong arguments. Every stream runs over fetch against the fake service.
import { type ReactElement, StrictMode, useEffect } from "react";
import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-react";
import { AgentlineProvider, useAgent, useCheckRuns, useRun } from "../../../adapters/react/index.js";
import type { AgentsClient } from "../../../src/agents/index.js";
import { pause, startRun } from "./harness.js";

const TIMEOUT = { timeout: 10_000, interval: 20 };
const LONG = { creatingMs: 50, runningMs: 5_000, assistantChunks: 20, toolCalls: 0 };

/** Shows a run; counts each committed render where the snapshot is of another run than the props ask for. */
function RunOf(props: { client?: AgentsClient; agentId: string; runId: string; stale: { count: number } }) {
  // No client: the provider's (`useRun(undefined, …)` reads it, as `useRun(agentId, runId)` does).
  const run = useRun(props.client, props.agentId, props.runId);
  useEffect(() => {
    if (run.runId !== props.runId) props.stale.count++;
  });
  return (
    <section>
      <p data-testid="run">{run.runId}</p>
      <p data-testid="connection">{run.connection}</p>
      <p data-testid="text">{run.assistantText}</p>
    </section>
  );
}

/** One run shown twice (or once, without `both`). */
function Two(props: { client: AgentsClient; agentId: string; runId: string; stale: { count: number }; both: boolean }) {
  const { both, ...run } = props;
  return (
    <>
      <RunOf {...run} />
      {both && <RunOf {...run} />}
    </>
  );
}

/** An agent's latest run, re-read every 30 ms while it has none active. */
function Latest(props: { client: AgentsClient; agentId: string }) {
  const run = useAgent(props.client, props.agentId, { followIntervalMs: 30 });
  return <p data-testid="connection">{run.connection}</p>;
}

/** Calls useCheckRuns without options, handing what it throws to `onError`. */
function NoCheckRunsOptions(props: { onError: (error: unknown) => void }) {
  try {
    // biome-ignore lint/correctness/useHookAtTopLevel: always called; the try only catches what it throws.
    useCheckRuns(undefined as never);
  } catch (error) {
    props.onError(error);
  }
  return null;
}

const shown = (root: HTMLElement, id: string) => root.querySelector(`[data-testid=${id}]`)?.textContent;

describe("agentline/react lifecycle in Chromium", () => {
  it("a runId prop changed mid-stream closes the old stream and never shows the old run under the new id", async () => {
    const setup = await startRun(LONG);
    // A second agent's first run, running alongside.
    const created = await setup.client.agents.create({ prompt: { text: "other" } });
    const other = { agentId: created.agent.id, runId: created.run.id };
    const stale = { count: 0 };
    for (const wrap of [(n: ReactElement) => n, (n: ReactElement) => <StrictMode>{n}</StrictMode>]) {
      stale.count = 0;
      const screen = await render(
        wrap(<RunOf client={setup.client} agentId={setup.agentId} runId={setup.runId} stale={stale} />),
      );
      await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
      expect(setup.open()).toBe(1);
      await screen.rerender(
        wrap(<RunOf client={setup.client} agentId={other.agentId} runId={other.runId} stale={stale} />),
      );
      await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
      await pause(100);
      expect(shown(screen.container, "run")).toBe(other.runId);
      expect(setup.open()).toBe(1);
      expect(stale.count).toBe(0);
      await screen.unmount();
      await pause(50);
      expect(setup.open()).toBe(0);
    }
  });

  it("two components showing one run share one connection, and closing one keeps the other live", async () => {
    const setup = await startRun(LONG);
    const stale = { count: 0 };
    const run = { client: setup.client, agentId: setup.agentId, runId: setup.runId, stale };
    const screen = await render(
      <StrictMode>
        <Two {...run} both />
      </StrictMode>,
    );
    await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
    await pause(100);
    expect(setup.streamRequests()).toHaveLength(1);
    expect(setup.open()).toBe(1);
    await screen.rerender(
      <StrictMode>
        <Two {...run} both={false} />
      </StrictMode>,
    );
    await pause(100);
    expect(setup.open()).toBe(1);
    expect(setup.streamRequests()).toHaveLength(1);
    await screen.unmount();
    await pause(50);
    expect(setup.open()).toBe(0);
  });

  it("a provider client swapped at runtime closes the old client's stream and streams on the new one", async () => {
    const setup = await startRun(LONG);
    const stale = { count: 0 };
    // Another client object on the same counted fetch (views are shared per client object, so it opens its own).
    const other = new Proxy(setup.client, {});
    const screen = await render(
      <AgentlineProvider client={setup.client}>
        <RunOf agentId={setup.agentId} runId={setup.runId} stale={stale} />
      </AgentlineProvider>,
    );
    await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
    await screen.rerender(
      <AgentlineProvider client={other}>
        <RunOf agentId={setup.agentId} runId={setup.runId} stale={stale} />
      </AgentlineProvider>,
    );
    await pause(200);
    expect(setup.streamRequests()).toHaveLength(2);
    expect(setup.open()).toBe(1);
    await screen.unmount();
    await pause(50);
    expect(setup.open()).toBe(0);
  });

  it("useAgent in StrictMode: one stream; unmounted, nothing open and no more reads", async () => {
    const setup = await startRun(LONG);
    const screen = await render(
      <StrictMode>
        <Latest client={setup.client} agentId={setup.agentId} />
      </StrictMode>,
    );
    await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
    await pause(100);
    expect(setup.streamRequests()).toHaveLength(1);
    await screen.unmount();
    await pause(50);
    expect(setup.open()).toBe(0);
    const requests = setup.fake.requests.length;
    await pause(200);
    expect(setup.fake.requests.length).toBe(requests);
  });

  it("useCheckRuns given no options (undefined) throws an AgentlineError invalid_argument, not a TypeError", async () => {
    let caught: unknown;
    const screen = await render(<NoCheckRunsOptions onError={(error) => (caught = error)} />);
    await screen.unmount();
    expect(caught).toMatchObject({ code: "invalid_argument" });
  });
});
