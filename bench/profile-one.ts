// `node --cpu-prof --import tsx bench/profile-one.ts agents-get|stream-decode`: one hot loop to profile, no baseline.
import { AgentsClient } from "../src/index.js";
import { createFakeService } from "../src/testing/index.js";
import { streamDecodeCandidate, syntheticStream } from "./stream-decode.bench.js";

const which = process.argv[2];
if (which === "agents-get") {
  const fake = createFakeService({ apiKeys: ["bench-key"] });
  const client = new AgentsClient({ apiKey: "bench-key", baseUrl: "http://127.0.0.1:1", fetch: fake.fetch });
  const { agent } = await client.agents.create({
    prompt: { text: "benchmark agent" },
    repos: [{ url: "https://github.com/acme/web", startingRef: "main" }],
  });
  for (let i = 0; i < 60_000; i++) await client.agents.get(agent.id);
} else {
  const chunks = syntheticStream();
  for (let i = 0; i < 8; i++) await streamDecodeCandidate(chunks);
}
