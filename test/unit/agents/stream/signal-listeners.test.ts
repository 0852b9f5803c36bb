import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../../../src/agents/index.js";
import { createSseServer, scriptRun, seededRandom } from "./independent-sse-server.js";
import { virtualSetup } from "./stream-helpers.js";
import { clientOver } from "./trial-helpers.js";

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, "abort").length;

/** How a sweep's stream ends. */
const ENDINGS = ["finished", "failed before connecting", "failed after connecting", "abort()", "break", "unread"];

describe("nothing is left on the caller's signal", () => {
  it("2,000 run streams sharing one signal (finished, failed, aborted, broken out of, never read) leave 0 listeners", async () => {
    const shared = new AbortController().signal;
    const script = scriptRun(seededRandom(1));
    const endings = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      const ending = ENDINGS[i % ENDINGS.length] as string;
      endings.set(ending, (endings.get(ending) ?? 0) + 1);
      const connections =
        ending === "failed before connecting"
          ? [{ kind: "status" as const, status: 404, code: "run_not_found" }]
          : ending === "failed after connecting"
            ? [
                { kind: "end" as const, after: 3 },
                { kind: "status" as const, status: 401, code: "unauthorized" },
              ]
            : [];
      const server = createSseServer(script, { connections });
      const client = clientOver(server.fetch);
      const stream = client.runs.stream("bc-1", "run-1", { signal: shared });
      if (ending === "unread") continue;
      try {
        let seen = 0;
        for await (const _event of stream) {
          seen++;
          if (ending === "abort()" && seen === 2) stream.abort();
          if (ending === "break" && seen === 2) break;
        }
      } catch {
        // The failing endings.
      }
    }
    expect(Object.fromEntries(endings)).toEqual(Object.fromEntries(ENDINGS.map((e) => [e, expect.any(Number)])));
    expect(abortListeners(shared)).toBe(0);
  });

  it("200 runs.wait calls (resolved, rejected, aborted) leave 0 listeners on their signals", async () => {
    const setup = virtualSetup();
    const shared = new AbortController().signal;
    const signals = [shared];
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "wait for me" } });
    const outcomes = { resolved: 0, rejected: 0, aborted: 0 };
    for (let i = 0; i < 200; i++) {
      const kind = (["resolved", "rejected", "aborted", "resolved polling"] as const)[i % 4];
      const own = new AbortController();
      const signal = kind === "aborted" ? own.signal : shared;
      if (kind === "aborted") signals.push(own.signal);
      const onEvent = (event: RunEvent) => {
        if (kind === "aborted" && event.type === "status") own.abort();
      };
      try {
        await setup.client.runs.wait(
          agent.id,
          kind === "rejected" ? "run-00000000-0000-4000-8000-00000000ffff" : run.id,
          {
            signal,
            onEvent,
            stream: kind !== "resolved polling",
          },
        );
        outcomes.resolved++;
      } catch (error) {
        if (kind === "aborted") expect((error as Error).name).toBe("AbortError");
        outcomes[kind === "aborted" ? "aborted" : "rejected"]++;
      }
    }
    expect(outcomes).toEqual({ resolved: 100, rejected: 50, aborted: 50 });
    expect(signals.map(abortListeners).reduce((a, b) => a + b, 0)).toBe(0);
  });
});
