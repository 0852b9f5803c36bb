import type { AgentsContext } from "../agents/operations.js";
import { runStreamSource } from "../agents/runs-resource.js";
import { type RunEvent, toRunEvent } from "../agents/stream/run-events.js";
import { RunStream } from "../agents/stream/run-stream.js";
import { encodeRunEventBatches, runStreamResponse } from "../agents/stream/run-stream-encode.js";
import { GoneError } from "../core/errors.js";
import { type RedactText, relayFailure } from "./relay-answers.js";

/** One run stream to relay: whose, from where, until when. */
export interface RelayStreamRequest {
  agentId: string;
  runId: string;
  /** The page's `Last-Event-ID`: the upstream stream resumes after it, as the service itself would. */
  lastEventId: string | undefined;
  /** The page's request signal: the upstream connection closes when the page goes away. */
  signal: AbortSignal;
  keepAliveMs: number;
  redact: RedactText;
}

/** The 410 a run stream that expired answers, when the client's stream could not pass on the service's own. */
function expired(error: unknown): GoneError {
  if (error instanceof GoneError) return error;
  return new GoneError({
    status: 410,
    code: "stream_expired",
    message: "The run stream expired: read the run instead.",
  });
}

/**
 * A message as the relay hands it on: its data text as it arrived, never parsed or validated (the page's client
 * does that), except where the stream's own bookkeeping reads it — a `status` (what is a replay), a `result` (the
 * run's end), `heartbeat` and `done`. Every other event goes on under its own name.
 */
function passThroughEvent(type: string | undefined, raw: string, id: string | undefined): RunEvent {
  if (type === "status" || type === "result" || type === "heartbeat" || type === "done") {
    return toRunEvent(type, raw, id);
  }
  return { type: "unknown", event: type ?? "message", id, raw, data: undefined };
}

/**
 * Relays a run stream. The upstream leg is the client's own `RunStream`: it reconnects by itself (resuming with
 * `Last-Event-ID`, dropping what it already has), and each event goes to the page with its id, so the page's client
 * resumes the page leg the same way (its `skipEvents` counting holds: after the page's id the relay sends what the
 * service would). The answer waits for the first upstream connection: an error before it (404, 401, 429, …) reaches
 * the page as the service's own answer. Once the stream has expired (410), the relay does not poll for the page: it
 * ends the page's stream, and the page's reconnection gets the 410 and polls through the relay itself.
 */
export async function relayRunStream(context: AgentsContext, request: RelayStreamRequest): Promise<Response> {
  let markOpen: () => void = () => {};
  const opened = new Promise<"open">((resolve) => {
    markOpen = () => resolve("open");
  });
  let expiry: GoneError | undefined;
  const stream = new RunStream(runStreamSource(context, request.agentId, request.runId, passThroughEvent), {
    lastEventId: request.lastEventId,
    signal: request.signal,
    onConnectionChange: (state, error) => {
      if (state === "open") markOpen();
      else if (state === "polling") {
        expiry = expired(error);
        stream.abort();
      }
    },
  });
  const batches = stream.batches();
  const first = batches.next();
  const outcome = await Promise.race([
    opened,
    first.then(
      () => "ended" as const,
      () => "failed" as const,
    ),
  ]);
  if (outcome === "failed") {
    try {
      await first;
    } catch (error) {
      return relayFailure(error);
    }
  }
  if (outcome === "ended" && expiry) return relayFailure(expiry);
  // The first batch (already asked for) comes first, then the rest of the same iteration.
  let pending: Promise<IteratorResult<RunEvent[]>> | undefined = first;
  const source: AsyncIterator<RunEvent[]> = {
    next: () => {
      const next = pending ?? batches.next();
      pending = undefined;
      return next;
    },
  };
  const body = encodeRunEventBatches(source, {
    keepAliveMs: request.keepAliveMs,
    redact: request.redact,
    abort: () => stream.abort(),
  });
  const retention = stream.retentionSeconds;
  return runStreamResponse(body, {
    headers: retention === undefined ? undefined : { "x-service-stream-retention-seconds": String(retention) },
  });
}
