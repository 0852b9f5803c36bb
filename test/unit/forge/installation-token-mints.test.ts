// Minting installation tokens against a forge written from the spec: one mint for concurrent callers even when the
// token cache answers late; the caller's signal and timeout bound its own wait for a mint (which goes on for the
// others); a mint answer must carry an RFC 3339 `expiresAt`; cache keys of different installations never collide.
import { describe, expect, it } from "vitest";
import { AbortError, TimeoutError, ValidationError } from "../../../src/core/errors.js";
import { ForgeApp, type InstallationToken, type TokenCache } from "../../../src/forge/index.js";
import { countedSignal } from "../counted-signal.js";
import { MINI_BASE_URL, miniForge } from "./mini-forge.js";

type Forge = Awaited<ReturnType<typeof miniForge>>;

function appOf(forge: Forge, tokenCache?: TokenCache) {
  return new ForgeApp({
    appId: "app_1",
    privateKey: forge.keys.privateKey,
    baseUrl: MINI_BASE_URL,
    fetch: forge.fetch,
    ...(tokenCache ? { tokenCache } : {}),
  });
}

/** Lets every pending promise job and I/O callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await settle();
  if (!done()) throw new Error("the awaited state never came");
}

/** Whether a promise has settled by now, and how. */
function track(promise: Promise<unknown>) {
  const state: { settled: boolean; error?: unknown } = { settled: false };
  promise.then(
    () => {
      state.settled = true;
    },
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return state;
}

describe("installation token mints", () => {
  it("an abort during the mint rejects the call at once; the mint goes on for a caller sharing it", async () => {
    const forge = await miniForge();
    const installation = appOf(forge).installation("inst_1");
    forge.hold();
    const controller = new AbortController();
    const aborted = track(installation.installationRepos.list({}, { signal: controller.signal }));
    // The other caller's signal never fires: once its call is over, nothing may still listen to it.
    const counted = countedSignal();
    const other = Promise.resolve(installation.installationRepos.list({}, { signal: counted.signal })); // started
    // Both calls wait for the one mint (the other one listening to its signal meanwhile).
    await until(() => forge.mints.length === 1 && counted.attached() === 1);
    controller.abort();
    await settle();
    expect(aborted.settled).toBe(true);
    expect(aborted.error).toBeInstanceOf(AbortError);
    forge.release();
    expect((await other).items).toEqual([]);
    expect(counted.attached()).toBe(0);
    await installation.installationRepos.list();
    expect(forge.mints.length).toBe(1);
  }, 5_000);

  it("a per-call timeoutMs covers the wait for the mint (a TimeoutError), the mint still serves later calls", async () => {
    const forge = await miniForge();
    const installation = appOf(forge).installation("inst_1");
    forge.hold();
    const error = await installation.installationRepos.list({}, { timeoutMs: 30 }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    forge.release();
    await installation.installationRepos.list();
    expect(forge.mints.length).toBe(1);
  }, 5_000);

  it("mints once for concurrent callers when the cache answers a read only after the mint finished", async () => {
    const forge = await miniForge();
    const entries = new Map<string, InstallationToken>();
    const lateReads: Array<() => void> = [];
    let reads = 0;
    const cache: TokenCache = {
      // The value is read when the call reaches the store; every read but the first answers when the test says.
      get: async (key) => {
        const value = entries.get(key);
        if (reads++ === 0) return value;
        return new Promise((resolve) => lateReads.push(() => resolve(value)));
      },
      set: async (key, value) => {
        entries.set(key, value);
      },
      delete: async (key) => {
        entries.delete(key);
      },
    };
    const app = appOf(forge, cache);
    forge.hold();
    const first = app.installationToken("inst_1");
    const second = app.installationToken("inst_1");
    await until(() => forge.mints.length === 1 && lateReads.length === 1);
    forge.release();
    const minted = await first;
    for (const answer of lateReads.splice(0)) answer();
    expect(await second).toEqual(minted);
    expect(forge.mints.length).toBe(1);
  });

  it("refuses a mint answer whose expiresAt is no RFC 3339 timestamp, naming `expiresAt`", async () => {
    const forge = await miniForge({ expiresAt: () => "in 10 minutes" });
    const error = await appOf(forge)
      .installationToken("inst_1")
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ValidationError);
    expect({ path: (error as ValidationError).path, direction: (error as ValidationError).direction }).toEqual({
      path: "expiresAt",
      direction: "response",
    });
  });

  it("keeps the tokens of `inst_a` and `inst_a|` apart", async () => {
    const forge = await miniForge();
    const app = appOf(forge);
    const a = await app.installationToken("inst_a");
    const piped = await app.installationToken("inst_a|");
    const narrowed = await app.installationToken("inst_a", { repositoryIds: ["|"] });
    expect(forge.mints.map((mint) => mint.installationId)).toEqual(["inst_a", "inst_a|", "inst_a"]);
    expect(new Set([a.token, piped.token, narrowed.token]).size).toBe(3);
  });
});
