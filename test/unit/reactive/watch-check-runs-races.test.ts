import { describe, expect, it } from "vitest";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { toObservable, watchCheckRuns } from "../../../src/reactive/index.js";
import { createFakeService } from "../../../src/testing/index.js";
import { manualClock, settle } from "./helpers.js";

const SHA = "d".repeat(40);

/**
 * An installation's client on the fake forge whose check-run listings can be held: while `holding`, a listing is
 * answered by the service at once (its state then) and handed over only on `release()`.
 */
async function heldListingsSetup(scopes = ["repository:checks:write"]) {
  const { now, sleep } = manualClock();
  const fake = createFakeService({ now });
  const keys = await generateAppKeyPair();
  const { appId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey, install: false });
  const { installationId } = fake.forge.createInstallation({ appId, scopes });
  const held: Array<() => void> = [];
  let holding = false;
  const gated = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const response = await fake.fetch(request);
    if (holding && request.method === "GET" && request.url.includes("/check-runs"))
      await new Promise<void>((resolve) => held.push(resolve));
    return response;
  };
  const app = new ForgeApp({
    appId,
    privateKey: keys.privateKey,
    baseUrl: "http://127.0.0.1:9",
    fetch: gated as typeof fetch,
    now,
    sleep: async () => {},
  });
  const forge = app.installation(installationId);
  const iso = () => new Date(now()).toISOString();
  return {
    forge,
    repo: forge.repo("acme", "web-app"),
    iso,
    sleep,
    held: () => held.length,
    hold: (on: boolean) => {
      holding = on;
    },
    release: () => {
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

describe("watchCheckRuns under races", () => {
  it("ignores a listing that started before the one held, whenever it answers", async () => {
    const setup = await heldListingsSetup();
    const base = { sha: SHA, suite: { key: "ci", externalId: "build-1" }, externalUpdatedAt: setup.iso() };
    await setup.repo.checkRuns.post({ ...base, key: "lint", externalId: "lint-1", status: "in_progress" });
    const options = { owner: "acme", repo: "web-app", sha: SHA, forge: setup.forge, pollIntervalMs: 60_000 };
    const view = watchCheckRuns({ ...options, sleep: setup.sleep });
    setup.hold(true);
    const stop = view.runs.subscribe(() => {});
    for (let turn = 0; turn < 50 && setup.held() === 0; turn++) await settle(); // the poll's listing: lint only
    expect(setup.held()).toBe(1);
    setup.hold(false);

    await setup.repo.checkRuns.post({ ...base, key: "test", externalId: "test-1", status: "queued" });
    await view.refresh(); // a newer listing: lint and test
    expect(view.runs.value.map((run) => run.key)).toEqual(["lint", "test"]);
    setup.release();
    await settle();
    await settle();
    expect(view.runs.value.map((run) => run.key)).toEqual(["lint", "test"]);
    stop();
    view.dispose();
  });

  it("its observable errors when polling is refused, and completes when disposed", async () => {
    const refused = await heldListingsSetup([]);
    const options = { owner: "acme", repo: "web-app", sha: SHA, pollIntervalMs: 60_000, sleep: refused.sleep };
    const view = watchCheckRuns({ ...options, forge: refused.forge });
    const ends: string[] = [];
    toObservable(view).subscribe({
      error: (error) => ends.push(`error ${(error as { status?: number }).status}`),
      complete: () => ends.push("complete"),
    });
    for (let turn = 0; turn < 50 && view.connection.value !== "closed"; turn++) await settle();
    expect(view.connection.value).toBe("closed");
    expect(ends).toEqual(["error 403"]);
    view.dispose();

    const allowed = await heldListingsSetup();
    const disposed = watchCheckRuns({ ...options, forge: allowed.forge, sleep: allowed.sleep });
    const endsOfDisposed: string[] = [];
    toObservable(disposed).subscribe({
      error: () => endsOfDisposed.push("error"),
      complete: () => endsOfDisposed.push("complete"),
    });
    await settle();
    disposed.dispose();
    expect(endsOfDisposed).toEqual(["complete"]);
  });

  it("run(key) refuses a key that is no string, at the call", () => {
    const view = watchCheckRuns({ owner: "acme", repo: "web-app", sha: SHA });
    expect(() => view.run(123 as never)).toThrow(
      expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining("`key`") }),
    );
  });
});
