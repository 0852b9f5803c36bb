import { ValidationError } from "../core/errors.js";

/**
 * A list or usage query as given, refused when it is an array: valibot's object schemas take one, and its indexes
 * would go out as query keys (`?0=…`) with the documented filters silently missing. Anything else is left to the
 * operation's query schema.
 */
export function queryArgument<T>(params: T, name: string, operation: string): T {
  if (Array.isArray(params)) {
    const message = `\`${name}\` must be an object of query parameters or omitted; got an array`;
    throw new ValidationError([{ path: name, rule: "type", message }], { context: operation });
  }
  return params;
}
