import { AgentsClient, type AgentsClientOptions } from "../../../src/agents/index.js";
import { createFakeService } from "../../../src/testing/index.js";

export const BASE_URL = "http://127.0.0.1:9";

/** A fake service on a manual clock and a client wired to it; sleeps are recorded, never waited. */
export function setup(
  clientOptions: Partial<AgentsClientOptions> = {},
  fakeOptions: Parameters<typeof createFakeService>[0] = {},
) {
  let now = 1_800_000_000_000;
  const sleeps: number[] = [];
  const fake = createFakeService({ apiKeys: ["test-key"], now: () => now, ...fakeOptions });
  const client = new AgentsClient({
    apiKey: "test-key",
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    random: () => 0.5,
    ...clientOptions,
  });
  return {
    fake,
    client,
    sleeps,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}
