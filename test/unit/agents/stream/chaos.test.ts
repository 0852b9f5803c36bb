import { describe, expect, it } from "vitest";
import { foldRunEvents, type RunEvent } from "../../../../src/agents/index.js";
import { seededRandom as random } from "./independent-sse-server.js";
import { STREAM_ROUTE, signature, virtualSetup } from "./stream-helpers.js";

const RUNS = 1_000;

describe("chaos: streams under random disconnects", () => {
  it(`${RUNS} runs with random drops (some before the first id) lose nothing and repeat nothing`, async () => {
    // The uninterrupted reference: one run streamed without faults (every run of the script is alike).
    const reference = virtualSetup({ run: { toolCalls: 3, assistantChunks: 6 } });
    const { agent, run } = await reference.client.agents.create({ prompt: { text: "chaos" } });
    const clean: RunEvent[] = [];
    for await (const e of reference.client.runs.stream(agent.id, run.id)) clean.push(e);
    const cleanState = foldRunEvents(clean);
    const normalize = (s: string[], runId: string) => s.map((x) => x.replaceAll(runId, "RUN"));
    const cleanSignature = normalize(signature(clean), run.id);

    const totals = {
      runs: 0,
      drops: 0,
      dropsBeforeFirstId: 0,
      reconnects: 0,
      events: 0,
      lost: 0,
      duplicated: 0,
      statusRegressions: 0,
      stateMismatches: 0,
    };
    const setup = virtualSetup({ run: { toolCalls: 3, assistantChunks: 6 } });
    for (let i = 0; i < RUNS; i++) {
      const rand = random(i + 1);
      const created = await setup.client.agents.create({ prompt: { text: "chaos" } });
      const drops = Math.floor(rand() * 4);
      for (let d = 0; d < drops; d++) {
        const early = rand() < 0.2;
        if (early) totals.dropsBeforeFirstId++;
        const kind = rand();
        if (kind < 0.6) {
          setup.fake.faults.add({
            kind: "stream_drop",
            route: STREAM_ROUTE,
            afterEvents: early ? 1 : 1 + Math.floor(rand() * 14),
            midEvent: rand() < 0.3,
            mode: rand() < 0.5 ? "error" : "close",
          });
        } else {
          setup.fake.faults.add({
            kind: "stream_drop",
            route: STREAM_ROUTE,
            afterBytes: early ? 20 : Math.floor(rand() * 2_000),
          });
        }
      }
      totals.drops += drops;
      const events: RunEvent[] = [];
      const stream = setup.client.runs.stream(created.agent.id, created.run.id, { maxReconnects: 20 });
      for await (const e of stream) events.push(e);
      setup.fake.faults.clear();
      totals.runs++;
      totals.reconnects += stream.reconnects;
      totals.events += events.length;
      const got = normalize(signature(events), created.run.id);
      const idKeys = got.filter((k) => !k.startsWith("status:"));
      totals.duplicated += idKeys.length - new Set(idKeys).size;
      // Lost = an id-bearing event of the clean run that never arrived. A status is a snapshot, not an
      // event with identity: a reconnection may legitimately skip one the run has already left.
      totals.lost += cleanSignature.filter((k) => !k.startsWith("status:") && !got.includes(k)).length;
      const statuses = got.filter((k) => k.startsWith("status:"));
      const order = cleanSignature.filter((k) => k.startsWith("status:"));
      if (statuses.some((k, n) => n > 0 && order.indexOf(k) <= order.indexOf(statuses[n - 1] as string)))
        totals.statusRegressions++;
      const state = foldRunEvents(events);
      const comparable = (s: typeof state) =>
        JSON.parse(JSON.stringify(s).replaceAll(created.run.id, "RUN").replaceAll(run.id, "RUN"));
      if (JSON.stringify(comparable(state)) !== JSON.stringify(comparable(cleanState))) {
        totals.stateMismatches++;
        if (process.env.CHAOS_DEBUG)
          console.log(i, JSON.stringify(comparable(state)), JSON.stringify(comparable(cleanState)));
      }
    }
    console.log(`chaos: ${JSON.stringify(totals)}`);
    expect(totals.runs).toBe(RUNS);
    expect(totals.reconnects).toBeGreaterThan(RUNS / 2);
    expect(totals.dropsBeforeFirstId).toBeGreaterThan(0);
    expect(totals.lost).toBe(0);
    expect(totals.duplicated).toBe(0);
    expect(totals.statusRegressions).toBe(0);
    expect(totals.stateMismatches).toBe(0);
  }, 120_000);
});
