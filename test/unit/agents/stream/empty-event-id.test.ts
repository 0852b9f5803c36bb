// An empty SSE `id:` field. In the HTML standard it resets the last event id, and EventSource then sends no
// `Last-Event-ID` at all: an empty id is no resume point. Before, the stream took "" as an id: it resumed with an empty
// `Last-Event-ID`, which a server reads as none (a full replay), and delivered the run's first events twice.
// The server below is written from the spec and the HTML standard alone: each connection starts with the current
// `status`, then every event after the last one carrying the `Last-Event-ID` (none, or empty: from the start).
import { describe, expect, it } from "vitest";
import type { RunEvent, RunStreamOptions } from "../../../../src/agents/index.js";
import { clientOver } from "./trial-helpers.js";

/** The run: `id` undefined is sent without an `id:` line, "" as an empty `id:` line. */
const RUN: Array<{ id: string | undefined; event: string; data: unknown }> = [
  { id: "", event: "assistant", data: { text: "0" } },
  { id: "a1", event: "tool_call", data: { callId: "c1", name: "x", status: "running" } },
  { id: "a1", event: "interaction_update", data: { kind: "tool" } },
  { id: "", event: "assistant", data: { text: "1" } },
  { id: undefined, event: "thinking", data: { text: "2" } },
  { id: "", event: "assistant", data: { text: "3" } },
  { id: "a2", event: "tool_call", data: { callId: "c1", name: "x", status: "completed" } },
  { id: undefined, event: "assistant", data: { text: "4" } },
  { id: "", event: "assistant", data: { text: "5" } },
  { id: "a3", event: "result", data: { runId: "run-1", status: "FINISHED", text: "ok" } },
  { id: "a4", event: "done", data: {} },
];

const frame = ({ id, event, data }: (typeof RUN)[number]) =>
  `${id === undefined ? "" : `id:${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Connection `n` sends `limits[n]` events after its status (all when past the list), then ends cleanly. */
function server(limits: number[]) {
  const lastEventIds: Array<string | null> = [];
  const fetch = async (request: Request) => {
    const header = request.headers.get("last-event-id");
    lastEventIds.push(header);
    let start = 0;
    if (header) {
      const last = RUN.findLastIndex((event) => event.id === header);
      if (last === -1) return Response.json({ error: { code: "invalid_last_event_id" } }, { status: 400 });
      start = last + 1;
    }
    const limit = limits[lastEventIds.length - 1] ?? RUN.length;
    const body = `event: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n${RUN.slice(start, start + limit)
      .map(frame)
      .join("")}`;
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return { fetch, lastEventIds };
}

const RESULT = RUN.findIndex((event) => event.event === "result");
const WHOLE = RUN.map(({ id, event }) => `${id ?? "-"}:${event}`);
const delivered = (events: RunEvent[]) =>
  events.filter((e) => e.type !== "status").map((e) => `${e.id ?? "-"}:${e.type === "unknown" ? e.event : e.type}`);

async function read(fetch: (request: Request) => Promise<Response>, options: RunStreamOptions = {}, stopAfter = -1) {
  const stream = clientOver(fetch).runs.stream("bc-1", "run-1", options);
  const events: RunEvent[] = [];
  for await (const event of stream) {
    events.push(event);
    if (event.type !== "status" && delivered(events).length === stopAfter) break;
  }
  return { events, stream };
}

describe("an empty SSE id", () => {
  it("is delivered as is, and a stream read without a cut sends no Last-Event-ID", async () => {
    const { fetch, lastEventIds } = server([]);
    const { events } = await read(fetch);
    expect(delivered(events)).toEqual(WHOLE);
    expect(lastEventIds).toEqual([null]);
  });

  it("every cut of one or two connections: every event once, in order, and never an empty Last-Event-ID", async () => {
    for (let first = 0; first <= RUN.length; first++) {
      for (let second = 0; second <= RUN.length; second++) {
        const { fetch, lastEventIds } = server([first, second]);
        const { events } = await read(fetch);
        // Once the terminal result is delivered, a second clean close with nothing new ends the stream (`done` is not
        // chased): then everything but `done`, still once each.
        const got = delivered(events);
        const expected = first > RESULT && got.length === WHOLE.length - 1 ? WHOLE.slice(0, -1) : WHOLE;
        expect(got, `cut after ${first}, then ${second}`).toEqual(expected);
        expect(lastEventIds).not.toContain("");
      }
    }
  });

  it("a consumer that stops anywhere resumes from resumePoint in a new stream: every event once", async () => {
    for (let stop = 1; stop < RUN.length; stop++) {
      const upstream = server([]);
      const before = await read(upstream.fetch, {}, stop);
      const after = await read(upstream.fetch, before.stream.resumePoint);
      expect([...delivered(before.events), ...delivered(after.events)], `stopped after ${stop}`).toEqual(WHOLE);
      expect(upstream.lastEventIds).not.toContain("");
    }
  });

  it("`lastEventId: ''` is no id: no Last-Event-ID header goes out, the run is read from its start", async () => {
    const { fetch, lastEventIds } = server([]);
    const { events } = await read(fetch, { lastEventId: "" });
    expect(delivered(events)).toEqual(WHOLE);
    expect(lastEventIds).toEqual([null]);
  });
});
