// runs.wait ends once it has seen a terminal status, and polls at the interval it was given. Before, a service that kept
// the stream open after the terminal `result` (heartbeats, no `done`) held the wait open forever, one that went silent
// after it made the wait reconnect 11 times first; and `maxRetryAfterMs: 0` turned polling into a loop with no pause.
import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";

const AGENT = "bc-1";
const RUN = "run-1";
const TERMINAL = ["FINISHED", "ERROR", "CANCELLED", "EXPIRED"] as const;

/** A run as `GET /v1/agents/{id}/runs/{runId}` answers it (spec: Response bodies). */
const runBody = (status: string) => ({
  id: RUN,
  agentId: AGENT,
  status,
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:01Z",
  ...(status === "FINISHED" ? { result: "ok", durationMs: 5 } : {}),
});

const sse = (type: string, data: unknown, id?: string) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The service, from the spec: the stream sends `head`, then (`after`) heartbeats every 20 ms or nothing, and never
 * ends by itself; a read of the run answers it `status`. Counts connections, closed connections and reads.
 */
function service(head: string, status: string, after: "heartbeats" | "silence") {
  const counts = { streams: 0, closed: 0, gets: 0 };
  const fetch = async (request: Request): Promise<Response> => {
    if (!new URL(request.url).pathname.endsWith("/stream")) {
      counts.gets++;
      return Response.json(runBody(status));
    }
    counts.streams++;
    const encoder = new TextEncoder();
    let timer: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(head));
        if (after === "heartbeats")
          timer = setInterval(() => controller.enqueue(encoder.encode(sse("heartbeat", {}))), 20);
      },
      cancel() {
        clearInterval(timer);
        counts.closed++;
      },
    });
    request.signal.addEventListener("abort", () => clearInterval(timer));
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return { counts, client: new AgentsClient({ apiKey: "k-wait-terminal", baseUrl: "https://api.example.com", fetch }) };
}

describe("runs.wait: the end of the run", () => {
  it("a terminal `result`, then heartbeats and no `done`: resolves with the terminal run and closes the stream", {
    timeout: 5_000,
  }, async () => {
    for (const status of TERMINAL) {
      const head =
        sse("status", { runId: RUN, status: "RUNNING" }) +
        sse("assistant", { text: "hi" }) +
        sse("result", { runId: RUN, status, text: "ok", durationMs: 5 }, "e9");
      const { client, counts } = service(head, status, "heartbeats");
      const statuses: string[] = [];
      const run = await client.runs.wait(AGENT, RUN, { onStatus: (s) => statuses.push(s) });
      expect(run.status).toBe(status);
      expect(statuses).toEqual(["RUNNING", status]);
      expect([counts.streams, counts.closed]).toEqual([1, 1]);
    }
  });

  it("a terminal `status`, then silence: resolves at once, no reconnection", { timeout: 5_000 }, async () => {
    const head = sse("status", { runId: RUN, status: "RUNNING" }) + sse("status", { runId: RUN, status: "CANCELLED" });
    const { client, counts } = service(head, "CANCELLED", "silence");
    const run = await client.runs.wait(AGENT, RUN, { streamOptions: { heartbeatTimeoutMs: 60_000 } });
    expect(run.status).toBe("CANCELLED");
    expect([counts.streams, counts.closed, counts.gets]).toEqual([1, 1, 1]);
  });
});

describe("runs.wait: polling", () => {
  /** A client whose reads answer RUNNING `running` times, then FINISHED; its injected timer notes each pause. */
  function polled(running: number, maxRetryAfterMs: number | undefined) {
    const pauses: number[] = [];
    let gets = 0;
    const client = new AgentsClient({
      apiKey: "k-wait-polling",
      baseUrl: "https://api.example.com",
      maxRetryAfterMs,
      sleep: async (ms) => {
        pauses.push(ms);
      },
      fetch: async () => Response.json(runBody(gets++ < running ? "RUNNING" : "FINISHED")),
    });
    return { client, pauses, gets: () => gets };
  }

  it("pauses `pollIntervalMs` between reads, at most the cap, but never under 1 s because of a low cap (0 included)", async () => {
    for (const [cap, pause] of [
      [0, 1_000],
      [1, 1_000],
      [500, 1_000],
      [1_500, 1_500],
      [undefined, 2_000],
    ] as const) {
      const { client, pauses, gets } = polled(3, cap);
      const run = await client.runs.wait(AGENT, RUN, { stream: false, pollIntervalMs: 2_000 });
      expect(run.status).toBe("FINISHED");
      expect(gets()).toBe(4);
      expect(pauses, `maxRetryAfterMs ${cap}`).toEqual([pause, pause, pause]);
    }
    // The caller may poll faster than 1 s on purpose; a cap never makes it slower.
    const fast = polled(1, 0);
    await fast.client.runs.wait(AGENT, RUN, { stream: false, pollIntervalMs: 250 });
    expect(fast.pauses).toEqual([250]);
    // Longer than the cap: the cap (every wait is bounded by it).
    const long = polled(1, 5_000);
    await long.client.runs.wait(AGENT, RUN, { stream: false, pollIntervalMs: 10 ** 12 });
    expect(long.pauses).toEqual([5_000]);
  });
});
