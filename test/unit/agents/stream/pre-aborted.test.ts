// A stream stopped before its first read (a caller's signal already aborted, or `abort()` called first) must send no
// request at all: before, the stream's own abort never reached the connection (its listener was added to a signal that
// had already fired), so the whole run was fetched and delivered, and `runs.wait` handed it to `onEvent`.
import { describe, expect, it } from "vitest";
import { AbortError, type RunEvent } from "../../../../src/agents/index.js";
import { createSseServer, scriptRun, seededRandom } from "./independent-sse-server.js";
import { clientOver } from "./trial-helpers.js";

function setup() {
  const server = createSseServer(scriptRun(seededRandom(7)), { connections: [] });
  return { server, client: clientOver(server.fetch) };
}

const aborted = () => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};

describe("a stream stopped before it is read", () => {
  it("an already-aborted signal ends runs.stream with an AbortError, no request sent", async () => {
    const { server, client } = setup();
    const events: RunEvent[] = [];
    let error: unknown;
    try {
      for await (const event of client.runs.stream("bc-1", "run-1", { signal: aborted() })) events.push(event);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AbortError);
    expect(events).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("abort() before iterating ends the stream quietly, no request sent (for-await, batches(), toReadableStream())", async () => {
    const { server, client } = setup();
    const stream = client.runs.stream("bc-1", "run-1");
    stream.abort();
    const events: RunEvent[] = [];
    for await (const event of stream) events.push(event);
    expect(events).toEqual([]);

    const batched = client.runs.stream("bc-1", "run-1");
    batched.abort();
    const batches: RunEvent[][] = [];
    for await (const batch of batched.batches()) batches.push(batch);
    expect(batches).toEqual([]);

    const encoded = client.runs.stream("bc-1", "run-1");
    encoded.abort();
    expect(await new Response(encoded.toReadableStream({ keepAliveMs: 0 })).text()).toBe("");
    expect(server.requests).toHaveLength(0);
  });

  it("runs.wait with an already-aborted signal rejects with an AbortError: no request, no onEvent", async () => {
    const { server, client } = setup();
    const seen: RunEvent[] = [];
    await expect(
      client.runs.wait("bc-1", "run-1", { signal: aborted(), onEvent: (event) => seen.push(event) }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(seen).toEqual([]);
    expect(server.requests).toHaveLength(0);
    expect(server.reads).toHaveLength(0);
  });
});
