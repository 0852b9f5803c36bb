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
 * Reads a stream to its end, or gives up on it after `hungAfterMs` without waiting for it (a hung stream may not even
 * end on `abort()`).
 */
export async function drainWithin(stream: RunStream, hungAfterMs: number): Promise<DrainOutcome> {
  const events: RunEvent[] = [];
  let error: unknown;
  const iterate = (async () => {
    for await (const event of stream) events.push(event);
  })().catch((caught: unknown) => {
    error = caught;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = await Promise.race([
    iterate.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), hungAfterMs);
    }),
  ]);
  clearTimeout(timer);
  if (hung) stream.abort();
  return { hung, error, events };
}
