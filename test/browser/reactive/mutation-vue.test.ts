import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-vue";
import { defineComponent, h } from "vue";
import * as adapter from "../../../adapters/vue/index.js";
import MutationApp from "./components/MutationApp.vue";
import { clientUses, mutationSuite, noClientProblems } from "./mutation-suite.js";

describe("agentline/vue mutation composables in Chromium", () => {
  mutationSuite((props) => render(MutationApp, { props: { ...props } }));

  describe("through createAgentsRelay, with no key in the page", () => {
    mutationSuite((props) => render(MutationApp, { props: { ...props } }), "relay");
  });

  it("without a provided client, every composable that needs one throws AgentlineError no_client naming itself", async () => {
    const failures: string[] = [];
    const uses = Object.entries(clientUses(adapter));
    for (const [name, use] of uses) {
      let caught: unknown;
      const Orphan = defineComponent({
        setup() {
          try {
            use();
          } catch (error) {
            caught = error;
          }
          return () => h("p");
        },
      });
      const screen = await render(Orphan);
      await screen.unmount();
      // Outside any component too (no injection context): the same error, not a Vue warning.
      let outside: unknown;
      try {
        use();
      } catch (error) {
        outside = error;
      }
      for (const error of [caught, outside])
        failures.push(...noClientProblems(name, error, "provideAgentline(client)"));
    }
    expect(uses).toHaveLength(6);
    expect(failures).toEqual([]);
  });
});
