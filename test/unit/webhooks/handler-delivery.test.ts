// createWebhookHandler as the forge meets it, with deliveries signed by node:crypto and keys from a real HTTP key
// server. The forge treats any 2xx as delivered and stops retrying (spec § Events), so a duplicate of a delivery
// whose run then fails must not answer 2xx; an `onError` or a dedupe store written the natural way (an async
// logger, a synchronous release) must not change the answer or leave a rejection unhandled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryDedupeStore } from "../../../src/webhooks/dedupe.js";
import type { WebhookEvent } from "../../../src/webhooks/events.js";
import { createWebhookHandler, type WebhookHandlerOptions } from "../../../src/webhooks/handler.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { deliveryHeaders, type IndependentKeyServer, independentKey, startKeyServer } from "./independent-forge.js";

const T = 1_800_000_000;
const now = () => T * 1000;
const key = independentKey();
let server: IndependentKeyServer;
let keys: ForgeKeys;

beforeAll(async () => {
  server = await startKeyServer([key.jwk]);
  keys = new ForgeKeys({ baseUrl: server.baseUrl, now });
});
afterAll(() => server.close());

function delivery(id: string): Request {
  const body = JSON.stringify({ type: "ping", zen: id });
  return new Request("https://app.example/webhooks", {
    method: "POST",
    headers: deliveryHeaders([key], { id, timestamp: T, body }),
    body,
  });
}

/** A promise the test resolves by hand, to hold a run while duplicates arrive. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Counts the unhandled rejections while `run` goes, then a little after. */
async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on("unhandledRejection", listener);
  try {
    await run();
    await tick();
  } finally {
    process.off("unhandledRejection", listener);
  }
  return seen;
}

type Mode = "awaited" | "waitUntil" | "queue";

describe("createWebhookHandler: duplicates of a run that fails", () => {
  it("acknowledges no copy as a duplicate before a run of its id succeeded, in every mode", async () => {
    await keys.getKeys(); // warm, so that copies reach the handler while the first run is held
    const report: string[] = [];
    const wrong: string[] = [];
    for (const mode of ["awaited", "waitUntil", "queue"] as Mode[]) {
      const held = gate();
      const started = gate();
      const log: string[] = [];
      let runs = 0;
      // The first run (handler or queue send) starts, waits for the gate, then fails; later runs succeed.
      const work = async () => {
        runs += 1;
        if (runs > 1) return void log.push("run succeeded");
        started.open();
        await held.opened;
        log.push("run failed");
        throw new Error("the first run fails");
      };
      const pending: Array<Promise<unknown>> = [];
      const options: WebhookHandlerOptions = {
        keys,
        now,
        dedupe: new MemoryDedupeStore({ now }),
        ...(mode === "queue" ? { queue: { send: work } } : { on: { ping: work } }),
      };
      const handler = createWebhookHandler(options);
      const ctx = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) };
      const call = async () => {
        const response = await handler(delivery(`msg_${mode}`), undefined, mode === "waitUntil" ? ctx : undefined);
        const text = await response.text();
        if (response.ok && text === "duplicate") log.push("duplicate acknowledged");
        return response.status;
      };
      const first = call();
      await started.opened; // the first copy claimed the id and runs
      const copies = Array.from({ length: 4 }, call);
      await tick(); // not asserted on: a copy arriving later meets a released claim and runs itself
      held.open();
      const statuses = await Promise.all([first, ...copies]);
      await Promise.all(pending);
      const retry = await call(); // the forge retries what got no 2xx
      await Promise.all(pending);
      const again = await call();
      report.push(`${mode}: [${statuses.join(", ")}] then ${retry}, ${again}; ${runs} runs`);
      const firstAck = log.indexOf("duplicate acknowledged");
      if (firstAck !== -1 && !log.slice(0, firstAck).includes("run succeeded")) {
        wrong.push(`${mode}: a duplicate was acknowledged while the only run had failed (${log.join(" > ")})`);
      }
      const expectedFirst = { awaited: 500, waitUntil: 202, queue: 503 }[mode];
      if (statuses[0] !== expectedFirst) wrong.push(`${mode}: the first copy got ${statuses[0]}`);
      if (runs !== 2 || again !== 200) wrong.push(`${mode}: ${runs} runs, then ${again}`);
    }
    console.log(`failing first run: ${report.join("; ")}`);
    expect(wrong).toEqual([]);
  });

  it("runs 100 ids once each under 4 concurrent copies of each, and answers every copy 2xx", async () => {
    let runs = 0;
    const seen = new Set<string>();
    const handler = createWebhookHandler({
      keys,
      now,
      dedupe: new MemoryDedupeStore({ now }),
      on: {
        ping: async (event: WebhookEvent) => {
          runs += 1;
          seen.add(event.id);
          await tick();
        },
      },
    });
    const ids = Array.from({ length: 100 }, (_, i) => `msg_many_${i}`);
    const responses = await Promise.all(ids.flatMap((id) => [1, 2, 3, 4].map(() => handler(delivery(id)))));
    const not2xx = responses.filter((response) => response.status !== 200).length;
    console.log(`concurrent copies: ${responses.length} deliveries, ${runs} runs, ${not2xx} not 200`);
    expect(runs).toBe(100);
    expect(seen.size).toBe(100);
    expect(not2xx).toBe(0);
  });
});

describe("createWebhookHandler: callbacks and stores written the natural way", () => {
  it("an async onError that rejects changes no answer and leaves no unhandled rejection", async () => {
    const statuses: number[] = [];
    const unhandled = await unhandledDuring(async () => {
      const handler = createWebhookHandler({
        keys,
        now,
        on: {
          ping: () => {
            throw new Error("handler failed");
          },
        },
        onError: async () => {
          throw new Error("the logger is down");
        },
      });
      statuses.push((await handler(delivery("msg_log"))).status);
      const forged = delivery("msg_log_forged");
      forged.headers.set("webhook-id", "msg_other");
      statuses.push((await handler(forged)).status);
    });
    console.log(`async onError: statuses ${statuses.join(", ")}, ${unhandled.length} unhandled rejections`);
    expect(statuses).toEqual([500, 401]);
    expect(unhandled).toEqual([]);
  });

  it("a dedupe store with a synchronous release still releases, and onError hears the handler's failure", async () => {
    const claimed = new Set<string>();
    const errors: string[] = [];
    const store = {
      claim: async (id: string) => !claimed.has(id) && Boolean(claimed.add(id)),
      release: (id: string) => {
        claimed.delete(id);
      },
    };
    let runs = 0;
    const handler = createWebhookHandler({
      keys,
      now,
      dedupe: store as never,
      on: {
        ping: () => {
          runs += 1;
          if (runs === 1) throw new Error("first run fails");
        },
      },
      onError: (error, info) => errors.push(`${info.stage}: ${(error as Error).message}`),
    });
    expect((await handler(delivery("msg_sync"))).status).toBe(500);
    expect(errors).toEqual(["handler: first run fails"]);
    expect(claimed.has("msg_sync")).toBe(false);
    expect((await handler(delivery("msg_sync"))).status).toBe(200);
    expect(runs).toBe(2);
  });
});
