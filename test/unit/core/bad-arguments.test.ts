// Bad arguments get the SDK's errors: every exported function and class of every entry point, every method of the
// clients, their resources and what their factories return, and every method of the exported classes that can be
// built without arguments (stores, budgets), called with wrong arguments (none, undefined, null, 42, NaN, strings,
// {}, [], a symbol, a function, a circular object), fails, when it fails, with an AgentlineError; an
// `invalid_argument` names the argument, an `invalid_option` the option. Error classes built from a wrong init are
// sane errors. Found by walking, with no list of exceptions: a new export or method that crashes fails here.
import { inspect } from "node:util";
import * as signals from "@preact/signals-core";
import { beforeAll, describe, expect, it } from "vitest";
import * as adminEntry from "../../../src/admin/index.js";
import * as agentsEntry from "../../../src/agents/index.js";
import { AgentlineError, isAgentlineError } from "../../../src/core/errors.js";
import * as forgeEntry from "../../../src/forge/index.js";
import * as rootEntry from "../../../src/index.js";
import * as reactiveEntry from "../../../src/reactive/index.js";
import * as relayEntry from "../../../src/relay/index.js";
import * as testingEntry from "../../../src/testing/index.js";
import * as webhooksEntry from "../../../src/webhooks/index.js";
import {
  badArgumentLists,
  emptyReport,
  type Finding,
  isClass,
  type SweepReport,
  sweepCallable,
  sweepObject,
} from "./argument-sweep.js";

const BASE_URL = "http://127.0.0.1:9";

const ENTRIES: Record<string, Record<string, unknown>> = {
  agentline: rootEntry,
  "agentline/agents": agentsEntry,
  "agentline/admin": adminEntry,
  "agentline/forge": forgeEntry,
  "agentline/reactive": reactiveEntry,
  "agentline/relay": relayEntry,
  "agentline/testing": testingEntry,
  "agentline/webhooks": webhooksEntry,
};

// Re-exported dependencies (`batch`, `effect` from signals) keep their own contracts.
const DEPENDENCIES = new Set<unknown>(Object.values(signals));

type Constructor = new (...args: unknown[]) => unknown;

/** Every function and class exported by an entry point, once each, under its first entry's name. */
function exportedCallables(): Array<[string, (...args: unknown[]) => unknown]> {
  const seen = new Set<unknown>();
  const callables: Array<[string, (...args: unknown[]) => unknown]> = [];
  for (const [entry, exports] of Object.entries(ENTRIES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== "function" || seen.has(value) || DEPENDENCIES.has(value)) continue;
      seen.add(value);
      callables.push([`${entry}.${name}`, value as (...args: unknown[]) => unknown]);
    }
  }
  return callables;
}

function describeFinding(finding: Finding): string {
  const error = finding.error as Error;
  return `${finding.call}: ${error?.name}: ${String(error?.message).slice(0, 140)}`;
}

/** An `invalid_argument` error names one of the function's parameters; an `invalid_option` names the option. */
function namesItsArgument(finding: Finding): boolean {
  const error = finding.error as { code?: string; message: string };
  if (error.code === "invalid_option") return /`[\w.[\]]+`|options object/.test(error.message);
  if (error.code !== "invalid_argument") return true;
  return finding.parameters.some((name) => error.message.includes(`\`${name}\``));
}

/** Why an error built from wrong arguments is not a sane error (`undefined` when it is one). */
function insanity(error: unknown): string | undefined {
  if (!(error instanceof AgentlineError) || !isAgentlineError(error)) return "not an AgentlineError";
  if (typeof error.message !== "string" || typeof error.code !== "string" || error.code === "") return "no text";
  try {
    JSON.stringify(error.toJSON());
    String(error);
    inspect(error);
  } catch (failure) {
    return `cannot be shown: ${String(failure)}`;
  }
  return undefined;
}

describe("exports called with wrong arguments", () => {
  const report: SweepReport = emptyReport();
  const callables = exportedCallables();

  beforeAll(async () => {
    for (const [name, value] of callables) await sweepCallable(report, name, value, { construct: isClass(value) });
  }, 60_000);

  it("throw or reject only AgentlineErrors, each naming the argument", () => {
    expect(report.foreign.map(describeFinding)).toEqual([]);
    expect(report.agentline.filter((f) => !namesItsArgument(f)).map(describeFinding)).toEqual([]);
    expect(report.hung).toEqual([]);
    // Every entry point is swept: the clients, the ledger, the reactive views, the fake, the webhook receiver.
    const names = callables.map(([name]) => name);
    for (const name of ["agentline.AgentsClient", "agentline/forge.applyPost", "agentline/reactive.watchRun"])
      expect(names).toContain(name);
    expect(names).toEqual(
      expect.arrayContaining(["agentline/testing.createFakeService", "agentline/webhooks.verifyWebhook"]),
    );
    // The per-operation check*/assert* wrappers left the public surface (issue 14): the generic pair replaces them.
    expect(callables.length).toBeGreaterThan(100);
    expect(report.calls).toBeGreaterThan(2_000);
  });
});

