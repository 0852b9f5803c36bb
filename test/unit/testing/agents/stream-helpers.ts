import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { FakeServiceOptions } from "../../../../src/testing/index.js";
import { type Json, setup } from "../helpers.js";

/** One SSE event as a standards-following parser sees it; `data` parsed as JSON. */
export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: Json;
}

/** Parses raw SSE text with eventsource-parser (the parser the SDK uses). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent: (message: EventSourceMessage) =>
      events.push({ id: message.id, event: message.event, data: JSON.parse(message.data) }),
  });
  parser.feed(text);
  return events;
}

/** What reading a body to its end gave: the chunks, their text, and the error that ended it, if any. */
export interface ReadOutcome {
  chunks: Uint8Array[];
  text: string;
  error?: unknown;
}

/** Reads a body to its end (or its error), keeping every chunk. */
export async function readBody(body: ReadableStream<Uint8Array> | null): Promise<ReadOutcome> {
  if (!body) throw new Error("no body");
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { chunks, text: text + decoder.decode(), error };
  }
  return { chunks, text: text + decoder.decode() };
}

/**
 * A fake on a virtual clock whose `sleep` moves the clock (and records each wait), plus helpers to
 * open a run stream over `fake.fetch`.
 */
export function streamSetup(options: FakeServiceOptions = {}) {
  const sleeps: number[] = [];
  const base = setup({
    sleep: async (ms) => {
      sleeps.push(ms);
      base.clock.t += ms;
    },
    ...options,
  });
  const { fake, api, clock } = base;

  /** Opens the stream of a run; `lastEventId` goes in the `Last-Event-ID` header. */
  function open(agentId: string, runId: string, init: { lastEventId?: string; signal?: AbortSignal } = {}) {
    const headers = new Headers({ authorization: "Bearer test-key" });
    if (init.lastEventId !== undefined) headers.set("last-event-id", init.lastEventId);
    return fake.fetch(`/v1/agents/${agentId}/runs/${runId}/stream`, {
      headers,
      ...(init.signal ? { signal: init.signal } : {}),
    });
  }

  /** Opens and reads a whole stream, parsed. */
  async function readStream(agentId: string, runId: string, lastEventId?: string) {
    const response = await open(agentId, runId, lastEventId === undefined ? {} : { lastEventId });
    const outcome = await readBody(response.body);
    return { response, ...outcome, events: parseSse(outcome.text) };
  }

  return { fake, api, clock, sleeps, open, readStream };
}
