import { describe, expect, it } from "vitest";
import { AgentsClient, ApiError } from "../../../../src/agents/index.js";
import { MAX_TIMER_DELAY_MS } from "../../../../src/core/wait.js";
import { virtualSetup } from "./stream-helpers.js";

const encoder = new TextEncoder();

/** A server whose first connection asks for `retry:` and ends early, and whose second one completes the run. */
function retryingServer(retry: string) {
  let connections = 0;
  return async (): Promise<Response> => {
    connections++;
    const text =
      connections === 1
        ? `retry: ${retry}\nevent: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`
        : 'event: status\ndata: {"runId":"run-1","status":"FINISHED"}\n\nid: a2\nevent: result\ndata: {"runId":"run-1","status":"FINISHED","text":"ok"}\n\nid: a3\nevent: done\ndata: {}\n\n';
    return new Response(encoder.encode(text), { headers: { "content-type": "text/event-stream" } });
  };
}

function recordingClient(fetch: () => Promise<Response>, maxRetryAfterMs?: number) {
  const waits: number[] = [];
  const client = new AgentsClient({
    apiKey: "k-waits",
    baseUrl: "http://127.0.0.1:9",
    maxRetryAfterMs,
    random: () => 0.999,
    fetch,
    sleep: async (ms) => void waits.push(ms),
  });
  return { client, waits };
}

async function drain(iterable: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of iterable) {
    // nothing to keep
  }
}

describe("every wait of a stream honours the client's cap (maxRetryAfterMs)", () => {
  it("the server's retry: — 9 values × 3 caps: 0 waits above the cap, 0 above a timer's limit", async () => {
    const retries = ["0", "1", "5000", "59999", "60000", "60001", "86400000", "99999999999", String(2 ** 31)];
    const over: string[] = [];
    let waited = 0;
    for (const cap of [undefined, 5_000, 120_000]) {
      for (const retry of retries) {
        const { client, waits } = recordingClient(retryingServer(retry), cap);
        await drain(client.runs.stream("bc-1", "run-1"));
        waited += waits.length;
        const limit = cap ?? 60_000;
        for (const ms of waits)
          if (ms > limit || ms > MAX_TIMER_DELAY_MS) over.push(`retry ${retry}, cap ${cap}: ${ms}`);
      }
    }
    expect(waited).toBe(27);
    expect(over).toEqual([]);
  });

  it("a Retry-After above the cap fails the stream at once with that error; below it, it is waited", async () => {
    const answer429 = (seconds: number) => async () =>
      new Response(JSON.stringify({ error: { code: "rate_limit_exceeded", message: "slow down" } }), {
        status: 429,
        headers: { "content-type": "application/json", "retry-after": String(seconds) },
      });
    const over = recordingClient(answer429(86_400));
    const error = await drain(over.client.runs.stream("bc-1", "run-1")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect(over.waits).toEqual([]);

    const under = recordingClient(answer429(3));
    await drain(under.client.runs.stream("bc-1", "run-1")).catch(() => {});
    expect(under.waits).toEqual([3_000, 3_000]); // maxRetries (2) waits, then the error
  });

  it("polling (runs.wait, an expired stream) waits at most the cap, whatever pollIntervalMs asks", async () => {
    const setup = virtualSetup({ streamRetentionSeconds: 60 });
    const waits: number[] = [];
    const client = new AgentsClient({
      apiKey: "test-key",
      baseUrl: "http://127.0.0.1:9",
      fetch: setup.fake.fetch,
      maxRetryAfterMs: 5_000,
      sleep: async (ms) => {
        waits.push(ms);
        setup.advance(ms);
      },
    });
    const { agent, run } = await client.agents.create({ prompt: { text: "slow" } });
    await client.runs.wait(agent.id, run.id, { stream: false, pollIntervalMs: 10 ** 12 });
    const expiring = await client.agents.create({ prompt: { text: "expired" } });
    setup.advance(3_600_000);
    await drain(client.runs.stream(expiring.agent.id, expiring.run.id, { pollIntervalMs: 10 ** 12 }));
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.filter((ms) => ms > 5_000)).toEqual([]);
  });
});
