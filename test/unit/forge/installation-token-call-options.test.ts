// `signal` and `timeoutMs` on a call bound the wait, whatever the call (README: "`signal` on any call aborts it"):
// `installationToken` and `gitCredentials` too. The forge here takes the mint and never answers it.
import { describe, expect, it } from "vitest";
import { AbortError, TimeoutError } from "../../../src/core/errors.js";
import { ForgeApp, generateAppKeyPair } from "../../../src/forge/index.js";

async function stuckApp() {
  const { privateKey } = await generateAppKeyPair();
  let mints = 0;
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    mints++;
    // Never answers; gives up only when the request's own signal does.
    return new Promise<Response>((_, reject) =>
      request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true }),
    );
  };
  const app = new ForgeApp({ appId: "app_1", privateKey, baseUrl: "http://127.0.0.1:9", fetch, maxRetries: 0 });
  return { app, mints: () => mints };
}

/** What the call settled with within 2 s, or "still waiting". */
async function within2s(call: Promise<unknown>): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve("still waiting"), 2_000);
  });
  try {
    return await Promise.race([
      call.then(
        () => "resolved",
        (error: unknown) => error,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe("installationToken and gitCredentials take call options", () => {
  it.each(["installationToken", "gitCredentials"] as const)(
    "%s: an abort ends the wait with AbortError",
    async (method) => {
      const { app } = await stuckApp();
      const controller = new AbortController();
      const call = app[method]("inst_1", {}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      expect(await within2s(call)).toBeInstanceOf(AbortError);
    },
  );

  it.each(["installationToken", "gitCredentials"] as const)(
    "%s: timeoutMs ends the wait with TimeoutError",
    async (method) => {
      const { app } = await stuckApp();
      expect(await within2s(app[method]("inst_1", {}, { timeoutMs: 100 }))).toBeInstanceOf(TimeoutError);
    },
  );

  it("an already aborted signal sends nothing", async () => {
    const { app, mints } = await stuckApp();
    const call = app.installationToken("inst_1", {}, { signal: AbortSignal.abort() });
    expect(await within2s(call)).toBeInstanceOf(AbortError);
    expect(mints()).toBe(0);
  });
});
