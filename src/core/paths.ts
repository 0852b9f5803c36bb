import { ValidationError } from "./errors.js";

/** Fills a path template's `{name}` placeholders with URL-encoded values. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route placeholder {${name}} has no value`);
    return encodeURIComponent(value);
  });
}

/** Throws a request `ValidationError` unless `value` is a non-empty string (an id in a path). */
export function requireId(value: unknown, field: string, operation: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ValidationError([{ path: field, rule: "required", message: `\`${field}\` must be a non-empty string` }], {
      context: operation,
    });
  }
  return value;
}
