// Every wait is bounded: a wait a server (Retry-After) or a rate budget asks for is honoured up to the client's
// `maxRetryAfterMs` (60 s by default); a longer one fails the call at once with a RateLimitError carrying what was
// asked, later calls sharing the budget fail the same way until the block passes, and no timer is ever given more
// than 2³¹−1 ms. Swept over every wait site × a range of Retry-After values, on a recording clock and on real timers.
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { AdminClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { RateLimitError, ValidationError } from "../../../src/core/errors.js";
import { parseRetryAfter } from "../../../src/core/rate-limit.js";
import { MAX_TIMER_DELAY_MS, WAIT_EXCEEDS_CAP } from "../../../src/core/wait.js";
import { ForgeClient } from "../../../src/forge/forge-client.js";
import { createFakeService } from "../../../src/testing/index.js";
import { KeySetUnavailableError } from "../../../src/webhooks/errors.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import {
  CAP,
  RETRY_AFTER_CASES,
  rateLimitOnce,
  recordingClock,
  type SiteRun,
  WAIT_SITES,
} from "./bounded-waits-fixtures.js";

type Outcome = { ok: true } | { ok: false; error: unknown } | { ok: "pending" };

/** How a call settled; `pending` when it had not within `guardMs` of real time (a hang). */
async function settle(call: () => PromiseLike<unknown>, guardMs = 2_000): Promise<Outcome> {
  let guard: ReturnType<typeof setTimeout> | undefined;
  const pending = new Promise<Outcome>((resolve) => {
    guard = setTimeout(() => resolve({ ok: "pending" }), guardMs);
  });
  const settled = Promise.resolve(call()).then(
    (): Outcome => ({ ok: true }),
    (error: unknown): Outcome => ({ ok: false, error }),
  );
  try {
    return await Promise.race([settled, pending]);
  } finally {
    clearTimeout(guard);
  }
}

/** What is wrong with an outcome that should be a RateLimitError asking for `askedMs`; `undefined` when nothing. */
function refusalProblem(outcome: Outcome, askedMs: number): string | undefined {
  if (outcome.ok === "pending") return "still pending (hangs)";
  if (outcome.ok) return "succeeded (it waited)";
  const { error } = outcome;
  if (!(error instanceof RateLimitError)) return `rejected with ${String(error)}`;
  if (error.retryAfterMs !== askedMs) return `retryAfterMs ${error.retryAfterMs}, asked ${askedMs}`;
  if (!error.message.includes("maxRetryAfterMs")) return `a message that does not say how to raise the cap`;
  return undefined;
}

const describeError = (outcome: Outcome) =>
  outcome.ok === false ? String((outcome.error as Error)?.message ?? outcome.error) : String(outcome.ok);

let timers: MockInstance<typeof setTimeout>;
const warnings: Error[] = [];
const onWarning = (warning: Error) => void warnings.push(warning);
beforeEach(() => {
  timers = vi.spyOn(globalThis, "setTimeout");
  warnings.length = 0;
  process.on("warning", onWarning);
});
afterEach(() => {
  timers.mockRestore();
  process.off("warning", onWarning);
});
const timerDelays = () => timers.mock.calls.map((call) => Number(call[1] ?? 0));

