// The text a run of the fake should end with, read straight from a fake service (no relay, no drops) and folded as
// the page folds it: what the page must show once its run finished, nothing lost or repeated.
import { AgentsClient, foldRunEvents, type RunEvent } from "../../src/agents/index.js";
import { createFakeService, type RunScriptOptions } from "../../src/testing/index.js";

/** The assistant text of one run, every event read from the start on `client` (which holds the service's key). */
export async function assistantTextOf(client: AgentsClient, agentId: string, runId: string): Promise<string> {
  const events: RunEvent[] = [];
  for await (const event of client.runs.stream(agentId, runId)) events.push(event);
  return foldRunEvents(events).assistantText;
}

/** The assistant text every finished run of a fake scripted by `run` shows (the fake's text does not vary by run). */
export async function scriptedAssistantText(run: RunScriptOptions): Promise<string> {
  let now = 0;
  const sleep = async (ms: number) => {
    now += ms;
  };
  const fake = createFakeService({ run, now: () => now, sleep });
  const client = new AgentsClient({ apiKey: "test-key", baseUrl: "https://fake.agentline.test", fetch: fake.fetch });
  const created = await client.agents.create({ prompt: { text: "reference" } });
  return assistantTextOf(client, created.agent.id, created.run.id);
}
