// The framework adapters as an app uses them, type-checked (never run) by test/types/check-shipped-types.mjs with
// React's, Vue's and Svelte's own types installed beside the package.

import type { AgentsClient } from "agentline";
import * as react from "agentline/react";
import * as svelte from "agentline/svelte";
import * as vue from "agentline/vue";

/** Every export of the three adapter entry points. */
export type AdapterEntries = [typeof react, typeof vue, typeof svelte];

/** One run through each adapter (a hook itself, as React's rules want). */
export function useRunInEveryAdapter(client: AgentsClient, agentId: string, runId: string): string[] {
  const fromReact = react.useRun(client, agentId, runId);
  const fromVue = vue.useRun(client, agentId, runId);
  const fromSvelte = svelte.useRun(client, agentId, runId);
  let fromStore = "";
  fromSvelte.subscribe((snapshot) => {
    fromStore = String(snapshot.status);
  })();
  return [String(fromReact.status), String(fromVue.status.value), fromStore];
}
