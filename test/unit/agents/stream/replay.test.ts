import { describe, expect, it } from "vitest";
import { foldRunEvents, type RunEvent, toRunEvent } from "../../../../src/agents/index.js";
import { watchRun } from "../../../../src/reactive/index.js";
import { type ConnectionScript, createSseServer, scriptRun, seededRandom } from "./independent-sse-server.js";
import { clientOver } from "./trial-helpers.js";

const script = scriptRun(seededRandom(11));
const key = (e: { type: string; id?: string | undefined; raw: string }) => `${e.type}|${e.id ?? "-"}|${e.raw}`;
const scriptKeys = script
  .filter((e) => e.type !== "status")
  .map((e) => key({ type: e.type, id: e.id, raw: JSON.stringify(e.data) }));
const uninterrupted = foldRunEvents(script.map((e) => toRunEvent(e.type, JSON.stringify(e.data), e.id)));
const delivered = (events: RunEvent[]) => events.filter((e) => e.type !== "status" && e.type !== "heartbeat").map(key);

function setup(connections: ConnectionScript[]) {
  const server = createSseServer(script, { connections });
  const client = clientOver(server.fetch);
  return { server, client };
}

async function collect(iterable: AsyncIterable<RunEvent>, until?: number): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of iterable) {
    events.push(event);
    if (events.length === until) break;
  }
  return events;
}

describe("no event is delivered twice, ids or not (spec gap 9b)", () => {
  it("a reconnection before the first complete id group sends no Last-Event-ID, and the full replay repeats nothing", async () => {
    // Cut after `status, assistant(no id), status`: nothing with an id has arrived.
    const { server, client } = setup([{ kind: "end", after: 3 }]);
    const events = await collect(client.runs.stream("bc-1", "run-1"));
    expect(server.requests.map((r) => r.headers.get("last-event-id"))).toEqual([null, null]);
    expect(delivered(events)).toEqual(scriptKeys);
    expect(foldRunEvents(events).assistantText).toBe(uninterrupted.assistantText);
  });

  it(`a connection cut after each of the ${script.length} events: every event once, in order`, async () => {
    const failures: string[] = [];
    for (let after = 1; after <= script.length + 1; after++) {
      for (const kind of ["end", "cut", "error"] as const) {
        const { client } = setup([{ kind, after }]);
        const events = await collect(client.runs.stream("bc-1", "run-1"));
        if (delivered(events).join("\n") !== scriptKeys.join("\n")) failures.push(`${kind} after ${after}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("resumePoint: a second stream continues exactly where the first stopped, for every stopping point", async () => {
    const failures: string[] = [];
    const whole = script.length + 1;
    for (let stopAt = 1; stopAt < whole; stopAt++) {
      const { client } = setup([]);
      const first = client.runs.stream("bc-1", "run-1");
      const head = await collect(first, stopAt);
      const tail = await collect(client.runs.stream("bc-1", "run-1", { ...first.resumePoint }));
      if (delivered([...head, ...tail]).join("\n") !== scriptKeys.join("\n")) failures.push(`stopped after ${stopAt}`);
    }
    expect(failures).toEqual([]);
  });

  it("a view that stops and starts again folds each event once (it resumes from its own position)", async () => {
    const failures: string[] = [];
    for (const after of [2, 3, 5, 8, 13]) {
      // The first connection stalls after `after` events, so the view is stopped while it holds part of the run.
      const { client } = setup([{ kind: "stall", after }]);
      const view = watchRun(client, "bc-1", "run-1", { heartbeatTimeoutMs: 60_000 });
      const stop = view.snapshot.subscribe(() => {});
      // Until the stalled connection has handed over what it sends (status first: `status` is set).
      for (let i = 0; i < 100 && view.status.value === undefined; i++) await new Promise((r) => setTimeout(r, 1));
      await new Promise((r) => setTimeout(r, 5));
      stop();
      await new Promise((r) => setTimeout(r, 5));
      const again = view.snapshot.subscribe(() => {});
      for (let i = 0; i < 200 && !view.state.value.synthesized && view.connection.value !== "closed"; i++) {
        await new Promise((r) => setTimeout(r, 1));
      }
      again();
      const state = view.state.value;
      if (state.assistantText !== uninterrupted.assistantText || state.eventCount !== uninterrupted.eventCount) {
        failures.push(`after ${after}: ${JSON.stringify(state.assistantText)} / ${state.eventCount}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
