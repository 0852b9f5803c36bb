// Bad arguments get the SDK's errors: every exported function and class of the entry points, and every method of
// the clients, their resources and what their factories return, called with wrong arguments (none, undefined, null,
// 42, NaN, strings, {}, [], a symbol, a function, a circular object), fails, when it fails, with an AgentlineError;
// the checks added for this name the argument. Found by walking, so a new export or method is swept at once.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as signals from "@preact/signals-core";
import { beforeAll, describe, expect, it } from "vitest";
import * as adminEntry from "../../../src/admin/index.js";
import * as agentsEntry from "../../../src/agents/index.js";
import * as forgeEntry from "../../../src/forge/index.js";
import * as rootEntry from "../../../src/index.js";
import * as reactiveEntry from "../../../src/reactive/index.js";
import * as testingEntry from "../../../src/testing/index.js";
import { emptyReport, type Finding, isClass, type SweepReport, sweepCallable, sweepObject } from "./argument-sweep.js";

const BASE_URL = "http://127.0.0.1:9";

// `agentline/webhooks` is swept by its own tests.
const ENTRIES: Record<string, Record<string, unknown>> = {
  agentline: rootEntry,
  "agentline/agents": agentsEntry,
  "agentline/admin": adminEntry,
  "agentline/forge": forgeEntry,
  "agentline/reactive": reactiveEntry,
  "agentline/testing": testingEntry,
};

// The files whose public constructors and functions check their arguments (this change): every export of them
// must throw only AgentlineErrors. The client methods below are held to that too, whichever file they live in.
const CHECKED_FILES = [
  "core/arguments.ts",
  "core/paths.ts",
  "agents/client.ts",
  "agents/agents-resource.ts",
  "agents/runs-resource.ts",
  "agents/lookups-resource.ts",
  "agents/run-state.ts",
  "admin/admin-client.ts",
  "admin/organization-client.ts",
  "admin/client-base.ts",
  "forge/forge-app.ts",
  "forge/forge-client.ts",
  "forge/repo-client.ts",
  "forge/owner-client.ts",
  "forge/routes.ts",
  ...readdirSync(fileURLToPath(new URL("../../../src/forge/resources/", import.meta.url))).map(
    (f) => `forge/resources/${f}`,
  ),
  "reactive/agent-view.ts",
  "reactive/run-view.ts",
  "reactive/check-runs-view.ts",
  "reactive/observable.ts",
  "reactive/coalesce.ts",
  "testing/fake-service.ts",
];

/**
 * Exports of other files that still throw an engine error for some wrong argument: pure helpers over SDK data
 * (ledgers, run events, pages), validators' `context` labels given a symbol, and constructors the SDK calls
 * itself. Each file has another owner; a name missing here that starts failing makes this test fail.
 */
const KNOWN_ELSEWHERE: Record<string, string> = {
  generateAgentId: "agents/ids.ts",
  toRunEvent: "agents/stream/run-events.ts",
  RunStream: "agents/stream/run-stream.ts",
  ToolCallList: "agents/tool-call-list.ts",
  ApiPromise: "core/api-promise.ts",
  PagePromise: "core/pagination.ts",
  PageNumberPromise: "core/page-pagination.ts",
  apiErrorClassFor: "core/errors.ts",
  RateBudgets: "core/rate-budget.ts",
  "assert* (a symbol as `context`)": "core/schema.ts checkRequest → errors.ts ValidationError",
  accessHint: "admin/admin-context.ts",
  retryFailed: "admin/bulk.ts",
  splitRange: "admin/date-ranges.ts",
  toEpochMs: "admin/date-ranges.ts",
  WindowedList: "admin/windowed-list.ts",
  idFamilyOf: "admin/ids.ts",
  isIdOfFamily: "admin/ids.ts",
  "idOfFamily, teamMemberId, directoryGroupId, organizationGroupId, billingGroupId, teamRuleId, manifestId":
    "admin/ids.ts",
  isAllowlistEntry: "admin/schemas/allowlist.ts",
  pageSizeSchema: "admin/schemas/requests-pagination.ts",
  computeKeyId: "forge/keys.ts",
  signAppJwt: "forge/app-jwt.ts",
  tokenCacheKey: "forge/installation-tokens.ts",
  ForgePointsBudget: "forge/points-budget.ts",
  "applyBatch, applyPost, postApplies, expireDeadlines, rerequest, validateCheckRunPost": "forge/check-runs/*.ts",
  "currentRun, currentSuite, isCurrentAttempt, isPending, runsForCommit, runsForSuite": "forge/check-runs/select.ts",
  "parseRfc3339, checkCheckRunPost, assertCheckRunPost": "forge/check-runs/*.ts, forge/validate-apps.ts",
  uniqueInOrder: "forge/validate-apps.ts",
  "branchRefProblem, branchNameProblem, branchName, repoName": "forge/schemas/references.ts",
  "isMergeable, actorKind": "forge/schemas/*.ts",
};
const KNOWN_NAMES = new Set(Object.keys(KNOWN_ELSEWHERE).flatMap((key) => key.split(/,\s*/)));

