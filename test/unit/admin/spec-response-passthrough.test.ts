// Adversarial sweep: every operation with a documented answer, answered by the independent server
// (./adv-spec-server.ts) with the spec's full shape, an unknown field added to every object at every level, and
// every enum set to a value the spec does not list. Nothing may be dropped or thrown. Then the same answers with every
// documented nullable field null and every optional field absent.
import { describe, expect, it } from "vitest";
import { RESPONSE_CASES as CASES } from "./spec-response-cases.js";
import { settle, specServer } from "./spec-server.js";

/** The answer with `x_future` (an object) added to every object, at every level. */
function withExtras(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtras);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = withExtras(item);
    out.x_future = { nested: [1, { deeper: true }] };
    return out;
  }
  return value;
}

/** Paths where `sent` is not found, unchanged, in `got`. */
function dropped(sent: unknown, got: unknown, path = "$"): string[] {
  if (Array.isArray(sent)) {
    if (!Array.isArray(got) || got.length !== sent.length) return [`${path}: array changed`];
    return sent.flatMap((item, index) => dropped(item, got[index], `${path}[${index}]`));
  }
  if (sent && typeof sent === "object") {
    if (!got || typeof got !== "object") return [`${path}: object lost`];
    return Object.entries(sent).flatMap(([key, item]) =>
      key in got ? dropped(item, (got as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}: dropped`],
    );
  }
  // The cursor lists' pages (core CursorPage) read a last page's `nextCursor: null` as absent, by design.
  if (path === "$.nextCursor" && sent === null && got === undefined) return [];
  return Object.is(sent, got) ? [] : [`${path}: ${JSON.stringify(sent)} became ${JSON.stringify(got)}`];
}

/** What the client hands back for a call: the page of a list, else the data. */
async function outputOf(call: unknown): Promise<unknown> {
  const value = call as { withResponse?: () => Promise<{ data: unknown }> };
  if (value && typeof value.withResponse === "function") return (await value.withResponse()).data;
  return settle(call);
}

async function sweep(answer: (documented: unknown) => unknown, compare: (documented: unknown) => unknown) {
  const failures: string[] = [];
  for (const [name, call, documented] of CASES) {
    const server = specServer();
    const body = answer(documented);
    server.answer(() => ({ body }));
    try {
      const output = await outputOf(call(server));
      const lost = dropped(compare(body), output);
      if (lost.length > 0) failures.push(`${name}: ${lost.slice(0, 3).join("; ")}`);
    } catch (error) {
      failures.push(`${name}: threw ${(error as Error).message}`);
    }
  }
  return failures;
}

describe("adversarial: responses pass through", () => {
  it("keeps unknown fields at every level and unknown enum values (0 dropped, 0 thrown)", async () => {
    expect(await sweep(withExtras, (body) => body)).toEqual([]);
  });

  it("accepts documented nullable fields as null and optional fields absent", async () => {
    const NULLABLE = new Set([
      "monthlySpendingLimitDollars",
      "directoryGroupId",
      "leftAt",
      "monthlyLimitDollars",
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
    const OPTIONAL = new Set([
      "serviceAccountId",
      "serviceAccountName",
      "cloudAgentId",
      "automationId",
      "conversationId",
      "tokenUsage",
      "discountPercentOff",
      "serviceTokenFee",
      "isActive",
      "pagination",
      "dailySpend",
      "destinationTeamId",
      "errorMessage",
      "budgetLimitCents",
      "check",
      "teamName",
    ]);
    const thin = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(thin);
      if (value && typeof value === "object") {
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(value)) {
          if (OPTIONAL.has(key)) continue;
          out[key] = NULLABLE.has(key) ? null : thin(item);
        }
        return out;
      }
      return value;
    };
    expect(await sweep(thin, (body) => body)).toEqual([]);
  });
});
