// Every Team Admin and Organization operation is named after the public method that sends it, as the Cloud Agents and
// forge operations are: `members.remove` on the AdminClient, `org.` + the method's path on the OrganizationClient.
// The name is what errors and log records say, so they name the method the caller called.
import { describe, expect, it } from "vitest";
import {
  ADMIN_OPERATIONS,
  AdminClient,
  type AdminOperation,
  type AdminOperationName,
  OrganizationClient,
} from "../../../src/admin/index.js";
import { ValidationError } from "../../../src/core/errors.js";
import type { FetchLike, LogRecord } from "../../../src/core/options.js";
import { matchRoute } from "../../../src/core/route-match.js";
import { methodNames } from "../core/argument-sweep.js";
import {
  ADMIN_INVOKERS,
  adminValues,
  type Clients,
  type Invoker,
  invoke,
  placeholdersFilled,
} from "../core/route-invokers.js";

const NAMES = Object.keys(ADMIN_OPERATIONS) as AdminOperationName[];

// Public methods that are no operation of their own: the raw `request`, the bulk retries (they resend their bulk
// method's operation) and capabilities' `set`, the base-class twin of the primary `update`.
const NOT_OPERATIONS = [
  "request",
  "org.request",
  "spendLimits.retryFailed",
  "org.teamMemberships.retryFailed",
  "assistantBot.capabilities.set",
];

function clientsWith(fetch: FetchLike, logged: LogRecord[] = []): Clients {
  const log = (_: string, record: LogRecord) => logged.push(record);
  const logger = { debug: log, info: log, warn: log, error: log };
  const common = { baseUrl: "https://admin.example.test", fetch, maxRetries: 0, rateBudgets: false as const, logger };
  const admin = new AdminClient({ apiKey: "team-key", ...common });
  const org = new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", ...common });
  // Only the two admin clients: every method path here starts at `admin` or `org`.
  return { admin, org } as Partial<Clients> as Clients;
}

/** Every public method path under a client (`assistantBot.teamRules.list`), found by walking the objects it holds. */
function methodPaths(value: object, path: string): string[] {
  const here = methodNames(value).map((name) => (path ? `${path}.${name}` : name));
  // `context` is the resources' protected client context, not part of the public surface.
  const children = Object.entries(value).filter(
    ([key, child]) => key !== "context" && typeof child === "object" && child !== null && methodNames(child).length > 0,
  );
  return [...here, ...children.flatMap(([key, child]) => methodPaths(child, path ? `${path}.${key}` : key))];
}

/** The invoker path of an operation's method: team operations hang off `admin`, organization ones already say `org.`. */
function invokerPath(name: AdminOperationName): string {
  return name.startsWith("org.") ? name : `admin.${name}`;
}

/** Valid placeholder values for an operation (`blank`: every one empty, which each method refuses). */
function values(name: AdminOperationName, blank = false): Record<string, string> {
  const valid = adminValues(name);
  return blank ? Object.fromEntries(Object.keys(valid).map((key) => [key, ""])) : valid;
}

/** What a call of `invoker` with `values` rejects with (a chunked bulk call's failed chunk: its cause). */
async function errorOf(clients: Clients, invoker: Invoker, values: Record<string, string>): Promise<unknown> {
  try {
    await invoke(clients, invoker, values);
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code === "bulk_partial_failure" ? (error as Error).cause : error;
  }
}

describe("admin operation names", () => {
  it("every operation is named after the method path that sends it (walked from both clients): 0 mismatches", async () => {
    let sent: Request[] = [];
    const logged: LogRecord[] = [];
    const clients = clientsWith(async (request) => {
      sent.push(request);
      return Response.json({ code: "not_found", message: "nothing here" }, { status: 404 });
    }, logged);
    const methods = [...methodPaths(clients.admin, ""), ...methodPaths(clients.org, "org")];
    const mismatches: string[] = [];
    for (const name of NAMES) {
      const operation = ADMIN_OPERATIONS[name];
      if (name.startsWith("org.") !== (operation.keyKind === "organization"))
        mismatches.push(`${name}: a ${operation.keyKind}-key operation under the wrong client`);
      if (!methods.includes(name)) {
        mismatches.push(`${name}: no such method`);
        continue;
      }
      if (ADMIN_INVOKERS[name]?.method !== invokerPath(name))
        mismatches.push(`${name}: route-invokers calls ${ADMIN_INVOKERS[name]?.method}`);
      sent = [];
      logged.length = 0;
      const error = await errorOf(
        clients,
        { method: invokerPath(name), args: ADMIN_INVOKERS[name]?.args },
        values(name),
      );
      const request = sent[0];
      const path = request && new URL(request.url).pathname;
      if (!request || matchRoute(ADMIN_OPERATIONS, request.method, path as string) !== operation)
        mismatches.push(`${name}: sent ${request ? `${request.method} ${path}` : `nothing (${String(error)})`}`);
      const operationsLogged = [...new Set(logged.map((record) => record.operation))];
      if (operationsLogged.join() !== name) mismatches.push(`${name}: logged as ${operationsLogged.join(", ")}`);
    }
    const others = methods.filter((method) => !Object.hasOwn(ADMIN_OPERATIONS, method));
    console.info(`admin operation names: ${NAMES.length} operations, ${methods.length} public methods walked`);
    expect(mismatches).toEqual([]);
    expect(others.sort()).toEqual([...NOT_OPERATIONS].sort());
    expect(NAMES.length).toBeGreaterThan(70);
  });

  it("an admin error names the method the caller called: every method with a response or a path, 0 otherwise", async () => {
    // A 200 whose body is no object breaks every response schema; blank path values break every path.
    const clients = clientsWith(async () => Response.json("surprise"));
    const wrong: string[] = [];
    const noBody: string[] = [];
    const unchecked: string[] = [];
    let checked = 0;
    // The methods come from the route-to-method table (path-segments.test.ts checks it reaches each route).
    for (const [name, invoker] of Object.entries(ADMIN_INVOKERS) as Array<[AdminOperationName, Invoker]>) {
      const method = invoker.method.replace(/^admin\./, "");
      const expectNamed = (error: unknown, direction: "request" | "response") => {
        checked += 1;
        const named =
          error instanceof ValidationError && error.direction === direction && error.message.startsWith(`${method}: `);
        if (!named) wrong.push(`${method} (${direction}): ${String(error)}`);
      };
      const answered = await errorOf(clients, invoker, values(name));
      if (answered === undefined) noBody.push(name);
      else expectNamed(answered, "response");
      const hasPath = placeholdersFilled(invoker).size > 0;
      if (hasPath) expectNamed(await errorOf(clients, invoker, values(name, true)), "request");
      if (answered === undefined && !hasPath) unchecked.push(method);
    }
    console.info(`admin error contexts: ${checked} errors checked`);
    expect(wrong).toEqual([]);
    // The calls that read no body are exactly the operations without a response schema.
    expect(noBody.sort()).toEqual(
      NAMES.filter((name) => (ADMIN_OPERATIONS[name] as AdminOperation).response === undefined).sort(),
    );
    // Nothing to refuse and nothing to read: enable and disable take no input and answer no body.
    expect(unchecked).toEqual(["assistantBot.enable", "assistantBot.disable"]);
    expect(checked).toBeGreaterThan(90);
  });
});
