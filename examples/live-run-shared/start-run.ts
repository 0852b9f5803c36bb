// Where the page's run comes from: by default the fake service, running inside this very page; with
// `?baseUrl=…&apiKey=…` in the address (or VITE_AGENTLINE_BASE_URL and VITE_AGENTLINE_API_KEY at build time), a real
// Cloud Agents service. Either way the page creates an agent and returns the ids of its first run.
import { AgentsClient } from "agentline";

/** The run the page shows, and where it runs. */
export interface StartedRun {
  client: AgentsClient;
  agentId: string;
  runId: string;
  /** "fake service (in this page)" or the real service's address. */
  source: string;
}

const PROMPT = "Add a --dry-run flag to the release script and document it";

/** A fake service in the page: a run of about seven seconds whose first stream connection is cut mid-run. */
async function fakeClient(): Promise<AgentsClient> {
  // Loaded only when used: a page on a real service never downloads the fake.
  const { createFakeService } = await import("agentline/testing");
  const fake = createFakeService({
    apiKeys: ["demo-key"],
    run: { creatingMs: 800, runningMs: 6_000, assistantChunks: 12, toolCalls: 3 },
  });
  // After 8 events the stream drops: the client reconnects with Last-Event-ID and the text carries on, unbroken.
  fake.faults.add({ kind: "stream_drop", route: "GET /v1/agents/:id/runs/:runId/stream", afterEvents: 8 });
  // "demo-key" opens only the fake in this page, so holding it here leaks nothing.
  return new AgentsClient({
    apiKey: "demo-key",
    baseUrl: "https://fake.agentline.test",
    fetch: fake.fetch,
    dangerouslyAllowBrowser: true,
  });
}

/** Reads the address (and build-time env), creates an agent and returns its first run. */
export async function startRun(): Promise<StartedRun> {
  const params = new URLSearchParams(location.search);
  const baseUrl = params.get("baseUrl") ?? import.meta.env.VITE_AGENTLINE_BASE_URL;
  const apiKey = params.get("apiKey") ?? import.meta.env.VITE_AGENTLINE_API_KEY;
  if (params.has("apiKey")) {
    // Keep the key out of the browser's history and out of screenshots of the address bar.
    params.delete("apiKey");
    history.replaceState(null, "", `${location.pathname}?${params}`);
  }
  const client = baseUrl && apiKey ? new AgentsClient({ baseUrl, apiKey }) : await fakeClient();
  const source = baseUrl && apiKey ? baseUrl : "fake service (in this page)";
  const { agent, run } = await client.agents.create({ name: "live run example", prompt: { text: PROMPT } });
  return { client, agentId: agent.id, runId: run.id, source };
}
