import * as v from "valibot";
import { pathItem, requiredText } from "../../core/request-fields.js";
import { isPlainObject } from "../../core/validation.js";
import { parseRfc3339 } from "../check-runs/timestamps.js";

// Building blocks only the Code Forge request schemas use (the shared ones are in core/request-fields.ts and
// core/request-rules.ts). As everywhere in agentline, each message starts with `[rule_name] `
// and names the field, never its value; the issue's `path` says where the field sits.

const FULL_SHA = /^(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/;

/** Whether `text` is a full commit id: 40 (SHA-1) or 64 (SHA-256) hex digits. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function isFullSha(text: string): boolean {
  return FULL_SHA.test(text);
}

/** A full commit id, 40 or 64 hex digits. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
// @__NO_SIDE_EFFECTS__
export function fullSha(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check(isFullSha, `[full_sha] ${label} must be a full commit SHA: 40 or 64 hex digits, not an abbreviation`),
  );
}

/** A 64-bit integer sent as a JSON string of digits (pull request and version numbers). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
// @__NO_SIDE_EFFECTS__
export function digitString(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string of digits such as "42" (64-bit numbers travel as strings)`),
    v.regex(/^\d+$/, `[digits] ${label} must be a string of digits such as "42"`),
  );
}

/** An RFC 3339 timestamp such as 2025-01-31T12:00:00Z. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
// @__NO_SIDE_EFFECTS__
export function timestampField(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be an RFC 3339 timestamp string`),
    v.check(
      (text) => parseRfc3339(text) !== undefined,
      `[timestamp] ${label} must be an RFC 3339 timestamp such as 2025-01-31T12:00:00Z`,
    ),
  );
}

/** An array of non-empty strings. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Endpoints) */
// @__NO_SIDE_EFFECTS__
export function stringList(label: string) {
  return v.array(requiredText(`every entry of ${label}`), `[type] ${label} must be an array of strings`);
}

/** A field the forge removed: refused at its own path with a message naming its replacement. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Versioning) */
// @__NO_SIDE_EFFECTS__
export function removedField<TInput>(field: string, replacement: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const body: unknown = dataset.value;
    if (!isPlainObject(body) || body[field] === undefined) return;
    addIssue({
      message: `[removed_field] \`${field}\` was removed from the forge API; use ${replacement} instead`,
      path: [pathItem(body, field, body[field])],
    });
  });
}

const PEM_SPKI = /^-----BEGIN PUBLIC KEY-----\r?\n(?:[A-Za-z0-9+/=]+\r?\n)+-----END PUBLIC KEY-----\s*$/;

/** A PEM SPKI public key; a private key is refused before anything is sent. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Credentials) */
// @__NO_SIDE_EFFECTS__
export function pemPublicKey(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a PEM string`),
    v.check(
      (text) => !text.includes("PRIVATE KEY-----"),
      `[private_key] ${label} is a private key; register only the PEM SPKI public key (-----BEGIN PUBLIC KEY-----) and keep the private key with the app`,
    ),
    v.check(
      (text) => text.includes("PRIVATE KEY-----") || PEM_SPKI.test(text.trim()),
      `[pem_spki] ${label} must be a PEM SPKI public key: -----BEGIN PUBLIC KEY-----, base64 lines, -----END PUBLIC KEY-----`,
    ),
  );
}

/** Why `ref` is not a branch ref in refs/heads/<b> or heads/<b> form, or undefined when it is one. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function branchRefProblem(ref: string): string | undefined {
  if (ref.startsWith("refs/tags/") || ref.startsWith("tags/")) return "is a tag; only branches can be created here";
  const branch = ref.startsWith("refs/heads/") ? ref.slice(11) : ref.startsWith("heads/") ? ref.slice(6) : undefined;
  if (branch === undefined) return "must be refs/heads/<branch> or heads/<branch>";
  if (branch === "") return "names no branch after heads/";
  return undefined;
}