describe("error classes built from wrong arguments", () => {
  it("give sane errors: an AgentlineError with a message and a code that toJSON(), String() and inspect() show", () => {
    const classes = exportedCallables().filter(([, value]) => value.prototype instanceof Error);
    const problems: string[] = [];
    let built = 0;
    for (const [name, ErrorClass] of classes) {
      for (const args of badArgumentLists(ErrorClass as never)) {
        const label = `new ${name}(${args.map((arg) => (typeof arg === "symbol" ? "Symbol()" : typeof arg)).join(", ")})`;
        try {
          const problem = insanity(new (ErrorClass as unknown as Constructor)(...args));
          built += 1;
          if (problem) problems.push(`${label}: ${problem}`);
        } catch (error) {
          if (!isAgentlineError(error)) problems.push(`${label}: threw ${String(error)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // ApiError and its eight status classes, ValidationError, ConnectionError, … and the admin and webhook errors.
    expect(classes.length).toBeGreaterThanOrEqual(19);
    expect(built).toBeGreaterThan(300);
  });
});

describe("methods of exported classes built without arguments (stores, budgets)", () => {
  const report: SweepReport = emptyReport();
  const methods: string[] = [];

  beforeAll(async () => {
    for (const [name, value] of exportedCallables()) {
      if (!isClass(value) || value.prototype instanceof Error) continue;
      let instance: unknown;
      try {
        instance = new (value as Constructor)();
      } catch {
        continue; // It needs arguments: swept above with wrong ones.
      }
      if (typeof instance === "object" && instance !== null)
        methods.push(...(await sweepObject(report, instance, `new ${name.replace(/^.*\./, "")}()`, ["x-1"])));
    }
  }, 60_000);

  it("throw or reject only AgentlineErrors, each naming the argument", () => {
    expect(report.foreign.map(describeFinding)).toEqual([]);
    expect(report.agentline.filter((f) => !namesItsArgument(f)).map(describeFinding)).toEqual([]);
    expect(report.hung).toEqual([]);
    expect(methods).toEqual(
      expect.arrayContaining([
        "new MemoryRateBudgetStore().take",
        "new ForgePointsBudget().acquire",
        "new MemoryTokenCache().get",
        "new MemoryDedupeStore().claim",
      ]),
    );
  });
});

describe("client methods called with wrong arguments", () => {
  const report: SweepReport = emptyReport();
  const methods: string[] = [];

  beforeAll(async () => {
    const fake = testingEntry.createFakeService({ apiKeys: ["test-key"] });
    const common = { baseUrl: BASE_URL, fetch: fake.fetch, maxRetries: 0 };
    const keys = await forgeEntry.generateAppKeyPair();
    const roots: Array<[string, object]> = [
      ["agents", new agentsEntry.AgentsClient({ apiKey: "test-key", ...common })],
      ["admin", new adminEntry.AdminClient({ apiKey: "team-key", rateBudgets: false, ...common })],
      [
        "org",
        new adminEntry.OrganizationClient({
          apiKey: "org-key",
          organizationId: fake.admin.organizationId,
          rateBudgets: false,
          ...common,
        }),
      ],
      ["forge", new forgeEntry.ForgeClient({ token: "user-token", ...common })],
      ["app", new forgeEntry.ForgeApp({ appId: "app_1", privateKey: keys.privateKey, pointsBudget: false, ...common })],
    ];
    for (const [name, root] of roots) methods.push(...(await sweepObject(report, root, name, ["acme", "widgets"])));
  }, 120_000);

  it("throw or reject only AgentlineErrors, each check naming the argument", () => {
    expect(report.foreign.map(describeFinding)).toEqual([]);
    expect(report.agentline.filter((f) => !namesItsArgument(f)).map(describeFinding)).toEqual([]);
    expect(report.hung).toEqual([]);
    // The walk reaches the resources and what the factories return (`forge.repo(…)`, `app.installation(…)`).
    expect(methods).toEqual(expect.arrayContaining(["agents.runs.cancel", "forge.repo(…).pulls.reviews.dismiss"]));
    expect(methods).toEqual(
      expect.arrayContaining(["app.installation(…).repo(…).labels.get", "org.groups.addMembers"]),
    );
  });

  // The transport refuses a body it cannot serialize, for every API, before anything is sent.
  it("a circular request body is a ValidationError", () => {
    expect(report.circular.map(describeFinding)).toEqual([]);
  });
});
