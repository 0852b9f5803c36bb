// client.agents.get() against the in-process fake vs a bare fetch + JSON.parse of the same request.
// A second baseline gives the bare fetch the same cancellability the client has (an AbortSignal per
// request): on Node, undici charges ~20 µs for a Request that follows a signal, a cost browsers,
// Deno and workerd do not have, and one the client pays so that timeouts really cancel the request.
import { AgentsClient } from "../src/index.js";
import { createFakeService } from "../src/testing/index.js";
import { type Comparison, compare } from "./harness.js";

export async function benchAgentsGet(): Promise<Comparison[]> {
  const fake = createFakeService({ apiKeys: ["bench-key"] });
  const baseUrl = "http://127.0.0.1:1";
  const client = new AgentsClient({ apiKey: "bench-key", baseUrl, fetch: fake.fetch });
  const { agent } = await client.agents.create({
    prompt: { text: "benchmark agent" },
    repos: [{ url: "https://github.com/acme/web", startingRef: "main" }],
  });
  const url = `${baseUrl}/v1/agents/${agent.id}`;
  const headers = { authorization: "Bearer bench-key", accept: "application/json" };
  const bare = async () => JSON.parse(await (await fake.fetch(new Request(url, { headers }))).text());
  const bareWithSignal = async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 60_000);
    const response = await fake.fetch(new Request(url, { headers, signal: controller.signal }));
    const json = JSON.parse(await response.text());
    clearTimeout(timer);
    return json;
  };
  const candidate = () => client.agents.get(agent.id);
  const results = [
    await compare("agents.get (client)", { name: "bare fetch + JSON.parse", run: bare }, candidate, { goal: "≤ 1.3×" }),
    await compare(
      "agents.get (client)",
      { name: "bare fetch + JSON.parse + timeout signal", run: bareWithSignal },
      candidate,
    ),
  ];
  fake.reset();
  return results;
}
