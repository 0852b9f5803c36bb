import { describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { ADMIN_OPERATIONS } from "../../../src/admin/operations.js";
import { type NullCase, pathsOf, readPath, sweepEnums, sweepExtras, sweepNulls } from "./response-null-sweep.js";
import { RESPONSE_CASES } from "./spec-response-cases.js";

// Every Team Admin and Organization operation with a JSON answer, answered with the spec's documented body (the
// fixtures of spec-response-cases.ts, plus the writes those do not cover), through the operation table's response
// schema, by a plain `fetch`. The spec lists most fields without saying whether they are required, and the client
// reads them leniently (see src/admin/schemas/response-object.ts); a server that writes one of them as `null`
// means "not there", as with the Cloud Agents API, so `null` reads as absent. A field the spec types "or null" keeps
// its null (it means something: no limit, team default, not linked, still a member).

/** Fields whose spec type admits null (`effectivePerUserLimitDollars` is read nullable too: no per-user limit). */
const NULLABLE = new Set([
  "monthlySpendingLimitDollars",
  "directoryGroupId",
  "leftAt",
  "monthlyLimitDollars",
  "effectivePerUserLimitDollars",
  "mostUsedModel",
  "applyMostUsedExtension",
  "tabMostUsedExtension",
  "clientVersion",
  "newProviderDefault",
  "newModelDefault",
  "configuredDefaultValue",
  "catalogDefaultValue",
  "templateSharing",
  "localExecution",
  "contractStartDate",
  "contractEndDate",
  "nextCursor",
]);

const TIME = "2026-01-01T00:00:00Z";
const dirGroup = (id: string) => ({
  id,
  name: "n",
  memberCount: 1,
  monthlySpendingLimitDollars: 5,
  createdAt: TIME,
  updatedAt: TIME,
});
const bulk = () => ({ results: [{ teamId: 1, status: "error", errorMessage: "x" }], successCount: 0, errorCount: 1 });

/** Answers of the operations spec-response-cases.ts does not cover. */
const MORE: Record<string, unknown> = {
  "spendLimits.setMany": {
    requestedCount: 1,
    updatedCount: 0,
    unchangedCount: 0,
    failedCount: 1,
    results: [{ userEmail: "a@example.com", status: "failed", error: "not a member" }],
  },
  "directoryGroups.addMembers": { addedCount: 1 },
  "directoryGroups.removeMembers": { removedCount: 1 },
  "assistantBot.autoReview.set": { enforced: true, rules: { allow: ["a"], block: ["b"] } },
  "assistantBot.access.set": { mode: "limited", groups: [{ id: "group_1", name: "n" }] },
  "assistantBot.network.set": { egressMode: "allow_all", allowlist: ["10.0.0.0/8:443"], locked: false },
  "org.modelAccess.setProviderMany": bulk(),
  "org.modelAccess.setModelMany": bulk(),
  "org.groups.create": { group: { ...dirGroup("g_1"), publicId: "grp_1" } },
  "org.groups.update": { group: { ...dirGroup("g_1"), publicId: "grp_1" } },
  "org.groups.addMembers": { addedCount: 1 },
  "org.groups.removeMembers": { removedCount: 1 },
};

type Op = { method: string; path: string; response?: unknown };
const OPS = ADMIN_OPERATIONS as unknown as Record<string, Op>;

function call(name: string) {
  const { method, path, response } = OPS[name] as Op;
  return async (body: unknown) => {
    const options = {
      baseUrl: "http://127.0.0.1:9",
      maxRetries: 0,
      rateBudgets: false as const,
      fetch: async () => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
    };
    const client = name.startsWith("org.")
      ? new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", ...options })
      : new AdminClient({ apiKey: "team-key", ...options });
    const filled = path.replace(/\{[A-Za-z]+\}/g, (key) => (key === "{teamId}" ? "1" : "x1"));
    return await client.request({ method: method as "GET", path: filled, schema: response as never });
  };
}

const BODIES = new Map<string, unknown>();
for (const [name, , body] of RESPONSE_CASES) BODIES.set(name.replace(/ \(.*\)$/, ""), body);
for (const [name, body] of Object.entries(MORE)) BODIES.set(name, body);

const CASES: NullCase[] = [...BODIES].map(([op, body]) => ({
  op,
  body: () => structuredClone(body),
  call: call(op),
  // The documented bodies carry an unknown value in every enum field.
  enums: pathsOf(body).filter((path) => readPath(body, path).value === "future_value"),
}));

describe("Admin responses: optional fields sent as null, unknown enum values and fields", () => {
  it("covers every operation of the table that answers JSON", () => {
    const answering = Object.entries(OPS)
      .filter(([, o]) => o.response !== undefined)
      .map(([name]) => name);
    expect(answering.filter((name) => !BODIES.has(name))).toEqual([]);
    expect([...BODIES.keys()].filter((name) => OPS[name]?.response === undefined)).toEqual([]);
  });

  it("reads a null optional field as absent everywhere, keeps a nullable one; a required one fails naming it", async () => {
    const sweep = await sweepNulls(CASES, NULLABLE);
    expect(sweep.tried).toBeGreaterThan(400);
    expect(sweep.failures).toEqual([]);
    expect(sweep.keptNull.length).toBeGreaterThan(20);
    // The handles the client cannot work without stay required (a sample; the sweep checks every one).
    expect(sweep.required).toEqual(
      expect.arrayContaining(["directoryGroups.get group", "directoryGroups.get group.id", "members.list teamMembers"]),
    );
  });

  it("passes unknown enum values through", async () => {
    const { tried, failures } = await sweepEnums(CASES);
    expect(tried).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it("keeps an unknown field on every object at every level", async () => {
    expect(await sweepExtras(CASES)).toEqual([]);
  });
});
