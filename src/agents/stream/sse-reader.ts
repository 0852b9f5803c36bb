import type { EventSourceMessage } from "eventsource-parser";
import { AgentlineError, ConnectionError } from "../../core/errors.js";
import { loadOnce } from "../../core/load-once.js";
import { timerDelay } from "../../core/wait.js";

// The parser is loaded with the first stream, not with agentline/agents: most programs that import the client never
// open a run stream, and in Node each imported package costs startup time (code-splitting bundlers make it a chunk).
// Once loaded, streams take the parser without an `await`, so a stream's first read starts as soon as before.
type CreateParser = typeof import("eventsource-parser").createParser;
let loadedCreateParser: CreateParser | undefined;
const loadParser = /* @__PURE__ */ loadOnce(
  () =>
    import("eventsource-parser").then((module) => {
      loadedCreateParser = module.createParser;
      return module.createParser;
    }),
  "eventsource-parser (run streams)",
);
function loadCreateParser(): CreateParser | Promise<CreateParser> {
  return loadedCreateParser ?? loadParser();
}

/** Options of {@link readServerSentEvents}. */
export interface SseReadOptions {
  /** Called when no byte arrived for `silenceTimeoutMs` (the caller aborts the connection). */
  onSilence: () => void;
  silenceTimeoutMs: number;
  /**
   * The connection's signal: when it fires, the read ends at once with a `ConnectionError`, whether or not the body
   * noticed (a `fetch` that ignores its signal, or a body a proxy keeps open, would otherwise keep the read pending).
   */
  signal: AbortSignal;
  /** The server's `retry:` field, in ms. */
  onRetry: (ms: number) => void;
  /** The most characters the parser may buffer for one unfinished event (bounded memory). */
  maxBufferSize: number;
}

/**
 * Reads one SSE response body and yields its messages as they complete, one array per network
 * chunk (so a consumer can apply a burst at once, and the per-message cost stays synchronous). Parsing is
 * eventsource-parser's (CR, LF and CRLF line ends, `id:` with or without a space, multi-line data);
 * a watchdog reports silence so a stalled connection can be replaced. Memory stays bounded: the
 * parser's buffer is capped and complete messages are handed on at once.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  options: SseReadOptions,
): AsyncGenerator<EventSourceMessage[], void, undefined> {
  const loaded = loadCreateParser();
  const createParser = typeof loaded === "function" ? loaded : await loaded;
  let ready: EventSourceMessage[] = [];
  let overflow = false;
  const parser = createParser({
    onEvent: (message) => void ready.push(message),
    onRetry: options.onRetry,
    onError: (error) => {
      if (error.type === "max-buffer-size-exceeded") overflow = true;
    },
    maxBufferSize: options.maxBufferSize,
  });
  const decoder = new TextDecoder();
  // The parser holds a CR that ends a chunk until the next byte tells whether an LF follows: an event ended by a lone
  // CR would wait for the server's next write (or be lost at the end of the body). A CR ends its line at once, as the
  // SSE standard reads it; an LF right after it (in the next chunk) is then skipped.
  let afterCr = false;
  const lineEnds = (text: string): string => {
    let rest = text;
    if (afterCr && rest.charCodeAt(0) === 10) {
      rest = rest.slice(1);
      afterCr = false;
    }
    if (rest !== "") afterCr = rest.charCodeAt(rest.length - 1) === 13;
    return rest.indexOf("\r") === -1 ? rest : rest.replace(/\r\n?/g, "\n");
  };
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let silent = false;
  const arm = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      silent = true;
      options.onSilence();
    }, timerDelay(options.silenceTimeoutMs));
  };
  const { signal } = options;
  // Cancelling the reader settles a pending read() at once (done), whatever the body's source does.
  const onAbort = () => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  const closed = () =>
    new ConnectionError(
      silent
        ? `The run stream fell silent: no byte (not even a heartbeat) for ${options.silenceTimeoutMs} ms.`
        : "The run stream's connection was closed.",
      signal.reason,
    );
  try {
    for (;;) {
      if (signal.aborted) throw closed();
      // The watchdog runs only while we wait for the server: a slow consumer is not a silent server.
      arm();
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw signal.aborted ? closed() : error;
      } finally {
        clearTimeout(timer);
      }
      const { done, value } = chunk;
      if (signal.aborted) throw closed();
      if (done) return; // An unfinished event at the end is dropped, as the SSE standard says.
      parser.feed(lineEnds(decoder.decode(value, { stream: true })));
      if (overflow) {
        throw new AgentlineError(
          `A stream event exceeded ${options.maxBufferSize} characters; raise \`maxBufferSize\` if events this large are expected.`,
          { code: "stream_buffer_exceeded" },
        );
      }
      if (ready.length > 0) {
        const batch = ready;
        ready = [];
        yield batch;
      }
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
    reader.cancel().catch(() => {});
  }
}
