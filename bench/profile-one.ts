// `node --cpu-prof --import tsx bench/profile-one.ts agents-get|stream-decode`: the hot loops of one bench, candidate and
// baseline alternating, to read where the candidate's extra time goes in the profile.
import { AgentsClient } from "../src/index.js";
import { createFakeService } from "../src/testing/index.js";
import { streamDecodeBaseline, streamDecodeCandidate, syntheticStream } from "./stream-decode.bench.js";

const which = process.argv[2];
if (which === "agents-get") {
  const fake = createFakeService({ apiKeys: ["bench-key"] });
  const baseUrl = "http://127.0.0.1:1";
  const client = new AgentsClient({ apiKey: "bench-key", baseUrl, fetch: fake.fetch });
  const { agent } = await client.agents.create({
    prompt: { text: "benchmark agent" },
    repos: [{ url: "https://github.com/acme/web", startingRef: "main" }],
  });
  const headers = { authorization: "Bearer bench-key", accept: "application/json" };
  async function baselineWithSignal() {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 60_000);
    const request = new Request(`${baseUrl}/v1/agents/${agent.id}`, { headers, signal: controller.signal });
    const json = JSON.parse(await (await fake.fetch(request)).text());
    clearTimeout(timer);
    return json;
  }
  async function candidateGet() {
    return client.agents.get(agent.id);
  }
  for (let i = 0; i < 30_000; i++) {
    await baselineWithSignal();
    await candidateGet();
  }
} else {
  const chunks = syntheticStream();
  for (let i = 0; i < 8; i++) {
    streamDecodeBaseline(chunks);
    await streamDecodeCandidate(chunks);
  }
}
