import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-svelte";
import * as adapter from "../../../adapters/svelte/index.js";
import MutationApp from "./components/MutationApp.svelte";
import { clientUses, mutationSuite, noClientProblems } from "./mutation-suite.js";

describe("agentline/svelte mutation stores in Chromium (runes and Svelte 4 syntax)", () => {
  mutationSuite((props) => render(MutationApp, { props: { ...props } }));

  describe("through createAgentsRelay, with no key in the page", () => {
    mutationSuite((props) => render(MutationApp, { props: { ...props } }), "relay");
  });

  it("outside a component's initialisation, every function that needs the client throws AgentlineError no_client", () => {
    const failures: string[] = [];
    const uses = Object.entries(clientUses(adapter));
    for (const [name, use] of uses) {
      let caught: unknown;
      try {
        use();
      } catch (error) {
        caught = error;
      }
      failures.push(...noClientProblems(name, caught, "top of the component's script"));
    }
    expect(uses).toHaveLength(6);
    expect(failures).toEqual([]);
  });
});