function exportName(call: string): string {
  return call.replace(/^[^.]*\./, "").replace(/\(.*$/, "");
}

function isKnownElsewhere(call: string): boolean {
  const name = exportName(call);
  return KNOWN_NAMES.has(name) || (/^assert[A-Z]/.test(name) && /Symbol\(\)\)$/.test(call));
}

function describeFinding(finding: Finding): string {
  const error = finding.error as Error;
  return `${finding.call}: ${error?.name}: ${String(error?.message).slice(0, 140)}`;
}

/** An `invalid_argument` / `invalid_option` error must say which argument (or option) is wrong. */
function namesItsArgument(finding: Finding): boolean {
  const error = finding.error as { code?: string; message: string };
  if (error.code === "invalid_option") return /`\w+`|options object/.test(error.message);
  if (error.code !== "invalid_argument") return true;
  return finding.parameters.some((name) => error.message.includes(`\`${name}\``));
}

async function loadChecked(): Promise<Set<unknown>> {
  const values = new Set<unknown>();
  for (const file of CHECKED_FILES) {
    const module = (await import(`../../../src/${file.replace(/\.ts$/, ".js")}`)) as Record<string, unknown>;
    for (const value of Object.values(module)) values.add(value);
  }
  return values;
}

describe("exports called with wrong arguments", () => {
  const report: SweepReport = emptyReport();
  const checkedCalls = new Set<string>();
  let exportsSwept = 0;

  beforeAll(async () => {
    const checked = await loadChecked();
    const dependencies = new Set<unknown>(Object.values(signals));
    const seen = new Set<unknown>();
    for (const [entry, exports] of Object.entries(ENTRIES)) {
      for (const [name, value] of Object.entries(exports)) {
        // Re-exported dependencies (`batch`, `effect` from signals) keep their own contracts.
        if (typeof value !== "function" || seen.has(value) || dependencies.has(value)) continue;
        seen.add(value);
        // Error classes are values the SDK builds; nobody is asked to construct one.
        if (value.prototype instanceof Error) continue;
        exportsSwept += 1;
        if (checked.has(value)) checkedCalls.add(`${entry}.${name}`);
        await sweepCallable(report, `${entry}.${name}`, value as never, { construct: isClass(value) });
      }
    }
  }, 60_000);

  it("from the files with argument checks: only AgentlineErrors, each naming the argument", () => {
    const inChecked = (finding: Finding) => checkedCalls.has(finding.call.replace(/\(.*$/, ""));
    expect(report.foreign.filter(inChecked).map(describeFinding)).toEqual([]);
    expect(
      report.agentline
        .filter(inChecked)
        .filter((f) => !namesItsArgument(f))
        .map(describeFinding),
    ).toEqual([]);
    expect(report.hung).toEqual([]);
    expect(checkedCalls.size).toBeGreaterThan(30);
    expect(exportsSwept).toBeGreaterThan(checkedCalls.size);
  });

  it("elsewhere: no engine error beyond the known list (a new export that crashes fails here)", () => {
    const unknown = report.foreign.filter((finding) => !isKnownElsewhere(finding.call));
    expect(unknown.map(describeFinding)).toEqual([]);
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
