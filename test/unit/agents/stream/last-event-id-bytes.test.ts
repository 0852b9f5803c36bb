// Event ids are opaque text: an id beyond Latin-1 (`✓-1`, `🔑-3`) or with Latin-1 letters (`é-2`) must still resume
// a stream. Written from the HTML standard alone: EventSource sends `Last-Event-ID` as the id's UTF-8 bytes, and this
// server reads the header's bytes as UTF-8 (Node's Buffer, nothing of the SDK). Before, the client put the id in the
// header as is: `fetch` refused it (a TypeError, read as a lost connection, 11 times) or sent `é` as one byte.
import { describe, expect, it } from "vitest";
import { AgentsClient, type RunEvent } from "../../../../src/agents/index.js";
import { createAgentsRelay } from "../../../../src/relay/index.js";
import { instantSleep } from "./trial-helpers.js";

const AGENT = "bc-00000000-0000-4000-8000-000000000001";
const EVENTS = [
  { id: "✓-1", event: "assistant", data: { text: "a" } },
  { id: "é-2", event: "assistant", data: { text: "b" } },
  { id: "\u{1F511}-3", event: "assistant", data: { text: "c" } },
  { id: "日本-4", event: "result", data: { runId: "run-1", status: "FINISHED", text: "done" } },
  { id: "plain-5", event: "done", data: {} },
];

/** Each connection: the status, then the two events after the Last-Event-ID, then the connection ends. */
function server() {
  const received: Array<string | undefined> = [];
  const fetch = async (request: Request) => {
    const header = request.headers.get("last-event-id");
    const id = header === null ? undefined : Buffer.from(header, "latin1").toString("utf8");
    received.push(id);
    const start = id === undefined ? 0 : EVENTS.findIndex((event) => event.id === id) + 1;
    if (id !== undefined && start === 0)
      return Response.json({ error: { code: "invalid_last_event_id" } }, { status: 400 });
    const next = EVENTS.slice(start, start + 2);
    const body = [
      `event: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`,
      ...next.map((event) => `id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`),
    ].join("");
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return { fetch, received };
}

/** A client of the service (`fetch`) with the API key. */
const serviceClient = (fetch: (request: Request) => Promise<Response>) =>
  new AgentsClient({ apiKey: "k-stream-key", baseUrl: "http://service.test", fetch, sleep: instantSleep });

/** Every event once, in order; the service read back the ids it sent, resuming after each complete one (✓-1, é-2, 🔑-3). */
function expectWhole(events: RunEvent[], received: Array<string | undefined>): void {
  expect(events.map((event) => event.id)).toEqual(EVENTS.map((event) => event.id));
  expect(received).toEqual([undefined, ...EVENTS.slice(0, 3).map((event) => event.id)]);
}

async function read(client: AgentsClient): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of client.runs.stream(AGENT, "run-1")) if (event.type !== "status") events.push(event);
  return events;
}

describe("Last-Event-ID carries any id as its UTF-8 bytes", () => {
  it("a stream with ids beyond ASCII resumes after each cut: every event once, in order", async () => {
    const { fetch, received } = server();
    expectWhole(await read(serviceClient(fetch)), received);
  });

  it("through a relay: the page's header bytes go upstream unchanged", async () => {
    const { fetch, received } = server();
    const relay = createAgentsRelay({ client: serviceClient(fetch), authorize: () => true });
    const page = new AgentsClient({ baseUrl: "http://app.test", fetch: relay, sleep: instantSleep });
    expectWhole(await read(page), received);
  });

  it("a `lastEventId` no stream can have sent (a line break, a NUL) is refused before the network", async () => {
    const { fetch, received } = server();
    const client = serviceClient(fetch);
    for (const lastEventId of ["a\nb", "a\rb", "a\u0000b"]) {
      expect(() => client.runs.stream(AGENT, "run-1", { lastEventId })).toThrow(/lastEventId/);
    }
    expect(received).toHaveLength(0);
  });
});
