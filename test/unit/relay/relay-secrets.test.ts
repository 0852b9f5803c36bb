import { describe, expect, it } from "vitest";
import { AgentsClient, type RunEvent } from "../../../src/agents/index.js";
import { createAgentsRelay } from "../../../src/relay/index.js";
import { instantSleep } from "../agents/stream/trial-helpers.js";
import { countLeaks, ENCODINGS, needlesOf, SHAPES } from "../core/secret-echo.js";
import { RELAY_KEY } from "./relay-helpers.js";

// An upstream that writes the relay's key back, in every encoding the independent leak detector knows, in every
// place an answer has: not one byte the page receives may betray it. A key a dump or a wrapped line took apart
// (`73 6b 5f`, base64 wrapped at 76 columns) is looked for in errors and headers, not in what the relay hands on as
// data (a 2xx body, a run stream): reading megabytes of run output for those would cost a pass per line.
const DATA_ENCODINGS = ENCODINGS.filter((encoding) => !encoding.separated);
const isData = (shape: (typeof SHAPES)[number]) => shape.respond("probe").ok;

const AGENT = "bc-00000000-0000-4000-8000-000000000001";

/** Every byte of a body, up to where it errors (a relayed stream whose upstream keeps failing ends that way). */
async function readAll(response: Response): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
  } catch {
    // What arrived before the error is what the page got.
  }
  return text;
}

/** Status line, headers and body as one text. */
async function everyByte(response: Response): Promise<string> {
  let bytes = `${response.status} ${response.statusText}\n`;
  response.headers.forEach((value, name) => {
    bytes += `${name}: ${value}\n`;
  });
  return bytes + (await readAll(response));
}

describe("relay: a key-echoing upstream", () => {
  it(`a key-echoing upstream: ${ENCODINGS.length} encodings × ${SHAPES.length} shapes × REST and stream → 0 leaks`, async () => {
    const needles = needlesOf(RELAY_KEY);
    let leaks = 0;
    let answers = 0;
    for (const encoding of ENCODINGS) {
      const echoed = encoding.encode(RELAY_KEY);
      for (const shape of SHAPES) {
        if (encoding.separated && isData(shape)) continue;
        const client = new AgentsClient({
          apiKey: RELAY_KEY,
          baseUrl: "http://upstream.test",
          fetch: async () => shape.respond(echoed),
          sleep: async () => {},
        });
        const relay = createAgentsRelay({ client, authorize: () => true });
        for (const path of [`/v1/agents/${AGENT}`, `/v1/agents/${AGENT}/runs/run-1/stream`]) {
          const response = await relay(new Request(`http://app.test${path}`));
          leaks += countLeaks(await everyByte(response), needles);
          answers++;
        }
      }
    }
    const dataShapes = SHAPES.filter(isData).length;
    expect(dataShapes).toBe(2);
    expect(answers).toBe(
      (ENCODINGS.length * SHAPES.length - (ENCODINGS.length - DATA_ENCODINGS.length) * dataShapes) * 2,
    );
    expect(leaks).toBe(0);
  });

  it(`run stream events echoing the key (${DATA_ENCODINGS.length} encodings in data, ids and names): 0 leaks, framing intact`, async () => {
    const needles = needlesOf(RELAY_KEY);
    let leaks = 0;
    let events = 0;
    for (const encoding of DATA_ENCODINGS) {
      const echoed = encoding.encode(RELAY_KEY);
      const safeId = /^[\x21-\x7e]+$/.test(echoed) ? echoed : "id-1";
      const sse = [
        `event: status\ndata: {"runId":"run-1","status":"RUNNING"}\n\n`,
        `id: ${safeId}\nevent: assistant\ndata: {"text":"${echoed}"}\n\n`,
        `id: 2\nevent: assistant\ndata: first line ${echoed}\ndata: second line\n\n`,
        `id: 3\nevent: ${safeId.replace(/[:\s]/g, "_")}\ndata: ${echoed}\n\n`,
        `id: 4\nevent: result\ndata: {"runId":"run-1","status":"FINISHED","text":"${echoed}"}\n\n`,
        "id: 5\nevent: done\ndata: {}\n\n",
      ].join("");
      const upstream = new AgentsClient({
        apiKey: RELAY_KEY,
        baseUrl: "http://upstream.test",
        sleep: instantSleep,
        fetch: async () => new Response(sse, { headers: { "content-type": "text/event-stream" } }),
      });
      const relay = createAgentsRelay({ client: upstream, authorize: () => true });
      const url = `http://app.test/v1/agents/${AGENT}/runs/run-1/stream`;
      leaks += countLeaks(await everyByte(await relay(new Request(url))), needles);
      // The page still reads six events: the redaction never broke the SSE framing.
      const page = new AgentsClient({
        baseUrl: "http://app.test",
        fetch: relay,
        sleep: instantSleep,
      });
      const received: RunEvent[] = [];
      for await (const event of page.runs.stream(AGENT, "run-1")) received.push(event);
      expect(received.map((event) => event.type)).toEqual([
        "status",
        "assistant",
        "assistant",
        "unknown",
        "result",
        "done",
      ]);
      events += received.length;
    }
    expect(events).toBe(DATA_ENCODINGS.length * 6);
    expect(leaks).toBe(0);
  });
});
