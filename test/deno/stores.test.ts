// The shared stores on Deno KV in the real Deno binary: three Web Workers (three isolates), each opening the same KV
// file, against the fake service served from this process on 127.0.0.1 on one virtual clock.
// - A 5,000-call Admin workload spread over the three meets 0 × 429 at the fake, and no rate family's window holds
//   more grants than its budget (counted at the fake).
// - The negative control: the same workload with a MemoryRateBudgetStore per worker earns 429s.
// - Two workers share one minted installation token (the fake counts 1 mint); once it expires, one new mint.
//
// Run by scripts/test.mjs (step `deno-stores`, after building dist/); by hand:
//   npx tsdown && $(node scripts/locate-runtime.mjs deno) test --no-check --no-lock --sloppy-imports --unstable-kv \
//     --allow-read --allow-write --allow-net=127.0.0.1 test/deno/stores.test.ts
import {
  type AdminCall,
  adminWorkload,
  type CallOutcome,
  driveWorkload,
  recordAnswers,
  windowsAtTheFake,
} from "../shared/stores-workload.js";

// Deno's globals are typed here rather than globally, so the rest of test/ cannot use them by accident.
interface DenoTestContext {
  step(name: string, fn: () => Promise<void>): Promise<boolean>;
}
const { Deno } = globalThis as unknown as {
  Deno: {
    test(name: string, fn: (t: DenoTestContext) => Promise<void>): void;
    serve(
      options: { hostname: string; port: number; onListen?: () => void },
      handler: (request: Request) => Promise<Response>,
    ): { addr: { port: number }; shutdown(): Promise<void> };
    makeTempDir(): Promise<string>;
    remove(path: string, options: { recursive: boolean }): Promise<void>;
  };
};
const WorkerClass = (globalThis as unknown as { Worker: new (url: URL, options: { type: "module" }) => DenoWorker })
  .Worker;
interface DenoWorker {
  onmessage: ((event: { data: { id: number; result?: unknown; error?: string } }) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
}

function assert(ok: unknown, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

const dist = (file: string) => import(new URL(`../../dist/${file}`, import.meta.url).href);

/** A worker that answers `ask(job)` with the result its `run(job)` resolved to. */
function isolate(): { ask<T>(job: Record<string, unknown>): Promise<T>; terminate(): void } {
  const worker = new WorkerClass(new URL("./stores-worker.ts", import.meta.url), { type: "module" });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  worker.onmessage = ({ data }) => {
    const pending = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error !== undefined) pending?.reject(new Error(data.error));
    else pending?.resolve(data.result);
  };
  return {
    ask: <T>(job: Record<string, unknown>) =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage({ id, job });
      }),
    terminate: () => worker.terminate(),
  };
}

Deno.test("shared stores on Deno KV across three workers", async (t) => {
  const { createFakeService } = await dist("testing.js");
  const { generateAppKeyPair } = await dist("forge.js");
  const clock = { now: Date.parse("2026-11-25T04:00:00Z") };
  const fake = createFakeService({ now: () => clock.now });
  const recorder = recordAnswers(
    (request) => fake.fetch(request),
    () => clock.now,
  );
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, recorder.fetch);
  const baseUrl = `http://127.0.0.1:${server.addr.port}`;
  const dir = await Deno.makeTempDir();
  const workers = [isolate(), isolate(), isolate()];
  try {
    for (const worker of workers) await worker.ask({ kind: "open", path: `${dir}/stores.sqlite3` });
    const dispatch = (store: "shared" | "memory") => (index: number, calls: AdminCall[], now: number) =>
      (workers[index] as ReturnType<typeof isolate>).ask<CallOutcome[]>({ kind: "admin", now, baseUrl, store, calls });

    await t.step("5,000 Admin calls on the shared DenoKvRateBudgetStore: 0 × 429, no window overspent", async () => {
      const report = await driveWorkload({
        calls: adminWorkload(5_000),
        isolates: 3,
        clock,
        dispatch: dispatch("shared"),
      });
      assert(report.errors.length === 0, `calls failed: ${report.errors.slice(0, 3).join("; ")}`);
      assert(report.done === 5_000, `${report.done} of 5,000 calls answered`);
      console.log(
        `  ${report.done} calls in ${report.steps} steps over ${Math.round(report.virtualMs / 60_000)} virtual ` +
          `minutes; ${report.refused} refused by the shared budget before sending and offered again later`,
      );
      for (const [family, { busiest, limit, rateLimited, ok }] of Object.entries(windowsAtTheFake(recorder.answered))) {
        assert(rateLimited === 0, `${family}: the fake answered ${rateLimited} × 429`);
        assert(busiest <= limit, `${family}: ${busiest} grants in one minute, over its budget of ${limit}`);
        assert(ok > 0, `${family}: no call was answered`);
      }
      assert(recorder.answered.length === 5_000, `the fake answered ${recorder.answered.length} calls`);
    });

    await t.step("the negative control: a MemoryRateBudgetStore per worker earns 429s from the fake", async () => {
      recorder.answered.length = 0;
      clock.now += 3_600_000; // past every window of the previous step
      const report = await driveWorkload({
        calls: adminWorkload(600),
        isolates: 3,
        clock,
        dispatch: dispatch("memory"),
      });
      assert(report.errors.length === 0, `calls failed: ${report.errors.slice(0, 3).join("; ")}`);
      const windows = Object.values(windowsAtTheFake(recorder.answered));
      const rateLimited = windows.reduce((sum, window) => sum + window.rateLimited, 0);
      console.log(`  ${rateLimited} × 429 at the fake, ${report.limited} seen by the workers`);
      assert(rateLimited > 0, "per-isolate stores never overspent: this test could not fail");
    });

    await t.step(
      "two workers share one minted token through DenoKvTokenCache; an expired one is minted anew",
      async () => {
        const keys = await generateAppKeyPair();
        const { appId, installationId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey });
        const job = { kind: "token", appId, installationId, privateKey: keys.privateKey, baseUrl };
        type Minted = { digest: string; expiresAt: number };
        const mints = () =>
          fake.requests.filter(
            (r: { method: string; path: string }) => r.method === "POST" && r.path.endsWith("/access_tokens"),
          ).length;
        const [first, second] = workers as [ReturnType<typeof isolate>, ReturnType<typeof isolate>];
        const minted = await first.ask<Minted>({ ...job, now: clock.now });
        const shared = await second.ask<Minted>({ ...job, now: clock.now });
        assert(shared.digest === minted.digest && mints() === 1, `two mints for two workers (${mints()})`);
        clock.now = minted.expiresAt; // expired, for the fake and the workers alike
        const renewed = await second.ask<Minted>({ ...job, now: clock.now });
        const again = await first.ask<Minted>({ ...job, now: clock.now });
        assert(renewed.digest !== minted.digest, "an expired token was handed out");
        assert(again.digest === renewed.digest && mints() === 2, `expected 2 mints, counted ${mints()}`);
      },
    );
  } finally {
    for (const worker of workers) await worker.ask({ kind: "close" }).catch(() => {});
    for (const worker of workers) worker.terminate();
    await server.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});
