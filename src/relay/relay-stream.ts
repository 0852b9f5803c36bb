import type { AgentsContext } from "../agents/operations.js";
import { runStreamHeaders } from "../agents/stream/run-stream-encode.js";
import { ConnectionError } from "../core/errors.js";
import { sendOperation } from "../core/operation.js";
import { requireSegment } from "../core/paths.js";
import { type RedactText, type RelayRedaction, relayError, relayedHeaders } from "./relay-answers.js";

/** One run stream to relay: whose, from where, until when. */
export interface RelayStreamRequest {
  agentId: string;
  runId: string;
  /** The page's `Last-Event-ID`, handed to the service: it resumes after it, as it would for the page itself. */
  lastEventId: string | undefined;
  /** The page's request signal: the upstream connection closes when the page goes away. */
  signal: AbortSignal;
  keepAliveMs: number;
  /** Silence from the service after which its leg is given up (the page resumes); 0: never. */
  heartbeatTimeoutMs: number;
  redact: RelayRedaction;
}

/** An SSE comment line: ignored by every parser, and legal between any two lines, even inside an event. */
const KEEP_ALIVE = new TextEncoder().encode(":\n");
/** The same after a CR that may be the first half of a CRLF: the LF completes it (the service's LF is then dropped). */
const LF_KEEP_ALIVE = new TextEncoder().encode("\n:\n");
const LF = 0x0a;
const CR = 0x0d;
const decoder = new TextDecoder();
/** The most bytes of one unfinished line the relay holds back (the page's own parser caps events at 8 MiB too). */
const MAX_LINE_BYTES = 8 * 1024 * 1024;

/** Where the last whole line of `chunk` ends (after its last LF or CR), 0 when none does: looked for from the end. */
function lastLineEnd(chunk: Uint8Array): number {
  for (let index = chunk.byteLength - 1; index >= 0; index--) {
    const byte = chunk[index];
    if (byte === LF || byte === CR) return index + 1;
  }
  return 0;
}

/** The pieces of an unfinished line held so far, then `head`, as one array: each byte is copied once. */
function joined(held: readonly Uint8Array[], heldBytes: number, head: Uint8Array): Uint8Array {
  if (held.length === 0) return head;
  const out = new Uint8Array(heldBytes + head.byteLength);
  let offset = 0;
  for (const piece of held) {
    out.set(piece, offset);
    offset += piece.byteLength;
  }
  out.set(head, offset);
  return out;
}

/**
 * Complete lines of SSE text as the page may see them. Text with no secret in any reading goes on as the very bytes
 * that came (the common case: no re-encoding); otherwise each line is redacted on its own, so a replacement can never
 * join two lines or two events, and the framing the page parses is the service's. (The bytes end with a line end, so
 * no character is cut in two.)
 */
function relayedLines(bytes: Uint8Array, redact: RedactText): Uint8Array {
  const text = decoder.decode(bytes);
  if (redact(text) === text) return bytes;
  const parts = text.split(/(\r\n|\r|\n)/);
  let out = "";
  for (let index = 0; index < parts.length; index += 2)
    out += redact(parts[index] as string) + (parts[index + 1] ?? "");
  return new TextEncoder().encode(out);
}

/**
 * The upstream SSE body handed to the page line by line: only complete lines go out (an unfinished one waits for its
 * end, so the page never sees half of a line the relay could not yet check), each redacted; while upstream is silent
 * for `keepAliveMs`, a comment line goes out. Cancelling (the page went away) cancels the upstream body, which closes
 * its connection; an upstream that breaks ends the page's body before its unfinished event, so the page's client
 * resumes through the relay from the last event it has, as after any stream that ends without `done`.
 */