describe("every wait site × every Retry-After, on a recording clock", () => {
  for (const site of WAIT_SITES) {
    it(`${site.name}: honours up to the cap, refuses above it at once, and so do later calls`, async () => {
      const problems: string[] = [];
      let refused = 0;
      for (const { header, askedMs } of RETRY_AFTER_CASES) {
        const clock = recordingClock();
        const run: SiteRun = await site.build(header, clock);
        const asked = askedMs(run.now());
        const outcome = await settle(run.call);
        if (run.hits() < 1) problems.push(`${header}: the rate-limited route was never reached`);
        const tooLong = clock.sleeps.filter((ms) => ms > CAP);
        if (tooLong.length) problems.push(`${header}: slept ${tooLong.join(", ")} ms, above the cap`);
        if (asked !== undefined && asked > CAP) {
          refused += 1;
          const problem = refusalProblem(outcome, asked);
          if (problem) problems.push(`${header}: ${problem}`);
          if (clock.sleeps.length) problems.push(`${header}: slept ${clock.sleeps.join(", ")} ms before refusing`);
          const hitsBefore = run.hits();
          for (const [i, later] of run.later.entries()) {
            const laterProblem = refusalProblem(await settle(later), asked);
            if (laterProblem) problems.push(`${header}: later call ${i + 1}: ${laterProblem}`);
          }
          if (run.hits() !== hitsBefore) problems.push(`${header}: a later call reached the rate-limited route`);
          continue;
        }
        if (outcome.ok !== true) problems.push(`${header}: expected success, got ${describeError(outcome)}`);
        if (asked !== undefined && asked > 0 && !clock.sleeps.includes(asked)) {
          problems.push(`${header}: never waited the ${asked} ms asked (slept ${clock.sleeps.join(", ")})`);
        }
        const slept = clock.sleeps.reduce((a, b) => a + b, 0);
        // The 429's wait is made once: a budget block must not add a second one after the retry's own wait.
        if (site.onlyWait && asked !== undefined && slept !== asked) {
          problems.push(`${header}: slept ${clock.sleeps.join(" + ")} ms in all, asked ${asked}`);
        }
        for (const [i, later] of run.later.entries()) {
          const laterOutcome = await settle(later);
          if (laterOutcome.ok !== true) problems.push(`${header}: later call ${i + 1}: ${describeError(laterOutcome)}`);
        }
      }
      expect(problems).toEqual([]);
      expect(refused).toBe(6); // 61, 86 400, 99 999 999, 2³¹, 1e20 seconds and the far-future date
      expect(timerDelays().filter((ms) => ms > MAX_TIMER_DELAY_MS)).toEqual([]);
    });
  }
});

describe("every wait site × every over-cap Retry-After, on the SDK's own timers", () => {
  for (const site of WAIT_SITES) {
    it(`${site.name}: settles at once, no timer above the cap, no TimeoutOverflowWarning`, async () => {
      const problems: string[] = [];
      let overCap = 0;
      for (const { header, askedMs } of RETRY_AFTER_CASES) {
        const { now } = recordingClock();
        const asked = askedMs(now());
        if (asked === undefined || asked <= CAP) continue;
        overCap += 1;
        const run = await site.build(header, { now, sleep: undefined });
        const calls = [run.call, ...run.later];
        for (const [i, call] of calls.entries()) {
          const problem = refusalProblem(await settle(call), asked);
          if (problem) problems.push(`${header}: call ${i + 1}: ${problem}`);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 0)); // warnings are emitted on a later tick
      expect(problems).toEqual([]);
      expect(overCap).toBe(6);
      expect(timerDelays().filter((ms) => ms > CAP)).toEqual([]);
      expect(warnings.map((warning) => warning.name)).toEqual([]);
    });
  }
});

