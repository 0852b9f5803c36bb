import { shownName } from "./arguments.js";
import { AgentlineError } from "./errors.js";
import type { Operation, OperationTable, RouteOverride } from "./operation.js";

// The clients' `routes` option: per-operation method and path overrides, checked and merged into a table once.

const METHODS: ReadonlySet<string> = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * The table with the caller's `routes` overrides applied (an overridden entry is no longer `assumed`). An unknown
 * operation name, method or a path that is not a `/`-rooted string is refused: a typo would otherwise be ignored.
 */
export function resolveOperations<T extends OperationTable>(table: T, overrides: unknown, what: string): T {
  if (overrides === undefined) return table;
  if (typeof overrides !== "object" || overrides === null || Array.isArray(overrides)) {
    throw new AgentlineError(`${what}: \`routes\` must be an object of operation names to { method, path }.`, {
      code: "invalid_option",
    });
  }
  const out: Record<string, Operation> = { ...table };
  for (const [name, override] of Object.entries(overrides as Record<string, unknown>)) {
    const entry = Object.hasOwn(table, name) ? table[name] : undefined;
    if (entry === undefined) {
      throw new AgentlineError(
        `${what}: \`routes\` names an unknown operation ${shownName(name, (word) => `\`${word}\``)}.`,
        {
          code: "invalid_option",
        },
      );
    }
    // A bare string (`{ "pulls.merge": "/x" }`) would otherwise be read as "no change" and silently ignored.
    if (typeof override !== "object" || override === null || Array.isArray(override)) {
      throw new AgentlineError(`${what}: \`routes["${name}"]\` must be an object \`{ method?, path? }\`.`, {
        code: "invalid_option",
      });
    }
    const { method, path } = override as RouteOverride;
    if (method !== undefined && !METHODS.has(method)) {
      throw new AgentlineError(`${what}: \`routes["${name}"].method\` must be one of ${[...METHODS].join(", ")}.`, {
        code: "invalid_option",
      });
    }
    if (path !== undefined && (typeof path !== "string" || !path.startsWith("/"))) {
      throw new AgentlineError(`${what}: \`routes["${name}"].path\` must be a string starting with \`/\`.`, {
        code: "invalid_option",
      });
    }
    out[name] = { ...entry, method: method ?? entry.method, path: path ?? entry.path, assumed: false };
  }
  return out as T;
}
