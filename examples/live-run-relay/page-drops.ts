// A demo fault on the page's leg: the first connection to a run stream (one without `Last-Event-ID`) ends after a
// few events, as a proxy or a flaky network ends it. The page's client reconnects with the id of the last event it got,
// the relay opens the service's stream after it, and the page shows `resuming`, then `live` again, its text unbroken.

/** The page's first stream connection to a run is cut after this many events. */
export const PAGE_DROP_AFTER_EVENTS = 8;

const NEWLINE = 0x0a;

/** `response` (an SSE stream) cut after `events` whole events: the body ends there, the run not over. */
export function cutAfterEvents(response: Response, events: number): Response {
  const body = response.body;
  if (!body) return response;
  const reader = body.getReader();
  let seen = 0;
  let previous = 0;
  const cut = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      // An SSE event (or keep-alive comment) ends with a blank line: count "\n\n" across chunk borders too.
      for (let index = 0; index < value.byteLength; index++) {
        const byte = value[index] as number;
        if (byte === NEWLINE && previous === NEWLINE && ++seen === events) {
          controller.enqueue(value.subarray(0, index + 1));
          await reader.cancel(); // the relay closes its upstream connection, as when a page goes away
          // Ended rather than errored: the same resume for the page, without an uncaught error in workerd's log.
          return controller.close();
        }
        previous = byte;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(cut, { status: response.status, headers: response.headers });
}

/** Whether `request` is a page's first connection to a run stream (not a resume). */
export function isFirstStreamConnection(request: Request): boolean {
  return (
    request.method === "GET" &&
    new URL(request.url).pathname.endsWith("/stream") &&
    !request.headers.has("last-event-id")
  );
}
