import { AgentsClient, type AgentsClientOptions, type RunEvent, type RunStream } from "../../../../src/agents/index.js";

/** A pause that takes no time (and still stops on abort): only the heartbeat watchdog costs time in a trial. */
export const instantSleep = async (_ms: number, signal?: AbortSignal): Promise<void> => {
  if (signal?.aborted) throw signal.reason;
};

/** A client over a test server's `fetch`, pausing no time between attempts. */
export function clientOver(fetch: (request: Request) => Promise<Response>, options: Partial<AgentsClientOptions> = {}) {
  return new AgentsClient({ apiKey: "k-trial", baseUrl: "http://127.0.0.1:9", fetch, sleep: instantSleep, ...options });
}

/** How a stream read to its end went: `hung` when it had not ended after the bound (it is then aborted). */
export interface DrainOutcome {
  hung: boolean;
  error: unknown;
  events: RunEvent[];
}

/**
 * Reads a stream to its end, or gives up on it (without waiting for it: a hung stream may not even end on `abort()`)
 * once it has made no progress for `hungAfterMs`: no event delivered and no change in `activity` (say, the server's
 * connection count). Progress, not total time, so a trial that is merely slow on a loaded machine (many test workers
 * on two cores) is not taken for a hung one, while a stream stuck waiting still is.
 */
export async function drainWithin(
  stream: RunStream,
  hungAfterMs: number,
  activity: () => number = () => 0,
): Promise<DrainOutcome> {
  const events: RunEvent[] = [];
  let error: unknown;
  let ended = false;
  const iterate = (async () => {
    for await (const event of stream) events.push(event);
  })()
    .catch((caught: unknown) => {
      error = caught;
    })
    .finally(() => {
      ended = true;
    });
  const progress = () => events.length + activity();
  let seen = progress();
  let since = performance.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  const hung = await Promise.race([
    iterate.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setInterval(
        () => {
          const now = performance.now();
          if (progress() !== seen) {
            seen = progress();
            since = now;
          } else if (!ended && now - since >= hungAfterMs) resolve(true);
        },
        Math.max(1, Math.floor(hungAfterMs / 20)),
      );
    }),
  ]);
  clearInterval(timer);
  if (hung) stream.abort();
  return { hung, error, events };
}
