import { describe, expect, it } from "vitest";
import {
  AbortError,
  AgentsClient,
  BadRequestError,
  NotFoundError,
  type RunEvent,
} from "../../../../src/agents/index.js";
import { STREAM_ROUTE, signature, streamNewRun, virtualSetup } from "./stream-helpers.js";

describe("client.runs.stream against the fake service", () => {
  it("delivers a whole run: status first, text, tool calls, result, done", async () => {
    const { events, state, stream } = await streamNewRun(virtualSetup());
    expect(events[0]).toMatchObject({ type: "status", data: { status: "CREATING" } });
    expect(events.at(-1)?.type).toBe("done");
    expect(events.some((e) => e.type === "interaction_update")).toBe(true);
    expect(state.status).toBe("FINISHED");
    expect(state.assistantText.length).toBeGreaterThan(0);
    expect(state.toolCalls.length).toBe(2);
    expect(state.toolCalls.toArray().every((call) => call.status === "completed")).toBe(true);
    expect(stream.retentionSeconds).toBe(3600);
    expect(stream.lastEventId).toBe(events.at(-1)?.id);
    expect(stream.reconnects).toBe(0);
  });

  for (const fault of [
    { name: "an error after 4 events", afterEvents: 4 },
    { name: "a clean close after 6 events", afterEvents: 6, mode: "close" as const },
    { name: "a cut in the middle of an event", afterEvents: 5, midEvent: true },
    { name: "an error after 300 bytes", afterBytes: 300 },
  ]) {
    it(`resumes after ${fault.name}, losing and repeating nothing`, async () => {
      const clean = await streamNewRun(virtualSetup());
      const setup = virtualSetup();
      const { name: _, ...shape } = fault;
      setup.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, ...shape });
      const cut = await streamNewRun(setup);
      expect(cut.stream.reconnects).toBe(1);
      expect(signature(cut.events)).toEqual(signature(clean.events));
      expect(cut.state).toEqual(clean.state);
      const streamRequests = setup.fake.requests.filter((r) => r.path.endsWith("/stream"));
      expect(streamRequests).toHaveLength(2);
    });
  }

  it("reconnects without Last-Event-ID when the drop came before any id-bearing event", async () => {
    const clean = await streamNewRun(virtualSetup());
    const setup = virtualSetup();
    setup.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 1 });
    const cut = await streamNewRun(setup);
    const streamRequests = setup.fake.requests.filter((r) => r.path.endsWith("/stream"));
    expect(streamRequests.map((r) => r.headers["last-event-id"])).toEqual([undefined, undefined]);
    expect(signature(cut.events)).toEqual(signature(clean.events));
  });

  it("resumes from the group before an interrupted sibling pair, so neither sibling is lost", async () => {
    const clean = await streamNewRun(virtualSetup());
    const firstSibling = clean.events.findIndex((e) => e.type === "interaction_update");
    const setup = virtualSetup();
    // Drop right after the interaction_update, before its tool_call sibling.
    setup.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: firstSibling + 1 });
    const cut = await streamNewRun(setup);
    expect(signature(cut.events)).toEqual(signature(clean.events));
    expect(cut.state).toEqual(clean.state);
  });

  it("replaces a stalled connection after heartbeatTimeoutMs of silence", async () => {
    const clean = await streamNewRun(virtualSetup());
    const setup = virtualSetup();
    setup.fake.faults.add({ kind: "stream_stall", route: STREAM_ROUTE, afterEvents: 3 });
    const cut = await streamNewRun(setup, { heartbeatTimeoutMs: 30 });
    expect(cut.stream.reconnects).toBe(1);
    expect(signature(cut.events)).toEqual(signature(clean.events));
  });

  it("parses a stream that arrives in 3-byte chunks", async () => {
    const clean = await streamNewRun(virtualSetup());
    const setup = virtualSetup();
    setup.fake.faults.add({ kind: "stream_drip", route: STREAM_ROUTE, chunkBytes: 3 });
    const dripped = await streamNewRun(setup);
    expect(signature(dripped.events)).toEqual(signature(clean.events));
  });

  it("falls back to reading the run after 410 stream_expired and ends on a synthesized result", async () => {
    const setup = virtualSetup({ streamRetentionSeconds: 60 });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "old run" } });
    setup.advance(3_600_000);
    const events: RunEvent[] = [];
    for await (const event of setup.client.runs.stream(agent.id, run.id)) events.push(event);
    expect(events.map((e) => e.type)).toEqual(["status", "result"]);
    expect(events[1]).toMatchObject({ type: "result", synthesized: true, data: { status: "FINISHED" } });
    const last = events[1] as RunEvent & { data: { text?: string } };
    expect(last.data.text).toBeTruthy();
  });

  it("reports its connection states: connecting, open, resuming after a drop, polling after 410", async () => {
    const setup = virtualSetup();
    setup.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 4 });
    const states: string[] = [];
    await streamNewRun(setup, { onConnectionChange: (state) => states.push(state) });
    expect(states).toEqual(["connecting", "open", "resuming", "open"]);

    const expired = virtualSetup({ streamRetentionSeconds: 60 });
    const { agent, run } = await expired.client.agents.create({ prompt: { text: "old run" } });
    expired.advance(3_600_000);
    const late: string[] = [];
    const stream = expired.client.runs.stream(agent.id, run.id, { onConnectionChange: (state) => late.push(state) });
    for await (const _event of stream) {
      // drain
    }
    expect(late).toEqual(["connecting", "polling"]);
  });

  it("ends with a clear error on 400 invalid_last_event_id and on 404", async () => {
    const setup = virtualSetup();
    const first = await streamNewRun(setup);
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "other" } });
    const foreignId = first.events.find((e) => e.id !== undefined)?.id;
    const iterate = async (stream: AsyncIterable<RunEvent>) => {
      for await (const _ of stream) {
        // drain
      }
    };
    await expect(iterate(setup.client.runs.stream(agent.id, run.id, { lastEventId: foreignId }))).rejects.toMatchObject(
      {
        code: "invalid_last_event_id",
      },
    );
    await expect(
      iterate(setup.client.runs.stream(agent.id, run.id, { lastEventId: foreignId })),
    ).rejects.toBeInstanceOf(BadRequestError);
    await expect(
      iterate(setup.client.runs.stream(agent.id, "run-00000000-0000-4000-8000-000000000999")),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("resumes from a lastEventId given by the caller", async () => {
    const setup = virtualSetup();
    const whole = await streamNewRun(setup);
    const middle = whole.events.filter((e) => e.id !== undefined)[3]?.id;
    const rest: RunEvent[] = [];
    for await (const e of setup.client.runs.stream(whole.agent.id, whole.run.id, { lastEventId: middle })) rest.push(e);
    const after = whole.events.slice(whole.events.findLastIndex((e) => e.id === middle) + 1);
    expect(signature(rest).slice(1)).toEqual(signature(after).filter((s) => !s.startsWith("status:")));
  });

  it("stops cleanly on break, abort() and the caller's signal", async () => {
    const setup = virtualSetup();
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "x" } });
    let seen = 0;
    for await (const _ of setup.client.runs.stream(agent.id, run.id)) if (++seen === 2) break;
    expect(seen).toBe(2);

    const stream = setup.client.runs.stream(agent.id, run.id);
    const got: RunEvent[] = [];
    for await (const event of stream) {
      got.push(event);
      if (got.length === 3) stream.abort();
    }
    expect(got).toHaveLength(3);

    const controller = new AbortController();
    const aborted = (async () => {
      for await (const _ of setup.client.runs.stream(agent.id, run.id, { signal: controller.signal }))
        controller.abort();
    })();
    await expect(aborted).rejects.toBeInstanceOf(AbortError);
  });

  it("runs.wait follows the stream, reports each status once, and resolves to the terminal run", async () => {
    const setup = virtualSetup();
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "wait for me" } });
    setup.fake.faults.add({ kind: "stream_drop", route: STREAM_ROUTE, afterEvents: 3 });
    const statuses: string[] = [];
    let events = 0;
    const final = await setup.client.runs.wait(agent.id, run.id, {
      onStatus: (s) => statuses.push(s),
      onEvent: () => void events++,
    });
    expect(final.status).toBe("FINISHED");
    expect(final.result).toBeTruthy();
    expect(statuses).toEqual(["CREATING", "RUNNING", "FINISHED"]);
    expect(events).toBeGreaterThan(5);
    const polled = await setup.client.runs.wait(agent.id, run.id, { stream: false });
    expect(polled.id).toBe(run.id);
  });
});

