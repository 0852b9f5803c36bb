import * as v from "valibot";
import { codePointText, httpUrl, notAnArray, pathItem } from "../../core/request-fields.js";
import { isPlainObject } from "../../core/validation.js";

// Building blocks only the Cloud Agents request schemas use (the shared ones are in core/request-fields.ts and
// core/request-rules.ts). Every message starts with `[rule_name] ` (see `toValidationIssues`)
// and names the field, never its value: an env var value, an MCP header or a secret must not end up in a
// log line. The issue's `path` says where the field sits, so labels are the local field name.

/**
 * A string of 1..`max` characters, counted in code points as JSON Schema's `maxLength` counts them (an emoji is one
 * character): counting UTF-16 units would refuse a 100-emoji name the service accepts.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Limits)
 */
// @__NO_SIDE_EFFECTS__
export function boundedText(label: string, max: number) {
  return codePointText(label, max, { required: true });
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** An absolute URI (anything `new URL` accepts, which requires a scheme). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § RepoConfig) */
// @__NO_SIDE_EFFECTS__
export function uriField(label: string) {
  return v.pipe(
    v.string(`[type] ${label} must be a string`),
    v.check((text) => parseUrl(text) !== undefined, `[uri] ${label} must be an absolute URI, such as https://…`),
  );
}

/** An http(s) address without `user:password@`: credentials belong in headers, not in a logged URL. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
// @__NO_SIDE_EFFECTS__
export function httpUrlWithoutUserinfoField(label: string) {
  return v.pipe(
    httpUrl(label),
    v.check((text) => {
      const url = parseUrl(text);
      return url === undefined || (url.username === "" && url.password === "");
    }, `[no_userinfo] ${label} must not contain a user name or password; send credentials in \`headers\` or \`auth\``),
  );
}

/** An object whose values are all strings; messages never quote a value (it may be a secret). @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list)) */
// @__NO_SIDE_EFFECTS__
export function stringMap(label: string) {
  const message = `[type] ${label} must be an object mapping names to string values`;
  return notAnArray(
    v.record(v.string(), v.string(`[type] every value in ${label} must be a string`), message),
    message,
  );
}

/**
 * The `name` of every object in the array is unique; a repeat is reported at `[i].name`.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § MCP server definitions (unique name within a list))
 */
// @__NO_SIDE_EFFECTS__
export function uniqueNames<TInput>(label: string): v.RawCheckAction<TInput> {
  return v.rawCheck<TInput>(({ dataset, addIssue }) => {
    const list: unknown = dataset.value;
    if (!Array.isArray(list)) return;
    const firstIndex = new Map<string, number>();
    list.forEach((item: unknown, index) => {
      if (!isPlainObject(item) || typeof item.name !== "string") return;
      const earlier = firstIndex.get(item.name);
      if (earlier === undefined) {
        firstIndex.set(item.name, index);
        return;
      }
      addIssue({
        message: `[unique] ${label} already has the name "${item.name}" at index ${earlier}; give each entry its own name`,
        path: [pathItem(list, index, item), pathItem(item, "name", item.name)],
      });
    });
  });
}
