import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
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

/** The largest 64-bit integer (signed, as the forge's int64 fields): the bound of every number sent as a string. */
export const INT64_MAX = "9223372036854775807";

/** Whether a string of ASCII digits stays within a signed 64-bit integer (compared as text: no Number rounding). */
export function fitsInt64(digits: string): boolean {
  const significant = digits.replace(/^0+(?=\d)/, "");
  return significant.length < INT64_MAX.length || (significant.length === INT64_MAX.length && significant <= INT64_MAX);
}

/** A 64-bit integer sent as a JSON string of digits (pull request and version numbers). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § What the service does) */
// @__NO_SIDE_EFFECTS__
export function digitString(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string of digits such as "42" (64-bit numbers travel as strings)`),
    v.regex(/^[0-9]+$/, `[digits] ${label} must be a string of digits such as "42"`),
    v.check(fitsInt64, `[int64] ${label} must be at most ${INT64_MAX}, a 64-bit integer`),
  );
}

/**
 * The path parameters of an operation on one pull request: `pullNumber` must be a string (a number would be sent as
 * its rounded decimal text) within a signed 64-bit integer. Its characters are checked by the path (`digits`), as
 * every other parameter is.
 */
export const PullNumberParamsSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    v.looseObject({
      pullNumber: v.pipe(
        v.unknown(),
        v.rawCheck(({ dataset, addIssue }) => {
          const value: unknown = dataset.value;
          if (typeof value !== "string" || value.trim() === "") {
            addIssue({
              message:
                '[required] `pullNumber` must be a non-empty string of digits such as "42" (64-bit numbers travel as strings)',
            });
          } else if (/^[0-9]+$/.test(value) && !fitsInt64(value)) {
            addIssue({ message: `[int64] \`pullNumber\` must be at most ${INT64_MAX}, a 64-bit integer` });
          }
        }),
      ),
    }),
    // Checked params are sent with numbers as their text: every other placeholder must stay as the path checks it
    // (an id is a string), so a number there is refused here as the path would refuse it.
    v.rawCheck(({ dataset, addIssue }) => {
      const params: unknown = dataset.value;
      if (!isPlainObject(params)) return;
      for (const [key, value] of Object.entries(params)) {
        if (key !== "pullNumber" && typeof value === "number") {
          addIssue({
            message: `[required] \`${key}\` must be a non-empty string`,
            path: [pathItem(params, key, value)],
          });
        }
      }
    }),
  ),
);

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
