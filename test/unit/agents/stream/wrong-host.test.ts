import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  AgentsClient,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  PermissionDeniedError,
} from "../../../../src/agents/index.js";
import { type RunSnapshot, watchRun } from "../../../../src/reactive/index.js";
import { createSseServer, scriptRun, seededRandom } from "./independent-sse-server.js";

/** A port on 127.0.0.1 that nothing listens on: connecting to it is refused (ECONNREFUSED). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const MAX_RETRIES = 2;

/** A client whose requests are counted and whose waits are recorded (and take no time). */
function countingClient(baseUrl: string, handler: (request: Request) => Promise<Response>) {
  const requests: Request[] = [];
  const waits: number[] = [];
  const client = new AgentsClient({
    apiKey: "k-wrong-host",
    baseUrl,
    maxRetries: MAX_RETRIES,
    random: () => 0.5,
    fetch: (request) => {
      requests.push(request);
      return handler(request);
    },
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      waits.push(ms);
    },
  });
  return { client, requests, waits };
}

/** The four causes of a stream that can never connect, each as a fresh client. */
async function wrongSetups() {
  const port = await closedPort();
  const answer = (status: number, code: string) => async () =>
    new Response(JSON.stringify({ error: { code, message: `scripted ${code}` } }), {
      status,
      headers: { "content-type": "application/json" },
    });
  return [
    {
      cause: "ECONNREFUSED",
      type: ConnectionError,
      make: () => countingClient(`http://127.0.0.1:${port}`, (request) => fetch(request)),
    },
    {
      cause: "401",
      type: AuthenticationError,
      make: () => countingClient("http://127.0.0.1:9", answer(401, "unauthorized")),
    },
    {
      cause: "403",
      type: PermissionDeniedError,
      make: () => countingClient("http://127.0.0.1:9", answer(403, "role_forbidden")),
    },
    {
      cause: "404",
      type: NotFoundError,
      make: () => countingClient("http://127.0.0.1:9", answer(404, "run_not_found")),
    },
  ];
}

async function drain(iterable: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of iterable) {
    // nothing to keep
  }
}

describe("a stream that never connected fails like any request (wrong host, key or run)", () => {
  it("runs.stream(), runs.wait() and watchRun fail within maxRetries for ECONNREFUSED, 401, 403 and 404", async () => {
    const failures: string[] = [];
    for (const { cause, type, make } of await wrongSetups()) {
      // runs.stream(): the error that says what is wrong, after at most maxRetries + 1 requests.
      const streamed = make();
      const error = await drain(streamed.client.runs.stream("bc-1", "run-1")).catch((caught: unknown) => caught);
      if (!(error instanceof type)) failures.push(`${cause} stream: ${String(error)}`);
      if (streamed.requests.length > MAX_RETRIES + 1)
        failures.push(`${cause} stream: ${streamed.requests.length} requests`);
      // The waits before giving up stay within a plain call's budget (seconds, not minutes).
      if (streamed.waits.reduce((a, b) => a + b, 0) > 10_000) failures.push(`${cause} stream waited ${streamed.waits}`);

      // runs.wait(): the same error; it does not fall back to polling a host it could not reach.
      const waited = make();
      const waitError = await waited.client.runs.wait("bc-1", "run-1").catch((caught: unknown) => caught);
      if (!(waitError instanceof type)) failures.push(`${cause} wait: ${String(waitError)}`);
      if (waited.requests.length > MAX_RETRIES + 1) failures.push(`${cause} wait: ${waited.requests.length} requests`);

      // watchRun: the error is on the view while it retries, and stays once the stream gave up.
      const viewed = make();
      const view = watchRun(viewed.client, "bc-1", "run-1");
      const seen: RunSnapshot[] = [];
      const stop = view.snapshot.subscribe((snapshot) => void seen.push(snapshot));
      for (let i = 0; i < 50 && view.connection.value !== "closed"; i++) await new Promise((r) => setTimeout(r, 1));
      stop();
      const final = seen.at(-1);
      if (final?.connection !== "closed" || !(final.error?.cause instanceof type)) {
        failures.push(`${cause} view ended ${final?.connection} with ${final?.error?.message}`);
      }
      if (cause === "ECONNREFUSED") {
        const retrying = seen.filter((s) => s.connection === "connecting" && s.error?.cause instanceof ConnectionError);
        if (retrying.length === 0) failures.push(`${cause} view never showed the error while retrying`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a stream that did connect keeps resuming through refused connections, showing why on its view", async () => {
    const script = scriptRun(seededRandom(3));
    const server = createSseServer(script, { connections: [{ kind: "end", after: 4 }] });
    const port = await closedPort();
    // After the first connection the host goes away for 5 attempts, then comes back.
    const { client, requests } = countingClient("http://127.0.0.1:9", (request) =>
      requests.length >= 2 && requests.length <= 6 ? fetch(`http://127.0.0.1:${port}/`) : server.fetch(request),
    );
    const view = watchRun(client, "bc-1", "run-1");
    const seen: RunSnapshot[] = [];
    const stop = view.snapshot.subscribe((snapshot) => void seen.push(snapshot));
    for (let i = 0; i < 200 && view.connection.value !== "closed"; i++) await new Promise((r) => setTimeout(r, 1));
    stop();
    expect(requests.length).toBeGreaterThan(MAX_RETRIES + 1);
    expect(view.status.value).toBe("FINISHED");
    expect(view.error.value).toBeUndefined();
    const resuming = seen.filter((s) => s.connection === "resuming" && s.error?.cause instanceof ConnectionError);
    expect(resuming.length).toBeGreaterThan(0);
    expect(seen.some((s) => s.connection === "resuming" && s.error === undefined)).toBe(true); // the clean early end
  });
});
