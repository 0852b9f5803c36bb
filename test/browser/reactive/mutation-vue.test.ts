import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-vue";
import { defineComponent, h } from "vue";
import { useAgentlineClient, useFollowUp, useRun } from "../../../adapters/vue/index.js";
import MutationApp from "./components/MutationApp.vue";
import { mutationSuite } from "./mutation-suite.js";

describe("agentline/vue mutation composables in Chromium", () => {
  mutationSuite((props) => render(MutationApp, { props: { ...props } }));

  it("without a provided client, every composable that needs one throws AgentlineError no_client naming itself", async () => {
    const composables: Record<string, () => unknown> = {
      useAgentlineClient,
      useFollowUp: () => useFollowUp("bc-1"),
      useRun: () => useRun("bc-1", "run-1"),
    };
    const failures: string[] = [];
    for (const [name, use] of Object.entries(composables)) {
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
      for (const error of [caught, outside] as Array<{ code?: string; message?: string } | undefined>) {
        if (error?.code !== "no_client" || !error.message?.startsWith(`${name}:`)) failures.push(name);
        if (!error?.message?.includes("provideAgentline")) failures.push(`${name} (hint)`);
      }
    }
    expect(failures).toEqual([]);
  });
});
