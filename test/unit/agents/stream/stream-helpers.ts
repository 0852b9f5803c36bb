import { AgentsClient, foldRunEvents, type RunEvent } from "../../../../src/agents/index.js";
import { createFakeService, type FakeServiceOptions } from "../../../../src/testing/index.js";

export const STREAM_ROUTE = "GET /v1/agents/:id/runs/:runId/stream";

/**
 * A fake service and a client on one virtual clock: every `sleep` (the fake waiting for the next
 * event, the client backing off) moves time forward at once, so whole runs stream in microseconds.
 * UUIDs come from a counter, so two setups produce identical ids and events.
 */
export function virtualSetup(fakeOptions: FakeServiceOptions = {}) {
  let now = Date.parse("2026-11-21T12:00:00Z");
  let uuid = 0;
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    now += ms;
    await Promise.resolve();
  };
  const fake = createFakeService({
    now: () => now,
    sleep,
    randomUUID: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, "0")}`,
    ...fakeOptions,
  });
  const client = new AgentsClient({
    apiKey: "test-key",
    baseUrl: "http://127.0.0.1:9",
    fetch: fake.fetch,
    now: () => now,
    sleep,
    random: () => 0.5,
  });
  return {
    fake,
    client,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** Streams one new run to its end and returns what was delivered. */
export async function streamNewRun(
  setup: ReturnType<typeof virtualSetup>,
  options: Parameters<AgentsClient["runs"]["stream"]>[2] = {},
) {
  const { agent, run } = await setup.client.agents.create({ prompt: { text: "stream me" } });
  const stream = setup.client.runs.stream(agent.id, run.id, options);
  const events: RunEvent[] = [];
  for await (const event of stream) events.push(event);
  return { agent, run, stream, events, state: foldRunEvents(events) };
}

/** A comparable signature of a delivered sequence: id-bearing events by id and type, and status transitions. */
export function signature(events: RunEvent[]): string[] {
  return events
    .filter((e) => e.type !== "heartbeat")
    .map((e) => (e.type === "status" ? `status:${e.data.status}` : `${e.id ?? "-"}:${e.type}`));
}
