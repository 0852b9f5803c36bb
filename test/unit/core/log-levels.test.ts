// Log levels over fetch: which records reach the logger at each `logLevel`, at which level each event is logged
// (a 409 the SDK resolves is never a failure), the defaults, and that no record of any level carries the key.
import { afterEach, describe, expect, it, vi } from "vitest";
import { AgentsClient, type AgentsClientOptions } from "../../../src/agents/index.js";
import type { Logger, LogLevel, LogRecord } from "../../../src/core/options.js";
import { createFakeService } from "../../../src/testing/index.js";

const BASE_URL = "http://127.0.0.1:9";
const KEY = "sk_test_Log/Level+Key~0123456789";
const LEVELS = ["error", "warn", "info", "debug"] as const;

afterEach(() => {
  vi.restoreAllMocks();
});

function capture() {
  const records: Array<{ method: string; message: string; record: LogRecord }> = [];
  const logger: Logger = Object.fromEntries(
    LEVELS.map((method) => [
      method,
      (message: string, record: LogRecord) => void records.push({ method, message, record }),
    ]),
  );
  return { logger, records };
}

/** A real (short) wait that an abort ends, for the one in-flight abort. */
function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

function client(options: Partial<AgentsClientOptions>) {
  const fake = createFakeService({ apiKeys: [KEY], sleep: (ms, signal) => realSleep(ms, signal) });
  let now = 1_800_000_000_000;
  const agents = new AgentsClient({
    apiKey: KEY,
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    random: () => 0.5,
    ...options,
  });
  return { fake, agents };
}

/**
 * One call per kind of record, each producing a known event at a known level: success (debug), retry (info),
 * 409 resolved (info), 404 (info), 401 (warn), 5xx after retries (error), lost connection (error), abort (debug).
 */
async function everyKindOfRecord(options: Partial<AgentsClientOptions>) {
  const { fake, agents } = client(options);
  const ignore = () => undefined;
  fake.faults.add({ kind: "disconnect_after", route: "POST /v1/agents" });
  const { agent } = await agents.agents.create({ prompt: { text: "exactly once" } });
  fake.faults.add({ kind: "server_error", route: "GET /v1/agents/:id" });
  await agents.agents.get(agent.id);
  await agents.agents.get("bc-00000000-0000-4000-8000-0000000000ff").catch(ignore);
  fake.faults.add({ kind: "server_error", route: "GET /v1/agents", times: 3 });
  await agents.agents.list().catch(ignore);
  fake.faults.add({ kind: "disconnect_before", route: "GET /v1/agents", times: 3 });
  await agents.agents.list().catch(ignore);
  await new AgentsClient({ apiKey: "sk_wrong_key_000000", baseUrl: BASE_URL, fetch: fake.fetch, ...options }).agents
    .get(agent.id)
    .catch(ignore);
  // Aborted while the request is in flight (an already-aborted signal never reaches the network or the log).
  fake.faults.add({ kind: "latency", route: "GET /v1/agents/:id", ms: 1_000 });
  const controller = new AbortController();
  const call = agents.agents.get(agent.id, { signal: controller.signal }).catch(ignore);
  setTimeout(() => controller.abort(), 5);
  await call;
}

const EXPECTED: Array<[LogRecord["event"], LogRecord["level"], number | undefined]> = [
  ["retry", "info", undefined],
  ["resolved", "info", 409],
  ["response", "debug", 200],
  ["retry", "info", 500],
  ["failure", "info", 404],
  ["failure", "error", 500],
  ["failure", "error", undefined],
  ["failure", "warn", 401],
  ["failure", "debug", undefined],
];

