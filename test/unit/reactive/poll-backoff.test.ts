import { describe, expect, it } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import { apiErrorClassFor } from "../../../src/core/errors.js";
import type { CheckRun } from "../../../src/forge/schemas/check-responses.js";
import { type CheckRunsSource, watchAgent, watchCheckRuns } from "../../../src/reactive/index.js";

// The views that poll (watchAgent re-reading the agent, watchCheckRuns listing check runs) against a service that is
// down: consecutive failures must back off exponentially (capped), a success must reset the pace, and a Retry-After
// must still be honoured. A virtual clock: each wait is recorded and passes at once.

const AGENT_ID = "bc-00000000-0000-4000-8000-000000000001";
const T = "2026-11-28T10:00:00Z";
const AGENT = {
  id: AGENT_ID,
  status: "ACTIVE",
  env: { type: "cloud" },
  url: "https://app.example.com/a",
  createdAt: T,
  updatedAt: T,
};

type Answer = "ok" | "500" | "429";

/** A virtual clock: `sleep` records each wait and passes it at once, until `limitMs` of virtual time have passed. */
function virtualClock(limitMs: number) {
  let now = 0;
  const waits: number[] = [];
  let reached: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const sleep = async (ms: number, signal?: AbortSignal) => {
    waits.push(ms);
    now += ms;
    if (now >= limitMs) {
      reached();
      // Parked until the view is disposed.
      await new Promise((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
    }
    await Promise.resolve();
  };
  return { sleep, waits, done, now: () => now };
}

/** An Agents API answering GET /v1/agents/{id} as `answer(n)` says for its n-th request (from 0). */
function agentsServer(answer: (n: number) => Answer, retryAfterSeconds = 120) {
  const requests: string[] = [];
  const client = new AgentsClient({
    apiKey: "k",
    baseUrl: "http://127.0.0.1:9",
    maxRetries: 0,
    maxRetryAfterMs: 600_000,
    fetch: async (input: RequestInfo | URL) => {
      requests.push(String(input instanceof Request ? input.url : input));
      const mode = answer(requests.length - 1);
      if (mode === "ok") return Response.json(AGENT);
      const status = Number(mode);
      const headers: Record<string, string> = status === 429 ? { "retry-after": String(retryAfterSeconds) } : {};
      return Response.json(
        { error: { code: status === 429 ? "rate_limit_exceeded" : "internal_error", message: "down" } },
        { status, headers },
      );
    },
  });
  return { client, requests };
}

/** A forge whose listing answers as `answer(n)` says for its n-th request. */
function checkRunsSource(answer: (n: number) => Answer, retryAfterMs = 120_000) {
  let requests = 0;
  const forge: CheckRunsSource = {
    repo: () => ({
      checkRuns: {
        listForCommit: () => ({
          toArray: async (): Promise<CheckRun[]> => {
            const mode = answer(requests++);
            if (mode === "ok") return [];
            const status = Number(mode);
            const ErrorClass = apiErrorClassFor(status);
            throw new ErrorClass({
              status,
              code: status === 429 ? "rate_limit_exceeded" : "internal_error",
              message: "down",
              ...(status === 429 ? { retryAfterMs } : {}),
            });
          },
        }),
      },
    }),
  };
  return { forge, requests: () => requests };
}

const TEN_MINUTES = 600_000;

async function agentViewWaits(answer: (n: number) => Answer, limitMs = TEN_MINUTES, retryAfterSeconds?: number) {
  const clock = virtualClock(limitMs);
  const server = agentsServer(answer, retryAfterSeconds);
  const view = watchAgent(server.client, AGENT_ID, { followIntervalMs: 5_000, sleep: clock.sleep });
  const stop = view.agent.subscribe(() => {});
  await clock.done;
  stop();
  view.dispose();
  return { waits: clock.waits, requests: server.requests.length };
}

async function checkViewWaits(answer: (n: number) => Answer, limitMs = TEN_MINUTES) {
  const clock = virtualClock(limitMs);
  const source = checkRunsSource(answer);
  const view = watchCheckRuns({
    owner: "o",
    repo: "r",
    sha: "c".repeat(40),
    forge: source.forge,
    pollIntervalMs: 10_000,
    sleep: clock.sleep,
  });
  const stop = view.runs.subscribe(() => {});
  await clock.done;
  stop();
  view.dispose();
  return { waits: clock.waits, requests: source.requests() };
}

const VIEWS = [
  { name: "watchAgent", interval: 5_000, run: agentViewWaits },
  { name: "watchCheckRuns", interval: 10_000, run: checkViewWaits },
] as const;

describe("polling views back off while the service is down", () => {
  it("a service down for 10 minutes is asked far less than once per interval, at growing then capped waits", async () => {
    const failures: string[] = [];
    for (const view of VIEWS) {
      const { waits, requests } = await view.run(() => "500");
      const steady = TEN_MINUTES / view.interval; // what a fixed interval would send
      if (requests > steady / 4) failures.push(`${view.name}: ${requests} requests in 10 min (fixed pace: ${steady})`);
      // Doubling from the interval, never shrinking while it keeps failing, capped at a minute.
      if (waits[0] !== view.interval) failures.push(`${view.name}: first wait ${waits[0]}`);
      if (waits[1] !== view.interval * 2) failures.push(`${view.name}: second wait ${waits[1]}`);
      if (waits.some((ms, i) => i > 0 && ms < (waits[i - 1] as number)))
        failures.push(`${view.name}: waits shrank ${waits.slice(0, 12)}`);
      if (Math.max(...waits) !== 60_000)
        failures.push(`${view.name}: cap ${Math.max(...waits)} (waits ${waits.slice(0, 12)})`);
    }
    expect(failures).toEqual([]);
  });

  it("a success resets the pace to the interval", async () => {
    const failures: string[] = [];
    for (const view of VIEWS) {
      // Fails 5 times, then answers for good.
      const { waits } = await view.run((n) => (n < 5 ? "500" : "ok"), 200_000);
      const afterRecovery = waits.slice(5);
      if (afterRecovery.length === 0 || afterRecovery.some((ms) => ms !== view.interval)) {
        failures.push(`${view.name}: waits after recovery ${afterRecovery.slice(0, 8)}`);
      }
      if ((waits[4] as number) <= view.interval)
        failures.push(`${view.name}: no back-off before recovery ${waits.slice(0, 8)}`);
    }
    expect(failures).toEqual([]);
  });

  it("Retry-After is still honoured, and longer than the back-off it wins", async () => {
    const failures: string[] = [];
    for (const view of VIEWS) {
      const { waits } = await view.run(() => "429", TEN_MINUTES);
      if (waits.some((ms) => ms < 120_000)) failures.push(`${view.name}: waited less than Retry-After: ${waits}`);
    }
    expect(failures).toEqual([]);
  });
});