describe("stream transport details", () => {
  it("honours the server's retry: field when reconnecting", async () => {
    const sleeps: number[] = [];
    let connections = 0;
    const encoder = new TextEncoder();
    const client = new AgentsClient({
      apiKey: "k-123456",
      baseUrl: "http://127.0.0.1:9",
      random: () => 0.5,
      sleep: async (ms) => void sleeps.push(ms),
      fetch: async () => {
        connections++;
        const text =
          connections === 1
            ? 'retry: 8000\nevent: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\nid: a1\nevent: assistant\ndata: {"text":"hi"}\n\n'
            : 'event: status\ndata: {"runId":"run-1","status":"FINISHED"}\n\nid: a2\nevent: result\r\ndata: {"runId":"run-1","status":"FINISHED","text":"ok"}\r\n\r\nid:a3\nevent: done\ndata: {}\n\n';
        return new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(encoder.encode(text));
              // The first connection ends without done or a terminal result: the client must resume.
              controller.close();
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        );
      },
    });
    const events: RunEvent[] = [];
    for await (const event of client.runs.stream("bc-1", "run-1")) events.push(event);
    expect(connections).toBe(2);
    // Jitter takes half the ceiling plus random()·half: 8000 · (0.5 + 0.5 · 0.5).
    expect(sleeps).toEqual([6000]);
    expect(events.map((e) => e.type)).toEqual(["status", "assistant", "status", "result", "done"]);
    expect(events.at(-1)?.id).toBe("a3"); // `id:` without a space, CRLF line ends: parsed all the same
  });

  it("closes the underlying fetch on break", async () => {
    const setup = virtualSetup();
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "x" } });
    const requests: Request[] = [];
    const client = new AgentsClient({
      apiKey: "test-key",
      baseUrl: "http://127.0.0.1:9",
      fetch: (request) => {
        requests.push(request);
        return setup.fake.fetch(request);
      },
    });
    for await (const event of client.runs.stream(agent.id, run.id)) if (event.type === "status") break;
    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal.aborted).toBe(true);
  });

  it("an event that breaks the spec ends the stream only after every event before it in the same chunk", async () => {
    // One network chunk: three good events, then a tool_call without its required fields, then more.
    const sse = [
      `event: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`,
      `id: 1\nevent: assistant\ndata: {"text":"a"}\n\n`,
      `id: 2\nevent: tool_call\ndata: {"callId":"c1","name":"read_file","status":"running"}\n\n`,
      `id: 3\nevent: tool_call\ndata: {"callId":"c2"}\n\n`,
      `id: 4\nevent: assistant\ndata: {"text":"never"}\n\n`,
    ].join("");
    for (const read of ["events", "batches"] as const) {
      const client = new AgentsClient({
        apiKey: "k-123456",
        baseUrl: "http://127.0.0.1:9",
        fetch: async () => new Response(sse, { headers: { "content-type": "text/event-stream" } }),
      });
      const stream = client.runs.stream("bc-1", "run-1");
      const types: string[] = [];
      let failure: unknown;
      try {
        if (read === "events") for await (const event of stream) types.push(event.type);
        else for await (const batch of stream.batches()) types.push(...batch.map((event) => event.type));
      } catch (error) {
        failure = error;
      }
      expect((failure as Error | undefined)?.name, read).toBe("ValidationError");
      expect(types, read).toEqual(["status", "assistant", "tool_call"]);
      expect(stream.lastEventId, read).toBe("2");
    }
  });
});
