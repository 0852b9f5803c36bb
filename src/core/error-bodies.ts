import { isPlainObject } from "./validation.js";

/** What every API's error body boils down to. */
export interface ParsedErrorBody {
  code: string;
  message: string;
  helpUrl?: string | undefined;
  provider?: string | undefined;
  requestId?: string | undefined;
  fieldViolations?: Array<{ field: string; description: string }> | undefined;
  /** The body as received: parsed JSON, or its text cut to 200 characters. */
  body: unknown;
}

const STATUS_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  408: "request_timeout",
  409: "conflict",
  410: "gone",
  413: "payload_too_large",
  422: "unprocessable_entity",
  429: "rate_limit_exceeded",
  500: "internal_error",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};

/** A code for bodies that carry none of their own (`{code: 'error'}` admin bodies, plain text, …). */
export function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? "internal_error" : `http_${status}`);
}

// The forge's RPC-style numeric codes. The spec shows 5 (not found) and 8 (rate limit); the rest
// follow the canonical RPC code table it is modelled on (assumed, listed in the README).
const RPC_CODES = [
  "ok",
  "cancelled",
  "unknown",
  "invalid_argument",
  "deadline_exceeded",
  "not_found",
  "already_exists",
  "permission_denied",
  "resource_exhausted",
  "failed_precondition",
  "aborted",
  "out_of_range",
  "unimplemented",
  "internal",
  "unavailable",
  "data_loss",
  "unauthenticated",
] as const;

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** Cloud Agents: `{error: {code, message, helpUrl?, provider?}}`. @see {@link https://github.com/agentline/agentline#errors | README: Errors} (spec: Cloud Agents API § Errors) */
function parseAgentsBody(json: Record<string, unknown>): Omit<ParsedErrorBody, "body"> | undefined {
  const error = json.error;
  if (!isPlainObject(error)) return undefined;
  const code = str(error.code);
  const message = str(error.message);
  if (code === undefined && message === undefined) return undefined;
  return { code: code ?? "", message: message ?? "", helpUrl: str(error.helpUrl), provider: str(error.provider) };
}

/**
 * Admin: `{code: 'error', message}`, `{error: string}` or `{outcome: 'error', message}`.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Errors)
 */
function parseAdminBody(json: Record<string, unknown>, status: number): Omit<ParsedErrorBody, "body"> | undefined {
  if (typeof json.error === "string") return { code: codeForStatus(status), message: json.error };
  if (json.outcome === "error") return { code: codeForStatus(status), message: str(json.message) ?? "" };
  if (json.code === "error") return { code: codeForStatus(status), message: str(json.message) ?? "" };
  return undefined;
}

/**
 * Forge: `{code: integer, message, details: []}`; `details` may hold field violations and a
 * request-info entry. Unknown entry types are ignored. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Errors)
 */
function parseForgeBody(json: Record<string, unknown>): Omit<ParsedErrorBody, "body"> | undefined {
  if (typeof json.code !== "number" || !Number.isInteger(json.code)) return undefined;
  const fieldViolations: Array<{ field: string; description: string }> = [];
  let requestId: string | undefined;
  for (const entry of Array.isArray(json.details) ? json.details : []) {
    if (!isPlainObject(entry)) continue;
    if (Array.isArray(entry.fieldViolations)) {
      for (const violation of entry.fieldViolations) {
        if (!isPlainObject(violation)) continue;
        fieldViolations.push({ field: str(violation.field) ?? "", description: str(violation.description) ?? "" });
      }
    }
    requestId ??= str(entry.requestId);
  }
  return {
    code: RPC_CODES[json.code] ?? `rpc_${json.code}`,
    message: str(json.message) ?? "",
    requestId,
    fieldViolations: fieldViolations.length ? fieldViolations : undefined,
  };
}

/** How much of a non-JSON error body is kept. */
const SNIPPET_LENGTH = 200;
/** How much of it is redacted before the cut, so a secret straddling the cut is still found whole. */
const REDACT_WINDOW = 8 * 1024;

/**
 * Reads any of the three APIs' error bodies. A body that is none of them still gives a useful
 * result: a code from the status and the first 200 characters of the text as the message.
 * `redact` sees the parsed JSON (every string and key) or the text before it is cut.
 */
export function parseErrorBody(
  status: number,
  text: string,
  redact: <T>(value: T) => T = (value) => value,
): ParsedErrorBody {
  let json: unknown;
  try {
    json = text === "" ? undefined : redact(JSON.parse(text));
  } catch {
    json = undefined;
  }
  if (isPlainObject(json)) {
    const parsed = parseAgentsBody(json) ?? parseForgeBody(json) ?? parseAdminBody(json, status);
    if (parsed) return { ...parsed, code: parsed.code || codeForStatus(status), body: json };
  }
  const snippet = redact(text.slice(0, REDACT_WINDOW)).slice(0, SNIPPET_LENGTH);
  return {
    code: codeForStatus(status),
    message: snippet.trim() === "" ? `HTTP ${status} with no error body` : snippet,
    body: json ?? snippet,
  };
}
