import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { type CheckRunPost, ForgeClient } from "../../../src/forge/index.js";
import { startCheckRunForge } from "./check-run-spec-server.js";

// Every documented check-run limit at, just under and just over its bound, against an independent forge from the
// spec: what the SDK sends must be what that forge accepts, and what it refuses must be refused before the network
// with an AgentlineError naming the field. One sweep, one count of wrong cases.

const NOW = Date.UTC(2025, 5, 1, 12);
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
let forge: Awaited<ReturnType<typeof startCheckRunForge>>;
beforeAll(async () => {
  forge = await startCheckRunForge(() => NOW);
});
afterAll(() => forge.close());
beforeEach(() => forge.reset());

const repo = () =>
  new ForgeClient({ token: "oit_abc", baseUrl: forge.origin, maxRetries: 0, now: () => NOW }).repo("acme", "web");

function post(overrides: Record<string, unknown> = {}): CheckRunPost {
  return {
    sha: "e".repeat(40),
    suite: { key: "ci", externalId: "pipeline-1" },
    key: "build",
    externalId: "attempt-1",
    status: "in_progress",
    externalUpdatedAt: iso(-1000),
    ...overrides,
  } as CheckRunPost;
}

interface Case {
  name: string;
  /** Whether the spec's forge accepts it (so the SDK must send it) or refuses it (the SDK must not send it). */
  valid: boolean;
  /** A word the refusal must name (the field). */
  field: string;
  call: () => PromiseLike<unknown>;
}

const annotations = (count: number) => Array.from({ length: count }, (_, i) => ({ message: `**a${i}**` }));
const timestampCases = (field: string, extra: Record<string, unknown> = {}): Case[] =>
  [
    [59_999, true],
    [60_000, true],
    [60_001, false],
    [61_000, false],
  ].map(([ahead, valid]) => ({
    name: `${field} ${ahead} ms ahead`,
    valid: valid as boolean,
    field,
    call: () => repo().checkRuns.post(post({ ...extra, [field]: iso(ahead as number) })),
  }));

function cases(): Case[] {
  const list: Case[] = [];
  for (const [count, valid] of [
    [0, false],
    [1, true],
    [24, true],
    [25, true],
    [26, false],
    [100, false],
    [10_000, false],
  ] as const) {
    list.push({
      name: `${count} annotations in one append`,
      valid,
      field: "annotations",
      call: async () => {
        const created = (await repo().checkRuns.post(post())) as { checkRun: { id: string } };
        forge.requests.length = 0;
        return repo().checkRuns.appendAnnotations(created.checkRun.id, annotations(count));
      },
    });
  }
  list.push(...timestampCases("externalUpdatedAt"));
  list.push(...timestampCases("startedAt"));
  list.push(...timestampCases("completedAt", { status: "completed", conclusion: "success" }));
  for (const [ahead, valid] of [
    [24 * 3_600_000 - 1, true],
    [24 * 3_600_000, true],
    [24 * 3_600_000 + 1, false],
  ] as const) {
    list.push({
      name: `deadlineAt ${ahead} ms ahead`,
      valid,
      field: "deadlineAt",
      call: () => repo().checkRuns.post(post({ deadlineAt: iso(ahead) })),
    });
  }
  for (const [gap, valid] of [
    [0, true],
    [1, true],
    [-1, false],
  ] as const) {
    list.push({
      name: `completedAt ${gap} ms after startedAt`,
      valid,
      field: "completedAt",
      call: () =>
        repo().checkRuns.post(post({ status: "completed", startedAt: iso(-5000), completedAt: iso(-5000 + gap) })),
    });
  }
  // An offset names the same instant: 13:00:59.999+01:00 is 59.999 s ahead of 12:00 UTC.
  list.push({
    name: "externalUpdatedAt 59.999 s ahead written with +01:00",
    valid: true,
    field: "externalUpdatedAt",
    call: () => repo().checkRuns.post(post({ externalUpdatedAt: "2025-06-01T13:00:59.999+01:00" })),
  });
  list.push({
    name: "externalUpdatedAt 60.001 s ahead written with -02:00",
    valid: false,
    field: "externalUpdatedAt",
    call: () => repo().checkRuns.post(post({ externalUpdatedAt: "2025-06-01T10:01:00.001-02:00" })),
  });
  for (const [status, valid] of [
    ["queued", true],
    ["in_progress", true],
    ["completed", true],
    ["rerequested", false],
    ["cancelled", false],
  ] as const) {
    list.push({
      name: `status ${status}`,
      valid,
      field: "status",
      call: () => repo().checkRuns.post(post({ status })),
    });
  }
  for (const [count, valid] of [
    [0, false],
    [1, true],
    [1000, true],
  ] as const) {
    list.push({
      name: `batch of ${count}`,
      valid,
      field: "posts",
      call: () => repo().checkRuns.batchUpsert(Array.from({ length: count }, (_, i) => post({ key: `job-${i}` }))),
    });
  }
  list.push({
    name: "batch of 1000 with post 500 61 s ahead",
    valid: false,
    field: "[500]: externalUpdatedAt",
    call: () =>
      repo().checkRuns.batchUpsert(
        Array.from({ length: 1000 }, (_, i) =>
          post({ key: `job-${i}`, ...(i === 500 ? { externalUpdatedAt: iso(61_000) } : {}) }),
        ),
      ),
  });
  // The spec forbids neither a conclusion before completion nor completion without one: both are sent as posted.
  list.push({
    name: "in_progress with a conclusion",
    valid: true,
    field: "conclusion",
    call: () => repo().checkRuns.post(post({ conclusion: "success" })),
  });
  list.push({
    name: "completed without a conclusion",
    valid: true,
    field: "conclusion",
    call: () => repo().checkRuns.post(post({ status: "completed" })),
  });
  // A plain-JavaScript batch with holes: a hole is no post (JSON would send it as null).
  list.push({
    name: "batch with a hole at index 1",
    valid: false,
    field: "[1]",
    call: () => {
      const sparse: CheckRunPost[] = [post({ key: "a" })];
      sparse[2] = post({ key: "c" });
      return repo().checkRuns.batchUpsert(sparse);
    },
  });
  return list;
}

describe("check-run limits against a forge from the spec", () => {
  it("sends exactly what the forge accepts and refuses the rest before the network, naming the field", async () => {
    const wrong: string[] = [];
    const all = cases();
    for (const each of all) {
      forge.reset();
      let error: unknown;
      try {
        await each.call();
      } catch (caught) {
        error = caught;
      }
      const sent = forge.requests.length > 0;
      if (each.valid && (error !== undefined || !sent)) wrong.push(`${each.name}: refused (${String(error)})`);
      if (!each.valid) {
        if (sent) wrong.push(`${each.name}: sent to the forge`);
        else if (!(error instanceof AgentlineError))
          wrong.push(`${each.name}: not an AgentlineError: ${String(error)}`);
        else if (!error.message.includes(each.field))
          wrong.push(`${each.name}: "${error.message}" does not name ${each.field}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(all.length).toBe(39);
  }, 60_000);
});
