// One isolate of the Deno shared-store test (test/deno/stores.test.ts): a Web Worker that opens the same Deno KV file
// as its siblings and runs the driver's jobs on the built package (dist/): Admin API calls on the shared
// DenoKvRateBudgetStore (or, for the negative control, a MemoryRateBudgetStore of its own), or an installation token
// through the shared DenoKvTokenCache.
import { runAdminJob } from "../shared/stores-isolate.js";

// Deno's globals are typed here rather than globally, so the rest of test/ cannot use them by accident.
const scope = globalThis as unknown as {
  Deno: { openKv(path: string): Promise<unknown> };
  onmessage: ((event: { data: { id: number; job: Record<string, unknown> } }) => void) | null;
  postMessage(message: unknown): void;
};

const dist = (file: string) => import(new URL(`../../dist/${file}`, import.meta.url).href);
const admin = await dist("admin.js");
const forge = await dist("forge.js");
let kv: unknown;
const isolateStore = new admin.MemoryRateBudgetStore();

async function run(job: Record<string, unknown>): Promise<unknown> {
  if (job.kind === "open") {
    kv = await scope.Deno.openKv(job.path as string);
    return "opened";
  }
  if (job.kind === "close") return (kv as { close(): void }).close();
  if (job.kind === "admin") {
    const store = job.store === "memory" ? isolateStore : new admin.DenoKvRateBudgetStore(kv);
    return runAdminJob(job as never, admin, store);
  }
  const now = () => job.now as number;
  const app = new forge.ForgeApp({
    appId: job.appId,
    privateKey: job.privateKey,
    baseUrl: job.baseUrl,
    now,
    tokenCache: new forge.DenoKvTokenCache(kv, { now }),
  });
  const token = await app.installationToken(job.installationId);
  // A digest, not the token: what the driver compares needs no secret in a message.
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token.token));
  return { digest: [...new Uint8Array(digest)].join(","), expiresAt: token.expiresAt };
}

scope.onmessage = ({ data }) => {
  run(data.job).then(
    (result) => scope.postMessage({ id: data.id, result }),
    (error: unknown) => scope.postMessage({ id: data.id, error: String((error as Error)?.stack ?? error) }),
  );
};
