import { type AgentsOperationName, matchAgentsOperation } from "../agents/operations.js";
import type { HttpMethod, OperationTable } from "../core/operation.js";

/** What a page request names: an exposed operation with its path params, a path served under other methods, or nothing. */
export type RelayRoute =
  | { kind: "operation"; name: AgentsOperationName; params: Record<string, string> }
  | { kind: "method_not_allowed"; allow: string[] }
  | { kind: "not_found" };

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** The service path below `basePath` (`/api/agents/v1/agents` → `/v1/agents`), or `undefined` outside it. */
function servicePath(pathname: string, basePath: string): string | undefined {
  if (basePath === "") return pathname;
  if (pathname === basePath) return "/";
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
}

/**
 * The path's `{placeholder}` values, percent-decoded (the page's client encoded them). The path is known to match the
 * template; a value that is not valid percent-encoding stays as sent, for the segment rules to judge.
 */
function pathParams(template: string, path: string): Record<string, string> {
  const names = template.split("/");
  const values = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).split("/");
  const params: Record<string, string> = {};
  names.forEach((segment, index) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name === undefined) return;
    const value = values[index] ?? "";
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  });
  return params;
}

/**
 * Routes a page request with the client's operation table (`routes` overrides included): an exposed operation; 405
 * with the methods exposed at that path; or 404 for a path outside `basePath`, unknown, or with nothing exposed.
 */
export function routeRelayRequest(
  method: string,
  pathname: string,
  basePath: string,
  table: OperationTable,
  allowed: ReadonlySet<string>,
): RelayRoute {
  const path = servicePath(pathname, basePath);
  if (path === undefined) return { kind: "not_found" };
  const name = matchAgentsOperation(method, path, table);
  if (name !== undefined && allowed.has(name)) {
    return { kind: "operation", name, params: pathParams((table[name] as { path: string }).path, path) };
  }
  // The methods this relay serves at the path: an operation not exposed is, to the page, not there at all.
  const allow = METHODS.filter((other) => {
    const match = matchAgentsOperation(other, path, table);
    return match !== undefined && allowed.has(match);
  });
  return allow.length > 0 ? { kind: "method_not_allowed", allow } : { kind: "not_found" };
}
