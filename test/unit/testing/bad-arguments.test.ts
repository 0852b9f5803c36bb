// agentline/testing is a public entry, so its rule is the SDK's: a wrong argument to any function reachable from
// `createFakeService()` throws (or rejects with) an AgentlineError, never a raw engine TypeError/RangeError. The
// controls are found by walking the fake's object graph at runtime, so a new control is swept without editing this
// file; each gets every generic wrong value, and the object-taking ones a wrong-typed value in each documented field.
import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { createFakeService, type FakeService } from "../../../src/testing/index.js";
import { readBody, streamSetup } from "./agents/stream-helpers.js";
import { manualClock } from "./helpers.js";

const WRONG_VALUES: readonly unknown[] = [
  undefined,
  null,
  42,
  "",
  {},
  [],
  Symbol("wrong"),
  Number.NaN,
  () => "wrong",
  -1,
  "no-such-id",
];
const WRONG_FIELD_VALUES: readonly unknown[] = [null, 42, "", {}, [], Symbol("wrong"), Number.NaN, -1, () => 1];

// What each object-taking control documents (its input interface), to put a wrong-typed value in each field of an
// otherwise plausible input. Paths are those of the walk below.
const DOCUMENTED_FIELDS: Record<string, { base: Record<string, unknown>; fields: string[] }> = {
  "faults.add": {
    base: { kind: "server_error" },
    fields: ["kind", "times", "method", "path", "status", "retryAfterSeconds", "retryAfterDate", "ms", "delayMs"],
  },
  "admin.reset": {
    base: {},
    fields: ["members", "linkedTeams", "organizationId", "auditDays", "rateLimits"],
  },
  "forge.registerApp": {
    base: {},
    fields: ["appId", "publicKeyPem", "webhookUrl", "events", "displayName", "install"],
  },
  "forge.createInstallation": {
    base: { appId: "app_1" },
    fields: ["id", "appId", "targetSlug", "scopes", "repoSelectionMode", "repositoryIds"],
  },
  "forge.issueInstallationReceipt": {
    base: { appId: "app_1", installationId: "inst_1" },
    fields: ["appId", "installationId", "state"],
  },
  "forge.webhooks.emit": {
    base: { type: "pull_request.created" },
    fields: ["type", "installationId", "repositoryId", "appId", "payload"],
  },
  "forge.react": {
    base: { repoId: "repo_1", commentId: "cmt_1", content: "+1" },
    fields: ["repoId", "commentId", "content", "reactor"],
  },
  "forge.mirrors.add": { base: {}, fields: ["name", "status", "source", "sourceId", "upstreamAdmins"] },
};

// Every documented option of createFakeService (FakeServiceOptions and its nested option objects).
const OPTION_FIELDS = [
  "apiKeys",
  "serviceAccountKeys",
  "now",
  "sleep",
  "randomUUID",
  "features",
  "features.usage",
  "run",
  "run.creatingMs",
  "run.runningMs",
  "run.finalStatus",
  "run.result",
  "run.toolCalls",
  "run.assistantChunks",
  "baseUrl",
  "teamMembers",
  "teamId",
  "models",
  "repositories",
  "pools",
  "streamRetentionSeconds",
  "heartbeatIntervalMs",
  "teamKeys",
  "organizationKeys",
  "admin",
  "admin.members",
  "admin.linkedTeams",
  "admin.organizationId",
  "admin.auditDays",
  "admin.rateLimits",
  "forge",
  "forge.apps",
  "forge.installations",
  "forge.repositories",
  "forge.owner",
  "forge.tokenLifetimeSeconds",
  "forge.userTokens",
  "forge.rateLimits",
];

// Not swept, on purpose: `fetch` is the platform's contract (a bad URL rejects with a TypeError as `fetch` does, and
// clients classify that as a network failure); `state` (admin and forge) is the raw internal data, documented as
// "its shape is internal and may change".
const SKIPPED = new Set(["fetch", "admin.state", "forge.state"]);

/** The codes of a wrong argument (a control's own) and a wrong option (a field of createFakeService's options). */
const ARGUMENT_CODES = new Set(["invalid_argument", "invalid_option"]);

/** A settle bound: a control handed a wrong argument must not leave its promise pending forever. */
const SETTLE_MS = 500;

type Outcome = { kind: "ok" } | { kind: "error"; error: unknown } | { kind: "pending" };

async function outcome(call: () => unknown): Promise<Outcome> {
  try {
    const result = call();
    if (!(result instanceof Promise)) return { kind: "ok" };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<"pending">((resolve) => {
      timer = setTimeout(() => resolve("pending"), SETTLE_MS);
    });
    try {
      return (await Promise.race([result.then(() => "ok" as const), bound])) === "pending"
        ? { kind: "pending" }
        : { kind: "ok" };
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    return { kind: "error", error };
  }
}

/** Whether `value` is one of ours to walk: a plain object or an instance of a class that is not the platform's. */
function isOwnObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const maker = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor;
  if (!maker || maker === Object) return true;
  return (globalThis as Record<string, unknown>)[maker.name ?? ""] !== maker;
}

