import * as v from "valibot";
import { describe, expect, it } from "vitest";
import * as botSchemas from "../../../src/admin/schemas/assistant-bot.js";
import * as envelopeSchemas from "../../../src/admin/schemas/envelopes.js";
import * as groupSchemas from "../../../src/admin/schemas/groups.js";
import * as memberSchemas from "../../../src/admin/schemas/members.js";
import * as modelSchemas from "../../../src/admin/schemas/model-access.js";
import * as organizationSchemas from "../../../src/admin/schemas/organization.js";
import * as usageSchemas from "../../../src/admin/schemas/usage.js";

// Every Admin and Organization response schema, swept field by field. The spec marks no response field as
// required; agentline requires only what it cannot work without — the items of a list answer, the object a
// `{group}`-style answer carries, what the SDK itself reads (bulk `results` and the `teamId` it matches rows on,
// the spend-limit `outcome`, the member counts it sums), and the handle of every resource the client's other
// calls act on (a group's `id`, a member's `userId`, a rule's `id`, a provider's `id`, …). That list is written
// here from the spec and the client's method signatures, not read from the schemas. Samples are derived from the
// schemas, so a schema added later is swept too.

// A resource's handle: what `get`, `update`, `delete`, `members`, `removeMembers`, `setProvider`, `setModel`,
// the model parameter settings, `teamMemberships.sync`, `members.remove` and the bot access `groupIds` take.
const HANDLES: Readonly<Record<string, readonly string[]>> = {
  TeamMemberSchema: ["id"],
  BlocklistEntrySchema: ["id"],
  DirectoryGroupSchema: ["id"],
  OrganizationGroupSchema: ["id"],
  GroupMemberSchema: ["userId"],
  BillingGroupSchema: ["id", "currentMembers[].userId", "formerMembers[].userId"],
  BillingGroupMemberSchema: ["userId"],
  BillingGroupWriteSchema: ["id", "members[].userId"],
  BillingGroupWriteMemberSchema: ["userId"],
  TeamRuleSchema: ["id"],
  SetupManifestSchema: ["id"],
  BotAccessGroupSchema: ["id"],
  OrgModelAccessRowSchema: ["teamId"],
  ModelParameterSchema: ["id"],
  AccessModelSchema: ["id", "parameters[].id"],
  AccessProviderSchema: ["id", "models[].id", "models[].parameters[].id"],
  OrgMemberTeamSchema: ["teamId"],
  OrgMemberSchema: ["userId", "teams[].teamId"],
};

/** Each handle path of `schema`, for that resource nested at `prefix`. */
const nested = (prefix: string, schema: string) => (HANDLES[schema] ?? []).map((path) => `${prefix}.${path}`);

/** Paths that must stay required, per schema export; `[]` marks an array item. Every other field is optional. */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  ...HANDLES,
  // Lists: their items (and each item's handle).
  ListMembersResponseSchema: ["teamMembers", ...nested("teamMembers[]", "TeamMemberSchema")],
  AuditLogsResponseSchema: ["events"],
  BlocklistsResponseSchema: ["repos", ...nested("repos[]", "BlocklistEntrySchema")],
  TeamDailyUsageResponseSchema: ["data"],
  OrgDailyUsageResponseSchema: ["data"],
  UsageEventsResponseSchema: ["usageEvents"],
  OrgUsageEventsResponseSchema: ["usageEvents"],
  TeamSpendResponseSchema: ["teamMemberSpend"],
  DirectoryGroupListResponseSchema: ["groups", ...nested("groups[]", "DirectoryGroupSchema")],
  OrganizationGroupListResponseSchema: ["groups", ...nested("groups[]", "OrganizationGroupSchema")],
  GroupMembersResponseSchema: ["members", ...nested("members[]", "GroupMemberSchema")],
  BillingGroupListResponseSchema: [
    "groups",
    ...nested("groups[]", "BillingGroupSchema"),
    ...nested("unassignedGroup", "BillingGroupSchema"),
  ],
  OrgModelAccessListResponseSchema: ["teams", ...nested("teams[]", "OrgModelAccessRowSchema")],
  ModelProvidersResponseSchema: ["providers", ...nested("providers[]", "AccessProviderSchema")],
  ProviderModelsResponseSchema: nested("models[]", "AccessModelSchema"),
  OrgMembersResponseSchema: ["members", ...nested("members[]", "OrgMemberSchema")],
  TeamRulesPageSchema: ["teamRules", ...nested("teamRules[]", "TeamRuleSchema")],
  SetupManifestsPageSchema: ["manifests", ...nested("manifests[]", "SetupManifestSchema")],
  BotAccessSchema: nested("groups[]", "BotAccessGroupSchema"),
  // `{group}`-style answers: the object they carry.
  DirectoryGroupResponseSchema: ["group", ...nested("group", "DirectoryGroupSchema")],
  OrganizationGroupResponseSchema: ["group", ...nested("group", "OrganizationGroupSchema")],
  BillingGroupResponseSchema: ["group", ...nested("group", "BillingGroupSchema")],
  BillingGroupWriteResponseSchema: ["group", ...nested("group", "BillingGroupWriteSchema")],
  TeamRuleResponseSchema: ["teamRule", ...nested("teamRule", "TeamRuleSchema")],
  SetupManifestResponseSchema: ["manifest", ...nested("manifest", "SetupManifestSchema")],
  // What the client reads: the spend-limit outcome, the counts it sums, bulk rows and the key it matches them on.
  SetSpendLimitResponseSchema: ["outcome"],
  GroupMembersAddedSchema: ["addedCount"],
  GroupMembersRemovedSchema: ["removedCount"],
  SetSpendLimitsResponseSchema: ["results"],
  SyncResultsSchema: ["results"],
  BulkTeamResultsSchema: ["results", "results[].teamId"],
  BulkTeamResultSchema: ["teamId"],
};

