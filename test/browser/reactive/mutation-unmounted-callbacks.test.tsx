// A component that sends a mutation with callbacks and is removed before the request answers: the callbacks never run
// (as TanStack Query's `mutate` callbacks), whether or not the component ever read the mutation's state.
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { render as renderReact } from "vitest-browser-react";
import { render as renderSvelte } from "vitest-browser-svelte";
import { render as renderVue } from "vitest-browser-vue";
import { defineComponent, h, onMounted } from "vue";
import * as react from "../../../adapters/react/index.js";
import * as vue from "../../../adapters/vue/index.js";
import type { AgentsClient } from "../../../src/agents/index.js";
import CreateOnlyHost from "./components/CreateOnlyHost.svelte";
import { pause } from "./harness.js";
import { SHORT_RUN, startConsole } from "./mutation-harness.js";

type Calls = { settled: number; sent: number };
const TIMEOUT = { timeout: 10_000, interval: 20 };

function CreateOnlyReact(props: { calls: Calls }) {
  const create = react.useCreateAgent();
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once, on mount.
  useEffect(() => {
    create.mutate({ prompt: { text: "unmounted" } }, { onSettled: () => props.calls.settled++ });
    props.calls.sent++;
  }, []);
  return <p>creating</p>;
}

const CreateOnlyVue = defineComponent({
  props: ["calls"],
  setup(props: { calls: Calls }) {
    // biome-ignore lint/correctness/useHookAtTopLevel: a Vue composable, called at the top of setup.
    const create = vue.useCreateAgent();
    onMounted(() => {
      create.mutate({ prompt: { text: "unmounted" } }, { onSettled: () => props.calls.settled++ });
      props.calls.sent++;
    });
    return () => h("p", "creating");
  },
});

const HostVue = defineComponent({
  props: ["client", "calls", "shown"],
  setup(props: { client: AgentsClient; calls: Calls; shown: boolean }) {
    vue.provideAgentline(props.client);
    return () => (props.shown ? h(CreateOnlyVue, { calls: props.calls }) : h("p", "gone"));
  },
});

type Host = (props: { client: AgentsClient; calls: Calls; shown: boolean }) => Promise<{
  rerender(props: Record<string, unknown>): unknown;
  unmount(): unknown;
}>;

const hosts: [string, Host][] = [
  [
    "react",
    async (props) => {
      const tree = (shown: boolean) => (
        <react.AgentlineProvider client={props.client}>
          {shown && <CreateOnlyReact calls={props.calls} />}
        </react.AgentlineProvider>
      );
      const screen = await renderReact(tree(props.shown));
      return { rerender: (next) => screen.rerender(tree(Boolean(next.shown))), unmount: () => screen.unmount() };
    },
  ],
  ["vue", (props) => renderVue(HostVue, { props }) as never],
  ["svelte", (props) => renderSvelte(CreateOnlyHost, { props }) as never],
];

describe("mutate callbacks of a component removed while its request is pending", () => {
  for (const [framework, mount] of hosts) {
    it(`${framework}: never run, though the component never read the mutation's state`, async () => {
      const setup = startConsole(SHORT_RUN);
      const release = setup.hold();
      const calls: Calls = { settled: 0, sent: 0 };
      const props = { client: setup.client, calls, shown: true };
      const screen = await mount(props);
      await expect.poll(() => calls.sent, TIMEOUT).toBe(1);
      await expect.poll(setup.fetches, TIMEOUT).toBe(1);
      await screen.rerender({ ...props, shown: false });
      await pause(20);
      release();
      await expect.poll(() => setup.fake.requests.length, TIMEOUT).toBe(1);
      await pause(100);
      expect(calls.settled).toBe(0);
      await screen.unmount();
      expect(setup.open()).toBe(0);
    });
  }
});