describe("log levels", () => {
  it("the 9 kinds of record, each at its level, with `level` equal to the logger method", async () => {
    const { logger, records } = capture();
    await everyKindOfRecord({ logger, logLevel: "debug" });
    const pairs = new Set(records.map(({ record }) => `${record.event} ${record.level} ${record.status}`));
    for (const [event, level, status] of EXPECTED) expect(pairs).toContain(`${event} ${level} ${status}`);
    expect(records.filter(({ method, record }) => method !== record.level)).toEqual([]);
  });

  it(`sweep: ${LEVELS.length + 1} thresholds × every record: exactly the records at or above the threshold arrive`, async () => {
    const { logger, records: all } = capture();
    await everyKindOfRecord({ logger, logLevel: "debug" });
    const rank = (level: string) => ["off", ...LEVELS].indexOf(level);
    const wrong: string[] = [];
    for (const threshold of ["off", ...LEVELS] as LogLevel[]) {
      const { logger: filtered, records } = capture();
      await everyKindOfRecord({ logger: filtered, logLevel: threshold });
      const expected = all.filter(({ record }) => rank(record.level) <= rank(threshold)).map((r) => r.record.level);
      if (JSON.stringify(records.map((r) => r.record.level)) !== JSON.stringify(expected)) wrong.push(threshold);
      if (records.some(({ record }) => rank(record.level) > rank(threshold))) wrong.push(`${threshold} leaked`);
    }
    expect(wrong).toEqual([]);
  });

  it("a create whose retry meets its own first attempt's 409 logs it as resolved at info: 0 failure, warn or error records", async () => {
    const { logger, records } = capture();
    const { fake, agents } = client({ logger });
    fake.faults.add({ kind: "disconnect_after", route: "POST /v1/agents" });
    await agents.agents.create({ prompt: { text: "exactly once" } });
    const resolved = records.filter(({ record }) => record.event === "resolved");
    expect(resolved).toHaveLength(1);
    expect(resolved[0]?.record).toMatchObject({ level: "info", status: 409, errorCode: "agent_id_conflict" });
    expect(resolved[0]?.message).toMatch(/^agentline resolved: POST \/v1\/agents 409/);
    const bad = records.filter(
      ({ record }) => record.event === "failure" || record.level === "warn" || record.level === "error",
    );
    expect(bad).toEqual([]);
  });

  it("the same 409 on a first attempt (the caller's own agentId taken) stays a failure", async () => {
    const { logger, records } = capture();
    const { agents } = client({ logger });
    const agentId = "bc-00000000-0000-4000-8000-000000000001";
    await agents.agents.create({ agentId, prompt: { text: "one" } });
    await expect(agents.agents.create({ agentId, prompt: { text: "two" } })).rejects.toMatchObject({ status: 409 });
    expect(records.filter(({ record }) => record.event === "resolved")).toEqual([]);
    expect(records.filter(({ record }) => record.event === "failure" && record.status === 409)).toHaveLength(1);
  });

  it("defaults: silent without logger or logLevel; console when only logLevel is set; debug when only a logger is", async () => {
    const spies = LEVELS.map((level) => vi.spyOn(console, level).mockImplementation(() => undefined));
    await everyKindOfRecord({});
    expect(spies.reduce((n, spy) => n + spy.mock.calls.length, 0)).toBe(0);
    await everyKindOfRecord({ logLevel: "warn" });
    const [errorSpy, warnSpy, infoSpy, debugSpy] = spies;
    expect(errorSpy?.mock.calls.length).toBe(2);
    expect(warnSpy?.mock.calls.length).toBe(1);
    expect((infoSpy?.mock.calls.length ?? 0) + (debugSpy?.mock.calls.length ?? 0)).toBe(0);
    const { logger, records } = capture();
    await everyKindOfRecord({ logger });
    expect(records.some(({ record }) => record.level === "debug")).toBe(true);
  });

  it("refuses an unknown logLevel at construction, naming the option and the levels", () => {
    expect(() => new AgentsClient({ apiKey: KEY, baseUrl: BASE_URL, logLevel: "verbose" as LogLevel })).toThrow(
      /`logLevel` must be one of off, error, warn, info, debug/,
    );
  });

  it("no record of any level carries the key, even when the server echoes it in the request id and error body", async () => {
    const { logger, records } = capture();
    const echo = async (request: Request) => {
      const key = (request.headers.get("authorization") ?? "").slice("Bearer ".length);
      const status = [500, 401, 404, 409, 200][Math.floor(Math.random() * 5)] ?? 500;
      return Response.json(
        status === 200 ? { items: [], echo: key } : { error: { code: `bad_${key}`, message: `key ${key}` } },
        { status, headers: { "x-request-id": `req_${key}` } },
      );
    };
    const agents = new AgentsClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      fetch: echo,
      logLevel: "debug",
      logger,
      sleep: async () => undefined,
    });
    for (let i = 0; i < 40; i++) await agents.agents.list().catch(() => undefined);
    expect(new Set(records.map(({ record }) => record.level)).size).toBeGreaterThanOrEqual(3);
    const leaks = records.filter(({ message, record }) => `${message}${JSON.stringify(record)}`.includes(KEY));
    expect(leaks).toEqual([]);
  });
});
