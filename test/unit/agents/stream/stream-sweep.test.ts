import { describe, expect, it } from "vitest";
import { foldRunEvents, toRunEvent } from "../../../../src/agents/index.js";
import {
  type ConnectionScript,
  createSseServer,
  type ScriptedEvent,
  scriptRun,
  seededRandom,
} from "./independent-sse-server.js";
import { clientOver, type DrainOutcome, drainWithin } from "./trial-helpers.js";

const TRIALS = 1_200;
const HEARTBEAT_MS = 40;
/** Far beyond a trial's longest wait (one heartbeat): a stream with no event and no new connection for this long is hung. */
const HUNG_AFTER_MS = 5_000;
/** Trials run this many at a time: each mostly waits on its watchdog timers. */
const PARALLEL = 100;

const key = (e: { type: string; id?: string | undefined; raw?: string; data?: unknown }) =>
  `${e.type}|${e.id ?? "-"}|${e.raw ?? JSON.stringify(e.data)}`;

/** A fault for connection `index`: the first connection always answers (a never-connected stream fails by design). */
function randomFault(random: () => number, index: number, length: number): ConnectionScript {
  const after = Math.floor(random() * (length + 2));
  const pick = random();
  if (pick < 0.2) return { kind: "end", after };
  if (pick < 0.4) return { kind: "cut", after };
  if (pick < 0.55) return { kind: "error", after };
  if (pick < 0.75) return { kind: "stall", after };
  if (index === 0) return { kind: "cut", after };
  if (pick < 0.9) return { kind: "stall-headers" };
  return { kind: "status", status: 503, code: "upstream_error" };
}

interface Outcome extends DrainOutcome {
  connections: number;
  /** Two clean closes after the result: the server looks like one that never sends `done`, so it may be missing. */
  doneOptional: boolean;
}

interface Trial {
  seed: number;
  script: ScriptedEvent[];
  faults: ConnectionScript[];
  honourAbort: boolean;
  heartbeatChance: number;
}

function planTrial(seed: number): Trial {
  const random = seededRandom(seed);
  const script = scriptRun(random);
  const faults = Array.from({ length: Math.floor(random() * 7) }, (_, i) => randomFault(random, i, script.length));
  return { seed, script, faults, honourAbort: random() < 0.5, heartbeatChance: random() < 0.3 ? 0.2 : 0 };
}

/** Streams the trial's run through the SDK, against its faults. */
async function runTrial(plan: Trial): Promise<Outcome> {
  const server = createSseServer(plan.script, {
    connections: plan.faults,
    honourAbort: plan.honourAbort,
    heartbeatChance: plan.heartbeatChance,
    random: seededRandom(plan.seed * 7),
  });
  const client = clientOver(server.fetch, { random: () => 0.5 });
  const stream = client.runs.stream("bc-1", "run-1", { heartbeatTimeoutMs: HEARTBEAT_MS, maxReconnects: 20 });
  const outcome = await drainWithin(stream, HUNG_AFTER_MS, () => server.requests.length);
  const doneOptional = server.cleanEndsAfterResult() >= 2;
  return { ...outcome, connections: server.requests.length, doneOptional };
}

describe("run stream sweep against an independent SSE server (every way a connection ends)", () => {
  it(`${TRIALS} seeded trials: 0 hung, 0 failed, 0 lost, 0 duplicated, final state as uninterrupted`, async () => {
    const totals = {
      trials: 0,
      connections: 0,
      doneOptional: 0,
      hung: 0,
      failed: 0,
      lost: 0,
      duplicated: 0,
      stateMismatches: 0,
    };
    const bad: string[] = [];
    // A pool of PARALLEL trials at a time: each mostly waits on its watchdog timers.
    const outcomes: Array<{ plan: Trial; outcome: Outcome }> = [];
    let next = 1;
    const worker = async () => {
      while (next <= TRIALS) {
        const plan = planTrial(next++);
        outcomes.push({ plan, outcome: await runTrial(plan) });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    for (const { plan, outcome } of outcomes) {
      const gotDone = outcome.events.some((e) => e.type === "done");
      // The uninterrupted run: every event the server has, in order (`done` only if this stream got it: see above).
      const uninterrupted = plan.script.filter((e) => e.type !== "done" || gotDone);
      const expected = uninterrupted.filter((e) => e.type !== "status").map(key);
      const got = outcome.events.filter((e) => e.type !== "status" && e.type !== "heartbeat").map(key);
      const lost = expected.filter((k) => !got.includes(k)).length;
      const duplicated = got.length - new Set(got).size;
      const reference = foldRunEvents(uninterrupted.map((e) => toRunEvent(e.type, JSON.stringify(e.data), e.id)));
      const mismatch = JSON.stringify(foldRunEvents(outcome.events)) !== JSON.stringify(reference);
      totals.trials++;
      totals.connections += outcome.connections;
      if (outcome.doneOptional) totals.doneOptional++;
      if (outcome.hung) totals.hung++;
      if (outcome.error !== undefined) totals.failed++;
      if (!gotDone && !outcome.doneOptional) totals.lost++;
      totals.lost += lost;
      totals.duplicated += duplicated;
      if (mismatch) totals.stateMismatches++;
      if ((outcome.hung || outcome.error || lost || duplicated || mismatch) && bad.length < 8) {
        const { script: _script, ...shown } = plan;
        bad.push(JSON.stringify({ ...shown, hung: outcome.hung, error: String(outcome.error), lost, duplicated }));
      }
    }
    console.log(`stream sweep: ${JSON.stringify(totals)}\n${bad.join("\n")}`);
    expect(totals.trials).toBe(TRIALS);
    expect(totals.connections).toBeGreaterThan(TRIALS * 2);
    expect(bad).toEqual([]);
    expect(totals).toMatchObject({ hung: 0, failed: 0, lost: 0, duplicated: 0, stateMismatches: 0 });
  }, 60_000);
});
