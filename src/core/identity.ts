import { VERSION } from "./version.js";

/** Where the SDK runs, as far as it can tell without `process`. */
export type RuntimeKind = "browser" | "server";

/**
 * The runtime, read once per client from web-platform globals only: Deno and Bun name themselves, workerd and
 * Node ≥ 21 say who they are in `navigator.userAgent`, browsers say `Mozilla/…`. Without `navigator` at all (Node 20,
 * other server runtimes) it is a server of unknown name: every browser has a `navigator`.
 */
export function detectRuntime(): { kind: RuntimeKind; name: string | undefined } {
  const global = globalThis as { Deno?: { version?: { deno?: string } }; Bun?: { version?: string } };
  if (typeof global.Deno?.version?.deno === "string")
    return { kind: "server", name: `Deno/${global.Deno.version.deno}` };
  if (typeof global.Bun?.version === "string") return { kind: "server", name: `Bun/${global.Bun.version}` };
  const userAgent = typeof navigator === "undefined" ? undefined : navigator.userAgent;
  if (typeof userAgent !== "string") return { kind: "server", name: undefined };
  if (userAgent === "Cloudflare-Workers") return { kind: "server", name: "workerd" };
  if (userAgent.startsWith("Node.js/")) return { kind: "server", name: userAgent };
  if (userAgent.startsWith("Mozilla/")) return { kind: "browser", name: undefined };
  return { kind: "server", name: userAgent.split(" ", 1)[0] || undefined };
}

/**
 * The identifying header of every request. On server runtimes `User-Agent: agentline/<version> (<runtime>)`, after
 * the caller's own `User-Agent` when one is set (Octokit's habit). In browsers nothing by default: every header added
 * there that is not CORS-safelisted would cost each call a preflight; `identify: true` opts in to
 * `X-Agentline-Client` (pages cannot set `User-Agent` in every browser). `identify: false` sends nothing anywhere.
 */
export function identifyingHeaders(
  identify: boolean | undefined,
  callerUserAgent: string | undefined,
): Record<string, string> {
  if (identify === false) return {};
  const runtime = detectRuntime();
  const product = `agentline/${VERSION}`;
  if (runtime.kind === "browser") return identify ? { "x-agentline-client": `${product} (browser)` } : {};
  const ours = runtime.name ? `${product} (${runtime.name})` : product;
  return { "user-agent": callerUserAgent ? `${callerUserAgent} ${ours}` : ours };
}
