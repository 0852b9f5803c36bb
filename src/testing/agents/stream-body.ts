import { abortable, abortReason, type Sleep } from "../clock.js";
import type { StreamFault } from "../faults.js";

/** Where a stream body's SSE events come from: one per call, `undefined` at the end. */
export interface EventProducer {
  next(): Promise<string | undefined>;
}

/** What {@link createStreamBody} needs. */
export interface StreamBodyOptions {
  producer: EventProducer;
  /** The request's signal: when it fires the body errors with its reason, as `fetch` bodies do. */
  requestSignal: AbortSignal;
  /** Aborted when the client goes away (request aborted, body cancelled) so the producer stops. */
  stop: AbortController;
  sleep: Sleep;
  fault?: StreamFault;
}

const encoder = new TextEncoder();

/** What a dropped connection does to a body being read (undici says "terminated"; browsers "network error"). */
function droppedError(): TypeError {
  return new TypeError("network error", {
    cause: new Error("The fake service dropped the stream (stream_drop fault)."),
  });
}

/** How far the connection goes before a drop or stall fault takes over. */
interface Cutoff {
  events: number;
  bytes: number;
  midEvent: boolean;
}

function cutoffOf(fault: StreamFault | undefined): Cutoff | undefined {
  if (fault === undefined || fault.kind === "stream_drip") return undefined;
  const bytes = fault.kind === "stream_drop" ? fault.afterBytes : undefined;
  const events = fault.afterEvents ?? (bytes === undefined ? 1 : Number.POSITIVE_INFINITY);
  const midEvent = fault.kind === "stream_drop" && fault.midEvent === true;
  return { events, bytes: bytes ?? Number.POSITIVE_INFINITY, midEvent };
}

/**
 * The body of one run stream connection: pulls events from the producer only as the client reads
 * (high-water mark 0), and applies a stream fault, if any, on the way out. Cancelling the body or
 * aborting the request stops the producer and releases its timers.
 */
export function createStreamBody(options: StreamBodyOptions): ReadableStream<Uint8Array> {
  const { producer, requestSignal, stop, sleep, fault } = options;
  const cutoff = cutoffOf(fault);
  const drip = fault?.kind === "stream_drip" ? { chunk: fault.chunkBytes ?? 3, delay: fault.delayMs ?? 0 } : undefined;
  let eventsSent = 0;
  let bytesSent = 0;
  let cutNext = false;
  let ended = false;
  /** Bytes of the current event still to go out (drip sends them a piece per read). */
  let rest: Uint8Array | undefined;
  let released: (() => void) | undefined;
  const gone = new Promise<void>((resolve) => {
    released = resolve;
  });

  function finish(): void {
    ended = true;
    requestSignal.removeEventListener("abort", onRequestAbort);
    stop.abort();
    released?.();
  }

  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined;
  function onRequestAbort(): void {
    if (ended) return;
    const reason = abortReason(requestSignal);
    finish();
    controllerRef?.error(reason);
  }

  function cut(controller: ReadableStreamDefaultController<Uint8Array>): void {
    finish();
    if (fault?.kind === "stream_drop" && fault.mode === "close") controller.close();
    else controller.error(droppedError());
  }

  async function sendDrip(controller: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array): Promise<void> {
    if (!drip) return;
    if (drip.delay > 0 && bytesSent > 0) await abortable(sleep(drip.delay, stop.signal), stop.signal);
    const piece = bytes.subarray(0, drip.chunk);
    rest = bytes.byteLength > drip.chunk ? bytes.subarray(drip.chunk) : undefined;
    bytesSent += piece.byteLength;
    if (rest === undefined) eventsSent += 1;
    controller.enqueue(piece);
  }

  async function pull(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    if (cutNext) return cut(controller);
    if (rest !== undefined) return sendDrip(controller, rest);
    if (cutoff !== undefined && eventsSent >= cutoff.events && !cutoff.midEvent) {
      if (fault?.kind === "stream_stall") {
        // Stalled: the read stays pending, no timer runs, until the client aborts or cancels.
        await gone;
        return;
      }
      return cut(controller);
    }
    const event = await producer.next();
    if (ended) return;
    if (event === undefined) {
      finish();
      controller.close();
      return;
    }
    const bytes = encoder.encode(event);
    if (drip) return sendDrip(controller, bytes);
    let send = bytes;
    if (cutoff !== undefined && eventsSent >= cutoff.events) {
      // midEvent: half of this event, then the drop.
      send = bytes.subarray(0, Math.floor(bytes.byteLength / 2));
      cutNext = true;
    } else if (cutoff !== undefined && bytesSent + bytes.byteLength >= cutoff.bytes) {
      send = bytes.subarray(0, cutoff.bytes - bytesSent);
      cutNext = true;
    }
    bytesSent += send.byteLength;
    if (send === bytes) eventsSent += 1;
    if (send.byteLength > 0) controller.enqueue(send);
    else if (cutNext) cut(controller);
  }

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controllerRef = controller;
        if (requestSignal.aborted) onRequestAbort();
        else requestSignal.addEventListener("abort", onRequestAbort, { once: true });
      },
      async pull(controller) {
        if (ended) return;
        try {
          await pull(controller);
        } catch (error) {
          if (ended) return;
          finish();
          controller.error(error);
        }
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );
}