function relayLines(
  upstream: ReadableStream<Uint8Array>,
  request: RelayStreamRequest,
  close: () => void,
): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  // The unfinished line at the end of what came so far, as the pieces it came in: a long line in many small chunks
  // is joined once, when its end comes (joining at every chunk would copy it again each time: quadratic).
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  // What went out ends with a CR that was the last byte received: it may be the first half of a CRLF whose LF is yet
  // to come, so a keep-alive must not follow it as it is — the page would read that late LF as a blank line (an
  // event dispatched early, without its id or type). The keep-alive then writes the LF itself, and the service's LF,
  // if that is what comes next, is dropped: the page reads one CRLF, exactly as from the service.
  let endsWithCR = false;
  let dropLF = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let finished = false;
  const stopKeepAlive = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const finish = () => {
    finished = true;
    stopKeepAlive();
    close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Only while this read waits for the service: a page that is slow to read is not sent anything.
        if (request.keepAliveMs > 0) {
          timer = setInterval(() => {
            if (finished) return;
            controller.enqueue(endsWithCR ? LF_KEEP_ALIVE : KEEP_ALIVE);
            if (endsWithCR) dropLF = true;
            endsWithCR = false;
          }, request.keepAliveMs);
        }
        try {
          for (;;) {
            let result: ReadableStreamReadResult<Uint8Array> | undefined;
            // A service silent for too long is a dead connection: cancelling it ends this read as `done`, and the
            // page's body ends as if the service had closed it (the page resumes). The keep-alives above would
            // otherwise hide it from the page's own watchdog.
            const silence =
              request.heartbeatTimeoutMs > 0
                ? setTimeout(() => void reader.cancel().catch(() => {}), request.heartbeatTimeoutMs)
                : undefined;
            try {
              result = await reader.read();
            } catch {
              // The upstream leg broke: the page's leg ends as a stream the service closed early does (an error would
              // be logged by the browser and by workerd as a failure), and the page's client resumes through the relay.
            } finally {
              if (silence !== undefined) clearTimeout(silence);
            }
            if (finished) return;
            if (result === undefined || result.done) {
              // An unfinished last line ends no event: the SSE standard drops it, and so does the relay.
              finish();
              controller.close();
              return;
            }
            let chunk = result.value;
            if (chunk.byteLength === 0) continue;
            // Only the first byte after the CR decides: a LF completes the CRLF the keep-alive already ended.
            if (dropLF && chunk[0] === LF) chunk = chunk.subarray(1);
            dropLF = false;
            endsWithCR = false;
            // A line end can only be in the new chunk: what is held has none.
            const end = lastLineEnd(chunk);
            const tail = chunk.subarray(end);
            const lines = end === 0 ? undefined : joined(held, heldBytes, chunk.subarray(0, end));
            if (lines !== undefined) {
              held = [];
              heldBytes = 0;
            }
            if (tail.byteLength > 0) {
              held.push(tail);
              heldBytes += tail.byteLength;
            }
            if (heldBytes > MAX_LINE_BYTES) {
              throw new TypeError(`A run stream line exceeded ${MAX_LINE_BYTES} bytes at the relay.`);
            }
            if (lines === undefined) continue;
            endsWithCR = end === chunk.byteLength && chunk[end - 1] === CR;
            controller.enqueue(relayedLines(lines, request.redact.content));
            return;
          }
        } catch (error) {
          finish();
          void reader.cancel().catch(() => {});
          throw error;
        } finally {
          stopKeepAlive();
        }
      },
      cancel(reason) {
        finish();
        return reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Relays a run stream: one upstream connection per page connection, with the page's `Last-Event-ID`, its bytes handed
 * on as the service sent them (ids, names, id-less events, heartbeats, `retry:`), redacted line by line. The relay
 * keeps no stream state: when either leg drops, the page's client reconnects through the relay with its last id and
 * the service resumes after it, so what the page gets is what it would get from the service directly — including
 * what its `skipEvents` counting expects. An answer other than 200 (404, 401, 410, 429, …) reaches the page as the
 * service's own error; nothing is retried here (the page's client retries).
 */
export async function relayRunStream(context: AgentsContext, request: RelayStreamRequest): Promise<Response> {
  const params = {
    agentId: requireSegment(request.agentId, "agentId", "runs.stream"),
    runId: requireSegment(request.runId, "runId", "runs.stream"),
  };
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (request.lastEventId !== undefined) headers["last-event-id"] = request.lastEventId;
  // The upstream connection ends with the page's request, or when the relayed body ends or is cancelled.
  const connection = new AbortController();
  const pageGone = () => connection.abort(request.signal.reason);
  const close = () => {
    request.signal.removeEventListener("abort", pageGone);
    connection.abort();
  };
  if (request.signal.aborted) pageGone();
  else request.signal.addEventListener("abort", pageGone, { once: true });
  const open = async () =>
    (
      await sendOperation(context, "runs.stream", {
        params,
        raw: true,
        options: { signal: connection.signal, headers, maxRetries: 0 },
      })
    ).response;
  let response: Response;
  try {
    try {
      response = await open();
    } catch (error) {
      // Right after the service dropped a stream, the first request may fail before it is sent (workerd reuses the
      // dead connection): one fresh attempt at once, so the page's resume is not turned into a 502 and a back-off.
      if (!(error instanceof ConnectionError) || connection.signal.aborted) throw error;
      response = await open();
    }
  } catch (error) {
    close();
    throw error;
  }
  // `fetch` followed a redirect: the stream is some other URL's, which the page must not get as the service's.
  if (response.redirected) {
    close();
    await response.body?.cancel().catch(() => {});
    return relayError(502, "bad_gateway", "The Cloud Agents service answered the relay with a redirect.");
  }
  const upstream = response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
  const relayed = relayedHeaders(response.headers, request.redact.headers);
  relayed.delete("content-type");
  const body = relayLines(upstream, request, close);
  return new Response(body, { status: 200, headers: runStreamHeaders({ headers: relayed }) });
}
