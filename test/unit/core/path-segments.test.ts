// Ids cannot leave their path segment: every placeholder of every route of the three routes tables, reached through
// the public client methods, refuses `..`-like values before the network, and carries odd but valid values as
// exactly the segments intended.
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_OPERATIONS, AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AGENTS_OPERATIONS, AgentsClient } from "../../../src/agents/index.js";
import { isAgentlineError, ValidationError } from "../../../src/core/errors.js";
import type { FetchLike } from "../../../src/core/options.js";
import { FORGE_OPERATIONS, ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";
import { createFakeService } from "../../../src/testing/index.js";
import {
  ADMIN_INVOKERS,
  AGENTS_INVOKERS,
  adminGroupPrefix,
  adminValues,
  type Clients,
  FORGE_INVOKERS,
  type Invoker,
  invoke,
  methodOf,
  placeholdersFilled,
} from "./route-invokers.js";

const BASE_URL = "http://127.0.0.1:9";

type Kind = "id" | "name" | "path";

/** One routes table with what the sweep needs to know about it. */
interface Table {
  name: string;
  routes: Record<string, { method: string; path: string }>;
  invokers: Record<string, Invoker>;
  /** The path prefix the client puts before each route's path. */
  prefix: string;
  /** A valid value of each placeholder (some routes take a family's prefixed id). */
  good: (route: string, placeholder: string) => string;
  /** The argument name an error must carry for a bad value in `placeholder`. */
  argument: (placeholder: string) => string;
  kinds: Record<string, Kind>;
  /** Turns an odd-but-valid text into a valid value of the placeholder, or `undefined` when it cannot be one. */
  odd: (route: string, placeholder: string, text: string) => string | undefined;
}

const ADMIN_PREFIX: Record<string, (route: string) => string> = {
  groupId: adminGroupPrefix,
  ruleId: () => "rule_",
};

const TABLES: Table[] = [
  {
    name: "AGENTS_OPERATIONS",
    routes: AGENTS_OPERATIONS,
    invokers: AGENTS_INVOKERS,
    prefix: "",
    good: (_route, placeholder) => (placeholder === "agentId" ? "bc-1" : "run-1"),
    argument: (placeholder) => placeholder,
    kinds: {},
    odd: (_route, _placeholder, text) => text,
  },
  {
    name: "ADMIN_OPERATIONS",
    routes: ADMIN_OPERATIONS,
    invokers: ADMIN_INVOKERS,
    prefix: "",
    good: (route, placeholder) => adminValues(route)[placeholder] ?? "x",
    argument: (placeholder) => placeholder,
    kinds: { provider: "name", model: "name" },
    odd: (route, placeholder, text) => {
      if (placeholder === "teamId") return undefined;
      // Setup manifest ids allow letters, digits, dot, underscore and hyphen only.
      if (placeholder === "manifestId") return /^[A-Za-z0-9._-]+$/.test(text) ? text : undefined;
      return (ADMIN_PREFIX[placeholder]?.(route) ?? "") + text;
    },
  },
  {
    name: "FORGE_OPERATIONS",
    routes: FORGE_OPERATIONS,
    invokers: FORGE_INVOKERS,
    prefix: "/v1/forge",
    good: (_route, placeholder) =>
      ({ owner: "acme", repo: "widgets", ref: "heads/main", path: "docs/a.md", basehead: "main", pullNumber: "7" })[
        placeholder
      ] ?? `${placeholder}-1`,
    argument: (placeholder) =>
      ({
        owner: "repository.owner",
        repo: "repository.repo",
        repoId: "repository.id",
        labelName: "name",
        basehead: "base",
      })[placeholder] ?? placeholder,
    kinds: { ref: "path", path: "path", basehead: "path", labelName: "name", treeSha: "name" },
    odd: (route, placeholder, text) => {
      // A comparison side cannot hold the `...` that joins the two; a deleted ref is a branch. A pull request
      // number is digits only (pull-number-path.test.ts), so it has no odd-but-valid form.
      if (placeholder === "basehead" && text.includes("...")) return undefined;
      if (placeholder === "pullNumber") return undefined;
      return route === "git.deleteRef" && placeholder === "ref" ? `heads/${text}` : text;
    },
  },
];

/** Values that must never reach a URL path. `a/b` is refused only where one id segment is expected. */
const BAD_TEXT = [
  "",
  " ",
  ".",
  "..",
  "\u002e\u002e",
  "%2e",
  "%2E%2e",
  ".%2e",
  "%2e.",
  "%2e%2e",
  "a/..",
  "../x",
  "./",
  "/",
  "..%2f",
  "..%2F",
  "a%2f..",
  "..%5c",
  "..\\",
  "\uD800",
];
const BAD_OTHER: unknown[] = [undefined, null, 42, {}, ["a"], Symbol("id")];
const ODD_TEXT = ["a b", "ü", "a%b", "x.y", "...", ".x", "a..b", "%zz", "%2"];

function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** The placeholders a sweep varies: the template's, plus `repoId` (the `{ id }` reference) beside `{owner}/{repo}`. */
function sweptPlaceholders(template: string): string[] {
  const names = placeholdersOf(template);
  return names.includes("owner") ? [...names, "repoId"] : names;
}

function valuesFor(
  table: Table,
  route: string,
  template: string,
  vary: string,
  value: unknown,
): Record<string, string> {
  const values: Record<string, unknown> = {};
  for (const name of placeholdersOf(template)) values[name] = table.good(route, name);
  if (vary === "repoId") {
    delete values.owner;
    delete values.repo;
  }
  values[vary] = value;
  return values as Record<string, string>;
}

/** What settling a call gave: the thrown or rejected value, or `undefined` when it resolved. */
async function outcomeOf(call: () => unknown): Promise<unknown> {
  try {
    const result = call();
    if (result && typeof (result as PromiseLike<unknown>).then === "function") await result;
    return undefined;
  } catch (error) {
    return error;
  }
}

async function clientsWith(fetch: FetchLike, organizationId: string): Promise<Clients> {
  const keys = await generateAppKeyPair();
  const common = { baseUrl: BASE_URL, fetch, maxRetries: 0 };
  return {
    agents: new AgentsClient({ apiKey: "test-key", ...common }),
    // No proactive budgets: the sweep sends hundreds of calls to families limited to 20 a minute.
    admin: new AdminClient({ apiKey: "team-key", rateBudgets: false, ...common }),
    org: new OrganizationClient({ apiKey: "org-key", organizationId, rateBudgets: false, ...common }),
    forge: new ForgeClient({ token: "user-token", ...common }),
    app: new ForgeApp({ appId: "app_1", privateKey: keys.privateKey, ...common }),
    publicKey: keys.publicKey,
  };
}

describe("the route-to-method table", () => {
  it("maps every route of the three tables to a public method that fills each of its placeholders", async () => {
    const clients = await clientsWith(async () => new Response(null, { status: 500 }), "org_1");
    const gaps: string[] = [];
    for (const table of TABLES) {
      for (const [route, { path }] of Object.entries(table.routes)) {
        const invoker = table.invokers[route];
        if (!invoker) {
          gaps.push(`${table.name}.${route}: no method`);
          continue;
        }
        const missing = placeholdersOf(path).filter((name) => !placeholdersFilled(invoker).has(name));
        if (missing.length > 0) gaps.push(`${table.name}.${route}: ${missing.join(", ")} not filled`);
        const good = Object.fromEntries(placeholdersOf(path).map((name) => [name, table.good(route, name)]));
        if (!invoker.method.startsWith("webhooks:") && !methodOf(clients, invoker, { owner: "a", repo: "b", ...good }))
          gaps.push(`${table.name}.${route}: ${invoker.method} is not a method`);
      }
      for (const route of Object.keys(table.invokers)) {
        if (!(route in table.routes)) gaps.push(`${table.name}.${route}: not a route`);
      }
    }
    expect(gaps).toEqual([]);
  });
});

describe("the issue's examples", () => {
  it("agents.delete, runs.create, runs.cancel and forge.repo(…).labels.list with `..` send nothing", async () => {
    const fake = createFakeService({ apiKeys: ["test-key"] });
    const clients = await clientsWith(fake.fetch, fake.admin.organizationId);
    const calls: Array<[string, () => unknown]> = [
      ["agentId", () => clients.agents.agents.delete("..")],
      ["agentId", () => clients.agents.runs.create("..", { prompt: { text: "hi" } })],
      ["agentId", () => clients.agents.runs.cancel("..", "..")],
      ["runId", () => clients.agents.runs.cancel("bc-1", "..")],
      ["repository.owner", () => clients.forge.repo("..", "..").labels.list()],
      ["repository.repo", () => clients.forge.repo("acme", "..").labels.list()],
    ];
    const outcomes = [];
    for (const [argument, call] of calls) {
      const error = await outcomeOf(call);
      outcomes.push({ argument: (error as ValidationError).path, rule: (error as ValidationError).rule });
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).path).toBe(argument);
    }
    expect(outcomes.every(({ rule }) => rule === "path_segment")).toBe(true);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("a bad path value is refused before the network, naming the argument", () => {
  let sent = 0;
  let clients: Clients;
  beforeAll(async () => {
    const fake = createFakeService({ apiKeys: ["test-key"] });
    clients = await clientsWith((request) => {
      sent += 1;
      return fake.fetch(request);
    }, fake.admin.organizationId);
  });

  it.each(TABLES.map((table) => [table.name, table] as const))(
    "%s: every placeholder × every bad value",
    async (_, table) => {
      const wrong: string[] = [];
      let cases = 0;
      for (const [route, { path }] of Object.entries(table.routes)) {
        const invoker = table.invokers[route];
        if (!invoker || placeholdersOf(path).length === 0) continue;
        for (const placeholder of sweptPlaceholders(path)) {
          const kind = table.kinds[placeholder] ?? "id";
          // Team ids are numbers: 42 is a good one.
          const other = placeholder === "teamId" ? BAD_OTHER.filter((value) => value !== 42) : BAD_OTHER;
          const bad = [...BAD_TEXT, ...(kind === "id" ? ["a/b"] : []), ...other];
          for (const value of bad) {
            cases += 1;
            const values = valuesFor(table, route, path, placeholder, value);
            const error = await outcomeOf(() => invoke(clients, invoker, values));
            const argument = table.argument(placeholder);
            if (!(error instanceof ValidationError) || error.path !== argument) {
              const got = isAgentlineError(error) ? `${error.name} ${error.message}` : String(error);
              wrong.push(`${route} {${placeholder}} = ${JSON.stringify(String(value))}: ${got}`);
            }
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(cases).toBeGreaterThan(0);
      expect(sent).toBe(0);
    },
  );
});

describe("odd but valid values reach the URL as exactly the intended segments", () => {
  let recorded: Request[] = [];
  let clients: Clients;
  beforeAll(async () => {
    clients = await clientsWith(async (request) => {
      recorded.push(request);
      return Response.json({ code: "not_found", message: "nothing here" }, { status: 404 });
    }, "org_1");
  });

  /** The path segments the route should produce, decoded: each placeholder exactly one segment (a path: its own). */
  function intended(table: Table, template: string, values: Record<string, string>): string[] {
    const filled = { ...values };
    if ("repoId" in values) Object.assign(filled, { owner: "_", repo: values.repoId });
    if (filled.basehead !== undefined) filled.basehead = `${filled.basehead}...main`;
    const segments = (table.prefix + template).split("/").slice(1);
    return segments.flatMap((segment) => {
      const whole = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (whole && table.kinds[whole] === "path") return (filled[whole] as string).split("/");
      return [segment.replace(/\{(\w+)\}/g, (_, name: string) => filled[name] as string)];
    });
  }

  it.each(TABLES.map((table) => [table.name, table] as const))(
    "%s: every placeholder × odd values",
    async (_, table) => {
      const wrong: string[] = [];
      let checked = 0;
      for (const [route, { method, path }] of Object.entries(table.routes)) {
        const invoker = table.invokers[route];
        if (!invoker || placeholdersOf(path).length === 0) continue;
        for (const placeholder of sweptPlaceholders(path)) {
          const kind = table.kinds[placeholder] ?? "id";
          const texts = [...ODD_TEXT, ...(kind === "id" ? [] : ["a/b", "a/b.c/d"])];
          for (const text of texts) {
            const value = table.odd(route, placeholder, text);
            if (value === undefined) continue;
            const values = valuesFor(table, route, path, placeholder, value);
            recorded = [];
            const error = await outcomeOf(() => invoke(clients, invoker, values));
            const request = recorded[0];
            if (!request) {
              wrong.push(`${route} {${placeholder}} = ${JSON.stringify(value)}: not sent (${String(error)})`);
              continue;
            }
            checked += 1;
            const actual = new URL(request.url).pathname.split("/").slice(1).map(decodeURIComponent);
            const expected = intended(table, path, values);
            if (request.method !== method || JSON.stringify(actual) !== JSON.stringify(expected)) {
              wrong.push(
                `${route} {${placeholder}} = ${JSON.stringify(value)}: ${request.method} ${JSON.stringify(actual)}`,
              );
            }
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    },
  );
});
