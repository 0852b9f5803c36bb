// Lifecycle edges of agentline/vue and agentline/svelte in Chromium: ids changing mid-stream, two components on one
// run, and wrong arguments. Every stream runs over fetch against the fake service.
import { describe, expect, it } from "vitest";
import { render as renderSvelte } from "vitest-browser-svelte";
import { render as renderVue } from "vitest-browser-vue";
import { defineComponent, h, onUpdated } from "vue";
import * as vue from "../../../adapters/vue/index.js";
import type { AgentsClient } from "../../../src/agents/index.js";
import RunOfSvelte from "./components/RunOf.svelte";
import TwoRunsSvelte from "./components/TwoRuns.svelte";
import { pause, startRun } from "./harness.js";

const TIMEOUT = { timeout: 10_000, interval: 20 };
const LONG = { creatingMs: 50, runningMs: 5_000, assistantChunks: 20, toolCalls: 0 };

const shown = (root: HTMLElement, id: string) => root.querySelector(`[data-testid=${id}]`)?.textContent;

interface RunOfProps {
  client: AgentsClient;
  agentId: string;
  runId: string;
  stale: { count: number };
}

const RunOfVue = defineComponent({
  props: ["client", "agentId", "runId", "stale"],
  setup(props: RunOfProps) {
    // biome-ignore lint/correctness/useHookAtTopLevel: a Vue composable, called at the top of setup.
    const run = vue.useRun(
      props.client,
      () => props.agentId,
      () => props.runId,
    );
    const check = () => {
      if (run.runId.value !== props.runId) props.stale.count++;
    };
    onUpdated(check);
    return () =>
      h("section", [
        h("p", { "data-testid": "run" }, run.runId.value),
        h("p", { "data-testid": "connection" }, run.connection.value),
        h("p", { "data-testid": "text" }, run.assistantText.value),
      ]);
  },
});

const TwoRunsVue = defineComponent({
  props: ["client", "agentId", "runId", "stale", "both"],
  setup(props: RunOfProps & { both: boolean }) {
    return () =>
      h("div", [
        h(RunOfVue, { client: props.client, agentId: props.agentId, runId: props.runId, stale: props.stale }),
        props.both
          ? h(RunOfVue, { client: props.client, agentId: props.agentId, runId: props.runId, stale: props.stale })
          : null,
      ]);
  },
});

/** A second run to switch to: a second agent's (its first run), running alongside. */
async function secondRun(client: AgentsClient) {
  const { agent, run } = await client.agents.create({ prompt: { text: "other" } });
  return { agentId: agent.id, runId: run.id };
}

type Mount = (props: Record<string, unknown>) => Promise<{
  container: HTMLElement;
  rerender(props: Record<string, unknown>): Promise<void> | void;
  unmount(): Promise<void> | void;
}>;

const adapters: [string, Mount, Mount][] = [
  [
    "vue",
    (p) => renderVue(RunOfVue, { props: p as never }) as never,
    (p) => renderVue(TwoRunsVue, { props: p as never }) as never,
  ],
  [
    "svelte",
    (p) => renderSvelte(RunOfSvelte, { props: p }) as never,
    (p) => renderSvelte(TwoRunsSvelte, { props: p }) as never,
  ],
];

for (const [framework, mountOne, mountTwo] of adapters) {
  describe(`agentline/${framework} lifecycle in Chromium`, () => {
    it("ids changed mid-stream close the old stream and never show the old run under the new id", async () => {
      const setup = await startRun(LONG);
      const other = await secondRun(setup.client);
      const stale = { count: 0 };
      const props = { client: setup.client, agentId: setup.agentId, runId: setup.runId, stale };
      const screen = await mountOne(props);
      await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
      expect(setup.open()).toBe(1);
      await screen.rerender({ ...props, ...other });
      await expect.poll(() => shown(screen.container, "run"), TIMEOUT).toBe(other.runId);
      await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
      await pause(100);
      expect(setup.open()).toBe(1);
      expect(stale.count).toBe(0);
      await screen.unmount();
      await pause(50);
      expect(setup.open()).toBe(0);
    });

    it("two components showing one run share one connection; removing one keeps the other live", async () => {
      const setup = await startRun(LONG);
      const stale = { count: 0 };
      const props = { client: setup.client, agentId: setup.agentId, runId: setup.runId, stale, both: true };
      const screen = await mountTwo(props);
      await expect.poll(() => shown(screen.container, "connection"), TIMEOUT).toBe("live");
      await pause(100);
      expect(setup.streamRequests()).toHaveLength(1);
      expect(setup.open()).toBe(1);
      await screen.rerender({ ...props, both: false });
      await pause(100);
      expect(shown(screen.container, "connection")).toBe("live");
      expect(setup.open()).toBe(1);
      expect(setup.streamRequests()).toHaveLength(1);
      await screen.unmount();
      await pause(50);
      expect(setup.open()).toBe(0);
    });
  });
}
