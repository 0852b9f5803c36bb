// `npm run demo`: drives a cloud agent end to end with the SDK — against the embedded fake service on
// 127.0.0.1, or against a real service when AGENTLINE_BASE_URL and AGENTLINE_API_KEY are set.
import { AgentsClient, isAgentlineError } from "../src/index.js";
import { createFakeService } from "../src/testing/index.js";
import { serveFetch } from "./lib/serve-fetch.js";

const started = Date.now();
const stamp = () => `+${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s`;
const say = (line: string) => console.log(`${stamp()}  ${line}`);

async function main(): Promise<void> {
  const realUrl = process.env.AGENTLINE_BASE_URL;
  const realKey = process.env.AGENTLINE_API_KEY;
  const useReal = Boolean(realUrl && realKey);

  let baseUrl = realUrl ?? "";
  let apiKey = realKey ?? "";
  let close = async () => {};
  if (!useReal) {
    const fake = createFakeService({ apiKeys: ["demo-key"], run: { creatingMs: 600, runningMs: 2_400 } });
    const served = await serveFetch(fake.fetch);
    baseUrl = served.url;
    apiKey = "demo-key";
    close = served.close;
    say(`fake service listening on ${served.url} (set AGENTLINE_BASE_URL and AGENTLINE_API_KEY to use a real one)`);
  } else {
    say(`using the service at ${baseUrl}`);
  }

  try {
    const client = new AgentsClient({ apiKey, baseUrl });
    const { agent, run } = await client.agents.create({
      name: "agentline demo",
      prompt: { text: "Add a --dry-run flag to the release script and document it" },
    });
    say(`created agent ${agent.id} (${agent.status}); first run ${run.id}`);

    const final = await client.runs.wait(agent.id, run.id, {
      pollIntervalMs: 200,
      onStatus: (r) => say(`run ${r.id}: ${r.status}`),
    });
    say(`result (${final.status}, ${final.durationMs ?? "?"} ms): ${final.result ?? "(no text)"}`);
    for (const branch of final.git?.branches ?? []) say(`  pushed ${branch.repoUrl} ${branch.branch ?? ""}`);

    if (!useReal) {
      // A few more agents so the list below spans several pages.
      for (let i = 1; i <= 4; i++) await client.agents.create({ prompt: { text: `Housekeeping task ${i}` } });
    }
    let pageNo = 0;
    for await (const page of client.agents.list({ limit: 2 }).pages()) {
      pageNo++;
      say(`agents page ${pageNo}: ${page.items.map((a) => `${a.name ?? a.id} [${a.status}]`).join(", ")}`);
      if (pageNo >= 10) break;
    }
    say("done");
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  if (isAgentlineError(error)) console.error(`demo failed: ${error.name} ${error.code}: ${error.message}`);
  else console.error("demo failed:", error);
  process.exit(1);
});
