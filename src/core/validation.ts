import { ValidationError, type ValidationIssue } from "./errors.js";

/**
 * Collects broken request rules so that one `ValidationError` names all of them. Checks are plain
 * functions over `unknown` input: callers in plain JavaScript get the same protection as TypeScript.
 */
export class IssueList {
  readonly issues: ValidationIssue[] = [];

  add(path: string, rule: string, message: string): void {
    this.issues.push({ path, rule, message });
  }

  get ok(): boolean {
    return this.issues.length === 0;
  }

  /** Throws a request `ValidationError` when any rule was broken; nothing is sent then. */
  throwIfAny(context: string): void {
    if (this.issues.length > 0) throw new ValidationError(this.issues, { direction: "request", context });
  }
}

/** Joins a path and a key the way issues print them: `a.b`, `a[3]`. */
export function joinPath(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}[${key}]`;
  return base === "" ? key : `${base}.${key}`;
}

const encoder = new TextEncoder();

/** Length in UTF-8 bytes, counted from the string itself. */
export function utf8ByteLength(text: string): number {
  return encoder.encode(text).byteLength;
}

/** How many bytes a base64 (or base64url) string decodes to, computed from its length alone. */
export function base64DecodedLength(text: string): number {
  const clean = text.replace(/\s+/g, "");
  let padding = 0;
  if (clean.endsWith("==")) padding = 2;
  else if (clean.endsWith("=")) padding = 1;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/** A non-null object that is not an array, nor a revoked `Proxy` (see `isObject`). */
export { isObject as isPlainObject } from "./arguments.js";
