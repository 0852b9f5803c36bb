import { argumentError, isObject } from "../../core/arguments.js";
import type { RunEvent } from "./run-events.js";

// Run events back into Server-Sent Events bytes, for a route that hands a run stream on (the relay, an app's own
// handler). What a standard SSE parser reads back is what arrived: the same ids (only where the event had one), the
// same event names and the same data text, byte for byte.

/** Options of `RunStream.toReadableStream()` (and `toResponse()`). */
export interface RunStreamEncodeOptions {
  /**
   * While no event is sent for this long, an SSE comment line (`:`) goes out, so that the reader's watchdog and any
   * proxy in between see a live connection while the stream waits or reconnects upstream. Default 15 000 ms; `0`
   * sends none.
   */
  keepAliveMs?: number | undefined;
}

/** What `RunStream.toResponse()` takes: a `ResponseInit` (status, extra headers) and the encoding options. */
export interface RunStreamResponseInit extends ResponseInit, RunStreamEncodeOptions {}

/** What the relay adds to {@link RunStreamEncodeOptions}: a redaction pass over each event's id, name and data. */
export interface RunStreamEncodeInternals extends RunStreamEncodeOptions {
  /** Closes the source when the reader goes away (the body is cancelled). */
  abort: () => void;
  redact?: ((text: string) => string) | undefined;
}

const DEFAULT_KEEP_ALIVE_MS = 15_000;
const KEEP_ALIVE = ":\n\n";
const encoder = new TextEncoder();

/** The `event:` name an event arrived with (`message` when it had none: that is the name SSE gives it). */
function eventName(event: RunEvent): string {
  return event.type === "unknown" ? event.event : event.type;
}

/**
 * The data text of an event: as it arrived, or for one the SDK made itself (a `synthesized` result read from the
 * run after the stream expired) its data as JSON.
 */
function dataText(event: RunEvent): string {
  return event.raw === "" && event.data !== undefined && event.data !== "" ? JSON.stringify(event.data) : event.raw;
}

/**
 * One event as SSE text: `id:` only when the event has one, `event:`, then one `data:` line per line of its data (an
 * SSE parser joins them back with `\n`), then the blank line that ends it.
 */
export function encodeRunEvent(event: RunEvent, redact?: (text: string) => string): string {
  let out = "";
  // An id holding a line break or NUL could not be read back as one id; a parser never hands out such an id.
  if (event.id !== undefined && !/[\r\n\0]/.test(event.id)) out += `id: ${redact ? redact(event.id) : event.id}\n`;
  out += `event: ${redact ? redact(eventName(event)) : eventName(event)}\n`;
  const data = redact ? redact(dataText(event)) : dataText(event);
  // Most data is one line. A parser reads CR, LF and CRLF as line ends: each is one data line break, as it was.
  if (!data.includes("\n") && !data.includes("\r")) return `${out}data: ${data}\n\n`;
  for (const line of data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/**
 * The keep-alive interval of `options` (default 15 000 ms), checked before any stream is started: a wrong option is an
 * `invalid_option` (`invalid_argument` for options that are no object) and leaves the stream unused.
 */
export function keepAliveOption(options: RunStreamEncodeOptions | undefined, name: string, operation: string): number {
  if (options === undefined) return DEFAULT_KEEP_ALIVE_MS;
  if (!isObject(options)) throw argumentError(options, name, operation, "an object of options or omitted");
  const { keepAliveMs } = options;
  if (keepAliveMs === undefined) return DEFAULT_KEEP_ALIVE_MS;
  if (typeof keepAliveMs !== "number" || !Number.isInteger(keepAliveMs) || keepAliveMs < 0) {
    throw argumentError(keepAliveMs, `${name}.keepAliveMs`, operation, "an integer >= 0 (ms; 0 sends no keep-alive)");
  }
  return keepAliveMs;
}

/**
 * SSE bytes from batches of run events (one chunk per batch), pulled as the reader reads. Cancelling the body calls
 * `abort`, which closes the source's connection, and returns `batches`, so that its `finally` blocks run (a paused
 * generator would otherwise keep what it holds, such as a listener on the caller's signal); a source that fails errors
 * the body.
 */
export function encodeRunEventBatches(
  batches: AsyncIterator<RunEvent[]>,
  options: RunStreamEncodeInternals,
): ReadableStream<Uint8Array> {
  const keepAliveMs = keepAliveOption(options, "options", "toReadableStream");
  const { abort, redact } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;
  const stopKeepAlive = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Only while this read waits for the source: a reader that is slow to read is not told anything.
        if (keepAliveMs > 0) {
          timer = setInterval(() => {
            if (!finished) controller.enqueue(encoder.encode(KEEP_ALIVE));
          }, keepAliveMs);
        }
        let result: IteratorResult<RunEvent[]>;
        try {
          result = await batches.next();
        } catch (error) {
          finished = true;
          throw error;
        } finally {
          stopKeepAlive();
        }
        if (finished) return;
        if (result.done) {
          finished = true;
          controller.close();
          return;
        }
        let text = "";
        for (const event of result.value) text += encodeRunEvent(event);
        // One redaction pass per batch finds whatever a pass per event would (each event's text is in it); only a
        // batch with something to hide is redacted event by event, so the SSE framing around it stays intact.
        if (redact && redact(text) !== text) {
          text = "";
          for (const event of result.value) text += encodeRunEvent(event, redact);
        }
        if (text !== "") controller.enqueue(encoder.encode(text));
      },
      cancel() {
        finished = true;
        stopKeepAlive();
        abort();
        // After the abort, a pending `next()` settles at once, and the return queued behind it runs the cleanup.
        return batches.return?.(undefined).then(
          () => {},
          () => {},
        );
      },
    },
    { highWaterMark: 0 },
  );
}

/** The headers of an SSE answer: never cached, never buffered by a proxy. */
export function runStreamHeaders(init?: ResponseInit): Headers {
  const headers = new Headers(init?.headers);
  headers.set("content-type", "text/event-stream; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-cache");
  if (!headers.has("x-accel-buffering")) headers.set("x-accel-buffering", "no");
  return headers;
}

/**
 * The status, status text and headers of an SSE `Response` from `init` (status 200 unless it says otherwise), checked
 * before any stream is started: what the runtime would refuse (a status outside 200–599 or without a body, a header
 * `fetch` cannot send) is an `invalid_argument` AgentlineError, never the runtime's TypeError quoting a value.
 */
export function runStreamResponseInit(init?: ResponseInit): ResponseInit {
  if (init !== undefined && (typeof init !== "object" || init === null)) {
    throw argumentError(init, "init", "toResponse", "a ResponseInit ({ status, headers }) or omitted");
  }
  const status = init?.status ?? 200;
  if (!Number.isInteger(status) || status < 200 || status > 599 || status === 204 || status === 205 || status === 304) {
    throw argumentError(status, "init.status", "toResponse", "an HTTP status from 200 to 599 that has a body");
  }
  try {
    const checked = { status, statusText: init?.statusText, headers: runStreamHeaders(init) };
    new Response(null, checked);
    return checked;
  } catch {
    throw argumentError(init, "init", "toResponse", "a ResponseInit whose headers and status text fetch can send");
  }
}

/** An SSE `Response` around an encoded body, with what {@link runStreamResponseInit} made of `init`. */
export function runStreamResponse(body: ReadableStream<Uint8Array>, init: ResponseInit): Response {
  return new Response(body, init);
}
