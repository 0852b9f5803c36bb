import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-svelte";
import { useAgentlineClient, useFollowUp, useRun } from "../../../adapters/svelte/index.js";
import MutationApp from "./components/MutationApp.svelte";
import { mutationSuite } from "./mutation-suite.js";

describe("agentline/svelte mutation stores in Chromium (runes and Svelte 4 syntax)", () => {
  mutationSuite((props) => render(MutationApp, { props: { ...props } }));

  it("outside a component's initialisation, every function that needs the client throws AgentlineError no_client", () => {
    const uses: Record<string, () => unknown> = {
      useAgentlineClient,
      useFollowUp: () => useFollowUp("bc-1"),
      useRun: () => useRun("bc-1", "run-1"),
    };
    const failures: string[] = [];
    for (const [name, use] of Object.entries(uses)) {
      let caught: { code?: string; message?: string } | undefined;
      try {
        use();
      } catch (error) {
        caught = error as typeof caught;
      }
      if (caught?.code !== "no_client" || !caught.message?.startsWith(`${name}:`)) failures.push(name);
    }
    expect(failures).toEqual([]);
  });
});
