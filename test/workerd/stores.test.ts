// The shared stores in workerd (miniflare): three client Workers (three isolates) bound to one Durable Object class in
// a fourth, against the fake service served from this process on 127.0.0.1 on one virtual clock.
// - A 5,000-call Admin workload spread over the three meets 0 × 429 at the fake, and no rate family's window holds
//   more grants than its budget (counted at the fake).
// - The negative control: the same workload with a MemoryRateBudgetStore per isolate earns 429s.
// - Two isolates share one minted installation token (the fake counts 1 mint); once it expires, one new mint.
//
// Run by scripts/test.mjs (step `workerd-stores`, after building dist/) with `node --import tsx --test`; by hand:
//   npx tsdown && node --import tsx --test test/workerd/stores.test.ts
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { type ServedHandler, serveFetch } from "../../scripts/lib/serve-fetch.js";
import { generateAppKeyPair } from "../../src/forge/keys.js";
import { createFakeService, type FakeService } from "../../src/testing/index.js";
import {
  type AdminCall,
  adminWorkload,
  type CallOutcome,
  driveWorkload,
  recordAnswers,
  windowsAtTheFake,
} from "../shared/stores-workload.js";

// A plain-Node module without type declarations (test/workerd/run.mjs), imported by URL.
const { bundleWorker } = (await import(new URL("./run.mjs", import.meta.url).href)) as {
  bundleWorker: (entry: string) => Promise<string>;
};

const CLIENTS = ["client-1", "client-2", "client-3"];
const COMPATIBILITY_DATE = "2026-04-01";
const clock = { now: Date.parse("2026-11-25T04:00:00Z") };

let fake: FakeService;
let served: ServedHandler;
let recorder: ReturnType<typeof recordAnswers>;
let miniflare: Miniflare;

before(async () => {
  fake = createFakeService({ now: () => clock.now });
  recorder = recordAnswers(
    (request) => fake.fetch(request),
    () => clock.now,
  );
  served = await serveFetch(recorder.fetch);
  const script = (name: string) => fileURLToPath(new URL(name, import.meta.url));
  const [objects, client] = await Promise.all([
    bundleWorker(script("stores-objects.js")),
    bundleWorker(script("stores-worker.js")),
  ]);
  const bindings = {
    RATE_BUDGETS: { className: "RateBudgetDurableObject", scriptName: "objects" },
    TOKEN_CACHE: { className: "TokenCacheDurableObject", scriptName: "objects" },
  };
  miniflare = new Miniflare({
    workers: [
      {
        name: "objects",
        modules: [{ type: "ESModule", path: script("stores-objects.bundle.js"), contents: objects }],
        compatibilityDate: COMPATIBILITY_DATE,
        // SQLite-backed, as wrangler makes new classes (`new_sqlite_classes`): the storage API the objects use is the same.
        durableObjects: {
          RATE_BUDGETS: { className: "RateBudgetDurableObject", useSQLite: true },
          TOKEN_CACHE: { className: "TokenCacheDurableObject", useSQLite: true },
        },
      },
      ...CLIENTS.map((name) => ({
        name,
        modules: [{ type: "ESModule" as const, path: script(`${name}.bundle.js`), contents: client }],
        compatibilityDate: COMPATIBILITY_DATE,
        durableObjects: bindings,
      })),
    ],
  });
  await miniflare.ready;
});

after(async () => {
  await miniflare?.dispose();
  await served?.close();
});

/** Sends a job to one client Worker and reads its JSON answer. */
async function ask<T>(client: number, job: Record<string, unknown>): Promise<T> {
  const worker = await miniflare.getWorker(CLIENTS[client] as string);
  const response = await worker.fetch("http://stores.test/", { method: "POST", body: JSON.stringify(job) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${CLIENTS[client]} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

const dispatch = (store: "shared" | "memory") => (isolate: number, calls: AdminCall[], now: number) =>
  ask<CallOutcome[]>(isolate, { kind: "admin", now, baseUrl: served.url, store, calls });

test("three Workers sharing the Durable Object budget store: 5,000 Admin calls, 0 × 429, no window overspent", async () => {
  recorder.answered.length = 0;
  const report = await driveWorkload({ calls: adminWorkload(5_000), isolates: 3, clock, dispatch: dispatch("shared") });
  assert.deepEqual(report.errors, []);
  assert.equal(report.done, 5_000);
  const windows = windowsAtTheFake(recorder.answered);
  console.log(
    `  ${report.done} calls in ${report.steps} steps over ${Math.round(report.virtualMs / 60_000)} virtual minutes; ` +
      `${report.refused} refused by the shared budget before sending and offered again later`,
  );
  for (const [family, { busiest, limit, rateLimited, ok }] of Object.entries(windows)) {
    assert.equal(rateLimited, 0, `${family}: the fake answered ${rateLimited} × 429`);
    assert.ok(busiest <= limit, `${family}: ${busiest} grants in one minute, over its budget of ${limit}`);
    assert.ok(ok > 0, `${family}: no call was answered`);
  }
  assert.equal(report.limited, 0);
  assert.equal(recorder.answered.length, 5_000);
});

test("the negative control: a MemoryRateBudgetStore per Worker earns 429s from the fake", async () => {
  recorder.answered.length = 0;
  clock.now += 3_600_000; // past every window of the previous test
  const report = await driveWorkload({ calls: adminWorkload(600), isolates: 3, clock, dispatch: dispatch("memory") });
  assert.deepEqual(report.errors, []);
  const rateLimited = Object.values(windowsAtTheFake(recorder.answered)).reduce((sum, w) => sum + w.rateLimited, 0);
  console.log(`  ${rateLimited} × 429 at the fake, ${report.limited} seen by the Workers`);
  assert.ok(rateLimited > 0, "per-isolate stores never overspent: this test could not fail");
});

test("two Workers share one minted installation token through the Durable Object; an expired one is minted anew", async () => {
  const keys = await generateAppKeyPair();
  const { appId, installationId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey });
  const job = { kind: "token", appId, installationId, privateKey: keys.privateKey, baseUrl: served.url };
  const mints = () => fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/access_tokens")).length;
  const first = await ask<{ digest: string; expiresAt: number }>(0, { ...job, now: clock.now });
  const second = await ask<{ digest: string; expiresAt: number }>(1, { ...job, now: clock.now });
  assert.equal(second.digest, first.digest);
  assert.equal(mints(), 1);
  clock.now = first.expiresAt; // expired, for the fake and the Workers alike: the cache must not hand it out
  const later = { ...job, now: clock.now };
  const third = await ask<{ digest: string; expiresAt: number }>(2, later);
  const fourth = await ask<{ digest: string; expiresAt: number }>(0, later);
  assert.notEqual(third.digest, first.digest);
  assert.equal(fourth.digest, third.digest);
  assert.equal(mints(), 2);
});
