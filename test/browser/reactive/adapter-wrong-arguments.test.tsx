// Every adapter function given wrong arguments fails with an AgentlineError (a `code`), never a raw TypeError:
// inside a component (where the hooks read their context) and, for Vue and Svelte, with a client given.
import { Component, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { render as renderReact } from "vitest-browser-react";
import { render as renderVue } from "vitest-browser-vue";
import { createApp, defineComponent, h } from "vue";
import * as react from "../../../adapters/react/index.js";
import * as svelte from "../../../adapters/svelte/index.js";
import * as vue from "../../../adapters/vue/index.js";
import { startRun } from "./harness.js";

/** What is wrong with what a call threw: nothing when it threw an AgentlineError (it has a string `code`). */
function problem(name: string, thrown: unknown, threw: boolean): string[] {
  if (!threw) return [`${name}: did not throw`];
  const code = (thrown as { code?: unknown } | null)?.code;
  if (typeof code === "string") return [];
  return [`${name}: threw ${String(thrown)}`];
}

class Catch extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Calls `call` while rendering, handing what it throws to `onError`. */
function Call(props: { call: () => unknown; onError: (error: unknown) => void }) {
  try {
    props.call();
  } catch (error) {
    props.onError(error);
  }
  return null;
}

const nope = (value: unknown) => value as never;

describe("the adapters' functions given wrong arguments throw AgentlineErrors, not TypeErrors", () => {
  it("react hooks, inside a provider", async () => {
    const { client } = await startRun({ creatingMs: 50, runningMs: 100 });
    const calls: Record<string, () => unknown> = {
      "useRun()": () => react.useRun(nope(undefined), nope(undefined)),
      "useRun(5)": () => react.useRun(nope(5), nope(undefined)),
      "useRun(client, 5, 6)": () => react.useRun(client, nope(5), nope(6)),
      "useRun(a, r, 5)": () => react.useRun("a", "r", nope(5)),
      "useAgent()": () => react.useAgent(nope(undefined)),
      "useAgent(a, null)": () => react.useAgent("a", nope(null)),
      "useCheckRuns()": () => react.useCheckRuns(nope(undefined)),
      "useCheckRuns(null)": () => react.useCheckRuns(nope(null)),
      "useCheckRuns(5)": () => react.useCheckRuns(nope(5)),
      "useFollowUp()": () => react.useFollowUp(nope(undefined)),
      "useCancelRun(5)": () => react.useCancelRun(nope(5)),
      "useValue(5)": () => react.useValue(nope(5)),
    };
    const failures: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      let caught: unknown;
      let threw = false;
      const onError = (error: unknown) => {
        threw = true;
        caught = error;
      };
      const original = console.error;
      console.error = () => {};
      try {
        const screen = await renderReact(
          <Catch onError={() => {}}>
            <react.AgentlineProvider client={client}>
              <Call call={call} onError={onError} />
            </react.AgentlineProvider>
          </Catch>,
        );
        await screen.unmount();
      } finally {
        console.error = original;
      }
      failures.push(...problem(`react ${name}`, caught, threw));
    }
    expect(failures).toEqual([]);
  });

  it("vue composables, with a client from AgentlinePlugin, and AgentlinePlugin without options", async () => {
    const { client } = await startRun({ creatingMs: 50, runningMs: 100 });
    const calls: Record<string, () => unknown> = {
      "useRun()": () => vue.useRun(nope(undefined), nope(undefined)),
      "useRun(null, a, r)": () => vue.useRun(nope(null), "a", "r"),
      "useRun(client, 5, 6)": () => vue.useRun(client, nope(5), nope(6)),
      "useRun(a, r, 5)": () => vue.useRun("a", "r", nope(5)),
      "useAgent(a, null)": () => vue.useAgent("a", nope(null)),
      "useCheckRuns()": () => vue.useCheckRuns(nope(undefined)),
      "useCheckRuns(null)": () => vue.useCheckRuns(nope(null)),
      "useFollowUp()": () => vue.useFollowUp(nope(undefined)),
      "useCancelRun(5)": () => vue.useCancelRun(nope(5)),
      "useSignal(5)": () => vue.useSignal(nope(5)),
    };
    const failures: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      let caught: unknown;
      let threw = false;
      const Use = defineComponent({
        setup() {
          try {
            call();
          } catch (error) {
            threw = true;
            caught = error;
          }
          return () => h("p");
        },
      });
      const screen = await renderVue(Use, { global: { plugins: [[vue.AgentlinePlugin, { client }]] } });
      await screen.unmount();
      failures.push(...problem(`vue ${name}`, caught, threw));
    }
    let caught: unknown;
    let threw = false;
    try {
      createApp({ render: () => null }).use(vue.AgentlinePlugin as never);
    } catch (error) {
      threw = true;
      caught = error;
    }
    failures.push(...problem("vue app.use(AgentlinePlugin)", caught, threw));
    expect(failures).toEqual([]);
  });

  it("svelte functions, with the client given", async () => {
    const { client } = await startRun({ creatingMs: 50, runningMs: 100 });
    const calls: Record<string, () => unknown> = {
      "useRun(5)": () => svelte.useRun(nope(5), nope(undefined)),
      "useRun(client, 5, 6)": () => svelte.useRun(client, nope(5), nope(6)),
      "useRun(client, a, r, 5)": () => svelte.useRun(client, "a", "r", nope(5)),
      "useRun(client, a, r, null)": () => svelte.useRun(client, "a", "r", nope(null)),
      "useAgent(client, a, null)": () => svelte.useAgent(client, "a", nope(null)),
      "useCheckRuns()": () => svelte.useCheckRuns(nope(undefined)),
      "useCheckRuns(null)": () => svelte.useCheckRuns(nope(null)),
      "useRun(client,a,r,{schedule:5}).subscribe": () =>
        svelte.useRun(client, "a", "r", { schedule: nope(5) }).subscribe(() => {}),
      "toReadable(5)": () => svelte.toReadable(nope(5)),
    };
    const failures: string[] = [];
    for (const [name, call] of Object.entries(calls)) {
      let caught: unknown;
      let threw = false;
      try {
        call();
      } catch (error) {
        threw = true;
        caught = error;
      }
      failures.push(...problem(`svelte ${name}`, caught, threw));
    }
    expect(failures).toEqual([]);
  });
});