/** Every function reachable from `root` (own and prototype methods, getters read), by dotted path. */
function controlPaths(root: object): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const walk = (value: object, prefix: string) => {
    if (seen.has(value)) return;
    seen.add(value);
    const names = new Set<string>();
    for (
      let object: object | null = value;
      object && object !== Object.prototype;
      object = Object.getPrototypeOf(object)
    )
      for (const name of Object.getOwnPropertyNames(object)) if (name !== "constructor") names.add(name);
    for (const name of names) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (SKIPPED.has(path)) continue;
      const member = (value as Record<string, unknown>)[name];
      if (typeof member === "function") found.push(path);
      else if (isOwnObject(member)) walk(member, path);
    }
  };
  walk(root, "");
  return found.sort();
}

function resolvePath(fake: FakeService, path: string): { owner: Record<string, unknown>; name: string } {
  const parts = path.split(".");
  const name = parts.pop() as string;
  let owner = fake as unknown as Record<string, unknown>;
  for (const part of parts) owner = owner[part] as Record<string, unknown>;
  return { owner, name };
}

/** `{ a: { b: value } }` for the dotted path `a.b`. */
function nested(path: string, value: unknown): Record<string, unknown> {
  return path.split(".").reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

const describeValue = (value: unknown) =>
  typeof value === "symbol" || typeof value === "function" ? String(value) : (JSON.stringify(value) ?? "undefined");

function freshFake(): FakeService {
  const clock = manualClock();
  return createFakeService({ now: clock.now, sleep: async () => undefined });
}

describe("agentline/testing: wrong arguments get the SDK's errors", () => {
  it("sweeps createFakeService's options and every control of the fake: 0 raw errors, 0 pending", async () => {
    const raw: string[] = [];
    const pending: string[] = [];
    let calls = 0;
    const record = async (where: string, call: () => unknown) => {
      calls += 1;
      const result = await outcome(call);
      if (result.kind === "pending") pending.push(where);
      else if (result.kind === "error" && !isAgentlineError(result.error)) {
        const error = result.error as Error;
        raw.push(`${where}: ${error?.name} ${error?.message}`);
      } else if (result.kind === "error" && !ARGUMENT_CODES.has((result.error as { code: string }).code)) {
        const error = result.error as Error & { code: string };
        raw.push(`${where}: code ${error.code} (${error.message})`);
      }
    };

    // createFakeService: the options argument itself, then each documented option.
    for (const value of WRONG_VALUES)
      await record(`createFakeService(${describeValue(value)})`, () => createFakeService(value as never));
    for (const field of OPTION_FIELDS)
      for (const value of WRONG_FIELD_VALUES)
        await record(`createFakeService({ ${field}: ${describeValue(value)} })`, () =>
          createFakeService(nested(field, value) as never),
        );

    const paths = controlPaths(freshFake());
    for (const path of paths) {
      // A fresh fake per control: one control's wrong argument must not be blamed on the next one.
      const fake = freshFake();
      const { owner, name } = resolvePath(fake, path);
      const control = (...args: unknown[]) => (owner[name] as (...args: unknown[]) => unknown)(...args);
      for (const value of WRONG_VALUES) {
        await record(`${path}(${describeValue(value)})`, () => control(value));
        await record(`${path}("x", ${describeValue(value)})`, () => control("x", value));
        await record(`${path}(${describeValue(value)}, ${describeValue(value)})`, () => control(value, value));
      }
      const documented = DOCUMENTED_FIELDS[path];
      for (const field of documented?.fields ?? [])
        for (const value of WRONG_FIELD_VALUES)
          await record(`${path}({ ${field}: ${describeValue(value)} })`, () =>
            control({ ...documented?.base, [field]: value }),
          );
    }

    console.info(
      `swept ${paths.length} controls + createFakeService (${calls} calls): ${raw.length} raw or wrong-code errors, ${pending.length} pending`,
    );
    // Every documented input table names a control the walk found (a renamed control must not drop out silently).
    expect(Object.keys(DOCUMENTED_FIELDS).filter((path) => !paths.includes(path))).toEqual([]);
    expect(paths.length).toBeGreaterThan(20);
    expect(raw).toEqual([]);
    expect(pending).toEqual([]);
  });

  it("a virtual clock that never moves ends the run stream with an invalid_option AgentlineError, not a bare Error", async () => {
    // `now` is frozen and `sleep` does not advance it: a misconfiguration the stream can only report, not wait out.
    const { api, open } = streamSetup({ sleep: async () => undefined });
    const { agent, run } = await api.createAgent();
    const outcome = await readBody((await open(agent.id, run.id)).body);
    expect(isAgentlineError(outcome.error)).toBe(true);
    expect(outcome.error).toMatchObject({ code: "invalid_option", message: expect.stringContaining("`sleep`") });
  });
});