/** Error bodies, not responses: they define the failure shapes the client recognises. */
const NOT_RESPONSES = new Set(["AdminErrorBodySchema", "AdminErrorMessageBodySchema"]);

type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  wrapped?: AnySchema;
  options?: readonly unknown[];
};

const OBJECT_TYPES = new Set(["object", "loose_object"]);

function responseSchemas(): Array<[string, AnySchema]> {
  const modules = [
    memberSchemas,
    usageSchemas,
    groupSchemas,
    modelSchemas,
    organizationSchemas,
    botSchemas,
    envelopeSchemas,
  ];
  const out: Array<[string, AnySchema]> = [];
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      const schema = value as AnySchema;
      if (!name.endsWith("Schema") || NOT_RESPONSES.has(name)) continue;
      if (typeof schema === "object" && schema !== null && OBJECT_TYPES.has(schema.type)) out.push([name, schema]);
    }
  }
  return out;
}

/** A valid value of `schema`, with every optional and nullable member present (so it can be dropped). */
function sampleOf(schema: AnySchema): unknown {
  switch (schema.type) {
    case "object":
    case "loose_object":
      return Object.fromEntries(Object.entries(schema.entries ?? {}).map(([key, entry]) => [key, sampleOf(entry)]));
    case "array":
      return [sampleOf(schema.item as AnySchema)];
    case "optional":
    case "nullable":
    case "nullish":
      return sampleOf(schema.wrapped as AnySchema);
    case "union":
      return sampleOf((schema.options as AnySchema[])[0] as AnySchema);
    case "picklist":
      return (schema.options as unknown[])[0];
    case "string":
      return "text";
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      throw new Error(`no sample for a ${schema.type} schema`);
  }
}

type Segment = string | number;

/** Every object key in `value`, as a path. */
function keyPaths(value: unknown, at: Segment[] = []): Segment[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keyPaths(item, [...at, index]));
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [[...at, key], ...keyPaths(child, [...at, key])]);
}

/** `results[].teamId` for `["results", 0, "teamId"]`. */
function pattern(path: Segment[]): string {
  return path.map((part, i) => (typeof part === "number" ? "[]" : i === 0 ? part : `.${part}`)).join("");
}

function without(value: unknown, path: Segment[]): unknown {
  const copy = structuredClone(value);
  let parent = copy as Record<Segment, unknown>;
  for (const part of path.slice(0, -1)) parent = parent[part] as Record<Segment, unknown>;
  delete parent[path[path.length - 1] as Segment];
  return copy;
}

/** A copy where `change` is applied to every object (`"object"`) or every string leaf (`"string"`). */
function mapped(value: unknown, kind: "object" | "string", change: (node: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapped(item, kind, change));
  if (typeof value === "string") return kind === "string" ? change(value) : value;
  if (typeof value !== "object" || value === null) return value;
  const inner = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mapped(child, kind, change)]));
  return kind === "object" ? change(inner) : inner;
}

const parses = (schema: AnySchema, value: unknown) => v.safeParse(schema, value).success;

describe("Admin response schemas are lenient where the spec is", () => {
  const schemas = responseSchemas();

  it("finds the response schemas and a valid sample of each", () => {
    expect(schemas.length).toBeGreaterThan(50);
    const invalid = schemas.filter(([, schema]) => !parses(schema, sampleOf(schema))).map(([name]) => name);
    expect(invalid).toEqual([]);
    const unknownNames = Object.keys(REQUIRED).filter((name) => !schemas.some(([known]) => known === name));
    expect(unknownNames).toEqual([]);
  });

  it("drops every field the spec does not require, one at a time: 0 throws; dropping a required one throws", () => {
    const throws: string[] = [];
    const lenient: string[] = [];
    let dropped = 0;
    for (const [name, schema] of schemas) {
      const sample = sampleOf(schema);
      const required = new Set(REQUIRED[name] ?? []);
      for (const path of keyPaths(sample)) {
        dropped++;
        const ok = parses(schema, without(sample, path));
        if (required.has(pattern(path))) {
          if (ok) lenient.push(`${name}: ${pattern(path)} is required but may be dropped`);
        } else if (!ok) throws.push(`${name}: without ${pattern(path)}`);
      }
    }
    expect(dropped).toBeGreaterThan(500);
    expect(throws).toEqual([]);
    expect(lenient).toEqual([]);
  });

  it("keeps unknown fields at every level and unknown values in every string (open enums): 0 throws", () => {
    const throws: string[] = [];
    for (const [name, schema] of schemas) {
      const sample = sampleOf(schema);
      const withUnknown = mapped(sample, "object", (node) => ({ ...(node as object), addedLater: { nested: 1 } }));
      const result = v.safeParse(schema, withUnknown);
      if (!result.success || JSON.stringify(result.output) !== JSON.stringify(withUnknown))
        throws.push(`${name}: unknown field`);
      const unknownValues = mapped(sample, "string", () => "a_value_the_spec_does_not_list");
      if (!parses(schema, unknownValues)) throws.push(`${name}: unknown string value`);
    }
    expect(throws).toEqual([]);
  });

  it("still refuses a field of the wrong type, naming it (lenient about absence, not about shape)", () => {
    const result = v.safeParse(memberSchemas.AuditLogsResponseSchema, { events: [], params: { teamId: "seven" } });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.path?.map((item) => (item as { key: unknown }).key)).toEqual(["params", "teamId"]);
  });
});
