import { ValidationError } from "./errors.js";
import { LONE_SURROGATE } from "./paths.js";

// What a query becomes on the wire. `URLSearchParams` never refuses a value: it sends `[object Object]` for an object
// and turns a lone surrogate into U+FFFD, so the service would get another value than the caller's, silently (a
// cursor the service wrote with a `\ud800` escape included). Such a value is refused instead, before the network.

/** Query values; `undefined` entries are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;

/** Why `value` cannot be sent as query text, or undefined. */
function valueProblem(value: unknown): [rule: string, message: string] | undefined {
  if (typeof value === "number" || typeof value === "boolean") return undefined;
  if (typeof value !== "string") return ["type", "must be a string, a number or a boolean (or an array of them)"];
  if (LONE_SURROGATE.test(value)) return ["well_formed", "must be well-formed Unicode (it holds a lone surrogate)"];
  return undefined;
}

/** The `?…` text of a query (empty without one); `undefined` and `null` values are left out, arrays repeat the key. */
export function queryString(query: Record<string, QueryValue> | undefined, operation: string): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const problem = valueProblem(item);
      if (problem) {
        throw new ValidationError([{ path: key, rule: problem[0], message: `\`${key}\` ${problem[1]}` }], {
          context: operation,
        });
      }
      params.append(key, String(item));
    }
  }
  return params.toString();
}
