import type { FaultKind } from "./faults.js";
import type { RequestBody } from "./router.js";

/** One request as the fake received it, with secrets redacted. */
export interface LoggedRequest {
  method: string;
  /** The path without query, e.g. `/v1/agents/bc-…/runs`. */
  path: string;
  /** Query parameters (the last value wins for a repeated name). */
  query: Record<string, string>;
  /** Lower-case names; `authorization` (and cookies) read `[REDACTED]`. */
  headers: Record<string, string>;
  /** Parsed JSON with secret values redacted; `undefined` without a body; a note for non-JSON. */
  body: unknown;
  /** The fake clock when it arrived. */
  at: number;
  /** The fault that hit it, other than latency, if any. */
  fault?: FaultKind;
}

/** What replaces a secret in the log. */
export const REDACTED = "[REDACTED]";

const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);

function redactValues(record: unknown): unknown {
  if (record === undefined) return undefined;
  // A malformed value (a string, an array) is still a secret's place: hide it whole.
  if (typeof record !== "object" || record === null || Array.isArray(record)) return REDACTED;
  return Object.fromEntries(Object.keys(record).map((key) => [key, REDACTED]));
}

// Secret-bearing fields of the request bodies: envVars values, and an MCP server's env, headers and
// client secret. Their names stay visible so tests can still assert what was sent.
function redactMcpServers(servers: unknown): unknown {
  if (!Array.isArray(servers)) return servers;
  return servers.map((server: unknown) => {
    if (typeof server !== "object" || server === null) return server;
    const copy: Record<string, unknown> = { ...(server as Record<string, unknown>) };
    if ("env" in copy) copy.env = redactValues(copy.env);
    if ("headers" in copy) copy.headers = redactValues(copy.headers);
    const auth = copy.auth;
    if (typeof auth === "object" && auth !== null && "CLIENT_SECRET" in auth)
      copy.auth = { ...auth, CLIENT_SECRET: REDACTED };
    return copy;
  });
}

/** A copy of a request body safe to keep in the log. */
export function redactBody(body: RequestBody, byteLength: number): unknown {
  if (body.kind === "none") return undefined;
  // Unparseable text could hold anything, secrets included: log only its size.
  if (body.kind === "invalid") return `[invalid JSON, ${byteLength} bytes]`;
  const value = body.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return structuredClone(value);
  const copy: Record<string, unknown> = structuredClone(value as Record<string, unknown>);
  if ("envVars" in copy) copy.envVars = redactValues(copy.envVars);
  if ("mcpServers" in copy) copy.mcpServers = redactMcpServers(copy.mcpServers);
  return copy;
}

/** The headers of a request as a plain record, secrets redacted. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRET_HEADERS.has(name) ? REDACTED : value;
  });
  return out;
}

/** Parses a request body's text: empty is "none", JSON is parsed, anything else is "invalid". */
export function parseBody(text: string): RequestBody {
  if (text.trim() === "") return { kind: "none" };
  try {
    return { kind: "json", value: JSON.parse(text) as unknown };
  } catch {
    return { kind: "invalid" };
  }
}
