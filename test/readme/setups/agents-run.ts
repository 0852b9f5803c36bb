// Run streams: the client, agent and run of the Cloud Agents section, and the caller's signal.
// biome-ignore-all lint/correctness/noUnusedVariables: the README block that follows this setup uses them.
import { AgentsClient as SetupAgentsClient } from "agentline";
import { expectAfterSnippet, fakeNetwork } from "../network.js";

fakeNetwork({ run: { creatingMs: 0, runningMs: 20 } });
const client = new SetupAgentsClient({ apiKey: "test-key", baseUrl: "https://api.example.com" });
const { agent, run } = await client.agents.create({ prompt: { text: "Add a --dry-run flag to the release script" } });
const signal = AbortSignal.timeout(10_000);
expectAfterSnippet(
  "the run to have finished",
  async () => (await client.runs.get(agent.id, run.id)).status === "FINISHED",
);