describe("the forge key set", () => {
  it("never turns a 429 on /keys or a huge timeout into a wait: it fails closed at once", async () => {
    const problems: string[] = [];
    for (const { header } of RETRY_AFTER_CASES) {
      for (const timeoutMs of [10_000, 2 ** 31, 3e9, 1e20]) {
        const fake = createFakeService({ now: () => Date.parse("2026-11-21T12:00:00Z") });
        const limited = rateLimitOnce(fake.fetch, /^GET \/v1\/forge\/keys$/, header);
        const keys = new ForgeKeys({
          baseUrl: "http://127.0.0.1:9",
          fetch: limited.fetch,
          timeoutMs,
          refreshCooldownMs: 1e20,
        });
        const outcome = await settle(() => keys.getKeys());
        const where = `Retry-After ${header}, timeoutMs ${timeoutMs}`;
        if (outcome.ok !== false || !(outcome.error instanceof KeySetUnavailableError)) {
          problems.push(`${where}: ${describeError(outcome)}`);
        }
        if (limited.hits() !== 1) problems.push(`${where}: ${limited.hits()} fetches of /keys`);
        // Within the (huge) cooldown nothing is fetched again and nothing waits.
        if ((await settle(() => keys.refreshOnMiss())).ok !== true || limited.hits() !== 1) {
          problems.push(`${where}: refreshOnMiss fetched or hung`);
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(problems).toEqual([]);
    expect(timerDelays().filter((ms) => ms > MAX_TIMER_DELAY_MS)).toEqual([]);
    expect(warnings.map((warning) => warning.name)).toEqual([]);
  });
});

describe("the cap", () => {
  const agentsWith = async (retryAfter: string, maxRetryAfterMs: number | undefined) => {
    const clock = recordingClock();
    const fake = createFakeService({ apiKeys: ["k"], now: clock.now });
    const limited = rateLimitOnce(fake.fetch, /^GET \/v1\/agents\/[^/]+$/, retryAfter);
    const options = { apiKey: "k", baseUrl: "http://127.0.0.1:9", fetch: limited.fetch, ...clock };
    const client = new AgentsClient({ ...options, maxRetryAfterMs });
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    return { clock, get: () => client.agents.get(agent.id) };
  };

  it("raised, lets the SDK wait what the server asked; at its largest it still refuses what no timer holds", async () => {
    const day = await agentsWith("86400", 86_400_000);
    expect((await day.get()).id).toMatch(/.+/);
    expect(day.clock.sleeps).toEqual([86_400_000]);
    const endless = await agentsWith("99999999", Number.POSITIVE_INFINITY);
    await expect(endless.get()).rejects.toMatchObject({ status: 429, retryAfter: 99_999_999 });
    expect(endless.clock.sleeps).toEqual([]);
    const never = await agentsWith("1", 0);
    await expect(never.get()).rejects.toMatchObject({ status: 429, retryAfter: 1 });
  });

  it("must be 0 or more milliseconds", () => {
    for (const maxRetryAfterMs of [-1, Number.NaN, "60000" as unknown as number]) {
      expect(() => new AgentsClient({ apiKey: "k", baseUrl: "http://127.0.0.1:9", maxRetryAfterMs })).toThrow(
        expect.objectContaining({ code: "invalid_option", message: expect.stringContaining("maxRetryAfterMs") }),
      );
    }
  });

  it("bounds a full budget's wait too: the call fails at once, nothing is sent", async () => {
    const clock = recordingClock();
    const fake = createFakeService({ now: clock.now });
    const admin = new AdminClient({
      apiKey: "team-key",
      baseUrl: "http://127.0.0.1:9",
      fetch: fake.fetch,
      maxRetryAfterMs: 10_000,
      ...clock,
    });
    const list = () => admin.auditLogs.list({ startTime: clock.now() - 86_400_000, endTime: clock.now() });
    for (let i = 0; i < 20; i++) await list(); // the documented 20 a minute
    const sent = fake.requests.length;
    const error = await list().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: WAIT_EXCEEDS_CAP, status: 429, retryAfter: 60 });
    expect((error as Error).message).toContain("`auditLogs`");
    expect(fake.requests.length).toBe(sent);
    expect(clock.sleeps).toEqual([]);
  });

  it("bounds a mirror's polling interval, checked before the network", async () => {
    const fake = createFakeService();
    const client = new ForgeClient({ token: "t", baseUrl: "http://127.0.0.1:9", fetch: fake.fetch });
    const waiting = client.repo("acme", "web-app").mirror.waitForJob("mtj_1", { intervalMs: 60_001 });
    await expect(waiting).rejects.toBeInstanceOf(ValidationError);
    await expect(waiting).rejects.toMatchObject({ path: "intervalMs", rule: "max" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("Retry-After parsing", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");

  it("reads delta-seconds and the three HTTP-date forms", () => {
    expect(parseRetryAfter("30", now)).toBe(30_000);
    for (const date of [
      "Thu, 01 Jan 2026 00:00:30 GMT",
      "Thursday, 01-Jan-26 00:00:30 GMT",
      "Thu Jan  1 00:00:30 2026",
    ]) {
      expect(parseRetryAfter(date, now)).toBe(30_000);
    }
  });

  it("reads garbage as no Retry-After at all, never as some date", () => {
    const garbage = [
      "soon",
      "foo 2",
      "-5",
      "1e3",
      "",
      "Infinity",
      "0x10",
      "Thu, 99 Jan 2026 00:00:30 GMT",
      "2026-01-02",
    ];
    expect(garbage.filter((value) => parseRetryAfter(value, now) !== undefined)).toEqual([]);
  });
});
