import { effect, type ReadonlySignal } from "@preact/signals-core";
import { AgentsClient, foldRunEvents, type RunEvent, type RunState } from "../../../src/agents/index.js";
import { createFakeService, type FakeServiceOptions } from "../../../src/testing/index.js";

export const STREAM_ROUTE = "GET /v1/agents/:id/runs/:runId/stream";
export const BASE_URL = "http://127.0.0.1:9";

/** Lets every pending promise and timer-0 callback run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Counts fetches whose response body is still open (not read to its end, cancelled or errored): after a view stops,
 * `open()` must be 0. With `oneChunk`, a body is buffered and handed over as a single network chunk.
 */
export function trackFetch(inner: typeof fetch, options: { oneChunk?: boolean } = {}) {
  let open = 0;
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    open++;
    let settled = false;
    const done = () => {
      if (!settled) {
        settled = true;
        open--;
      }
    };
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      done();
      throw error;
    }
    if (!response.body) {
      done();
      return response;
    }
    const init2 = { status: response.status, statusText: response.statusText, headers: response.headers };
    if (options.oneChunk) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      done();
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        }),
        init2,
      );
    }
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            const { done: end, value } = await reader.read();
            if (end) {
              done();
              controller.close();
            } else controller.enqueue(value);
          } catch (error) {
            done();
            controller.error(error);
          }
        },
        cancel(reason) {
          done();
          return reader.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, init2);
  };
  return { fetch: wrapped as typeof fetch, open: () => open };
}

/**
 * A clock that moves only when told to: `advance(ms)` wakes each sleeper in time order and lets it run before the
 * next. With `instant`, every sleep moves the clock at once instead, so whole runs stream in microseconds.
 */
/** Timer turns without a due waiter after which {@link manualClock}'s `advance` takes the clock as settled. */
const QUIET_TURNS = 5;

export function manualClock(options: { instant?: boolean } = {}) {
  let now = Date.parse("2026-11-21T12:00:00Z");
  const waiters: Array<{ at: number; resolve: () => void }> = [];
  const sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (options.instant) {
      now += ms;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(signal?.reason);
      };
      const waiter = {
        at: now + ms,
        resolve: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      waiters.push(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  };
  async function advance(ms: number): Promise<void> {
    const target = now + ms;
    await settle();
    // A woken waiter's chain (a fetch, a body read, the next sleep) can take more than one timer turn to register
    // its next waiter, more so on a loaded machine: only a few quiet turns in a row end the advance.
    let quiet = 0;
    for (;;) {
      waiters.sort((a, b) => a.at - b.at);
      const next = waiters[0];
      if (!next || next.at > target) {
        if (++quiet > QUIET_TURNS) break;
        await settle();
        continue;
      }
      quiet = 0;
      waiters.shift();
      now = Math.max(now, next.at);
      next.resolve();
      await settle();
    }
    now = target;
    await settle();
  }
  return { now: () => now, sleep, advance };
}

/**
 * Advances the clock by `ms`, then in 100 ms steps (up to 10 s more) until `done()` holds. On a loaded machine a
 * chain of in-process fetches and body reads can land a turn after an advance has settled; the virtual time the
 * test asserts about stays the same, only the number of turns it is given grows.
 */
export async function advanceUntil(
  clock: { advance(ms: number): Promise<void> },
  done: () => boolean,
  ms: number,
): Promise<void> {
  await clock.advance(ms);
  for (let extra = 0; !done() && extra < 10_000; extra += 100) await clock.advance(100);
}

/** A fake service and a client on one {@link manualClock}; the client's fetch is tracked (`open()`). */
export function clockSetup(
  fakeOptions: FakeServiceOptions = {},
  options: { instant?: boolean; oneChunk?: boolean } = {},
) {
  const clock = manualClock(options);
  let uuid = 0;
  const fake = createFakeService({
    now: clock.now,
    sleep: clock.sleep,
    randomUUID: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, "0")}`,
    ...fakeOptions,
  });
  const tracked = trackFetch(fake.fetch, { oneChunk: options.oneChunk });
  const client = new AgentsClient({
    apiKey: "test-key",
    baseUrl: BASE_URL,
    fetch: tracked.fetch,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0.5,
  });
  const streamRequests = () => fake.requests.filter((request) => request.path.endsWith("/stream"));
  return { ...clock, fake, client, open: tracked.open, streamRequests };
}

/** What a bare `runs.stream()` folds to for a run that has ended (the reference a view must match). */
export async function referenceState(client: AgentsClient, agentId: string, runId: string): Promise<RunState> {
  const events: RunEvent[] = [];
  for await (const event of client.runs.stream(agentId, runId)) events.push(event);
  return foldRunEvents(events);
}

/** Resolves once `predicate` holds for the signal's value (subscribing, so it also starts a view). */
export function until<T>(source: ReadonlySignal<T>, predicate: (value: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    let found = false;
    const stop = effect(() => {
      const value = source.value;
      if (!found && predicate(value)) {
        found = true;
        resolve(value);
        // After `effect` has returned: `stop` is initialised by then.
        queueMicrotask(() => stop());
      }
    });
  });
}

/** Records every value a signal takes while subscribed. */
export function record<T>(source: ReadonlySignal<T>): { values: T[]; stop: () => void } {
  const values: T[] = [];
  const stop = source.subscribe((value) => {
    values.push(value);
  });
  return { values, stop };
}
