import { AgentsClient } from "../agents/client.js";
import { agentsClientContexts, keylessAgentsClients } from "../agents/client-context.js";
import type { AgentsContext, AgentsOperationName } from "../agents/operations.js";
import { isObject } from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import type { FetchLike } from "../core/options.js";
import { MAX_TIMER_DELAY_MS } from "../core/wait.js";

/** The operations a relay exposes unless `operations` says otherwise: read an agent and its runs, follow up, cancel. */
export const DEFAULT_RELAY_OPERATIONS: readonly AgentsOperationName[] = Object.freeze([
  "agents.get",
  "runs.list",
  "runs.get",
  "runs.stream",
  "runs.create",
  "runs.cancel",
]);

/** What `authorize` is told about one page request, before anything goes upstream. */
export interface RelayAuthorizeContext {
  /** The Cloud Agents operation the request names (`"runs.create"`). */
  operation: AgentsOperationName;
  /** The agent in the path, decoded; `undefined` for operations without one. */
  agentId: string | undefined;
  /** The run in the path, decoded; `undefined` for operations without one. */
  runId: string | undefined;
  /** The JSON body as the page sent it (not yet checked against the operation's schema); `undefined` without one. */
  body: unknown;
}

/**
 * Decides whether the page's user may call an operation: `true` lets it through, `false` answers 403, a `Response` is
 * answered as it is (a 401 that asks to sign in, say). Anything else counts as `false`. The request's body has been
 * read: use `context.body`.
 */
export type RelayAuthorize<Env = unknown, Ctx = unknown> = (
  request: Request,
  context: RelayAuthorizeContext,
  env: Env,
  ctx: Ctx,
) => boolean | Response | Promise<boolean | Response>;

/** The credentials a relay can take instead of a client: it then makes its own `AgentsClient`. */
export interface RelayCredentials {
  apiKey: string;
  baseUrl: string;
  fetch?: FetchLike | undefined;
}

/** Options of `createAgentsRelay`. */
export interface AgentsRelayOptions<Env = unknown, Ctx = unknown> {
  /** The client holding the key (its `routes`, retries and redaction apply), or the key and base URL to make one. */
  client: AgentsClient | RelayCredentials;
  /** Where the relay is mounted (`"/api/agents"`); the page's client takes it as `baseUrl`. Default `""` (the root). */
  basePath?: string | undefined;
  /** The operations the page may call, by name. Default {@link DEFAULT_RELAY_OPERATIONS}. */
  operations?: readonly AgentsOperationName[] | undefined;
  /** Asked about every request the relay would send upstream; required (pass `() => true` to allow all knowingly). */
  authorize: RelayAuthorize<Env, Ctx>;
  /** Request bodies above this many bytes are refused with 413 while they are read. Default 1 MiB. */
  maxBodyBytes?: number | undefined;
  /**
   * The time a page has to send its whole request body, in ms: a body still arriving then (trickled, or never ended)
   * is cut off with 408 `request_timeout` before anything goes upstream. Default 30 000.
   */
  bodyTimeoutMs?: number | undefined;
  /**
   * Origins besides the relay's own whose pages may use it: a relay on another origin than the page, e.g.
   * `["https://app.example.com"]` (exact origins: scheme, host and port, no path; never `*`). Those pages get CORS:
   * their preflights are answered (the methods the path serves, the client's headers, credentials allowed) and every
   * answer names their origin in `Access-Control-Allow-Origin`, with `Vary: Origin`. Any other origin gets no CORS
   * header (its page cannot read an answer), and its state-changing requests (POST, DELETE, …) are refused (403)
   * before `authorize`, so another site cannot act with your users' cookies. Default: none (same-origin pages only).
   */
  allowedOrigins?: readonly string[] | undefined;
  /** How often a streamed answer sends an SSE comment line while the service sends nothing. Default 15 000 ms; 0: never. */
  keepAliveMs?: number | undefined;
  /**
   * A run stream's service leg is given up when no byte (not even a heartbeat) comes from it for this long: the page's
   * body then ends and its client resumes through the relay, as it would after the same silence read directly (the
   * relay's keep-alives would otherwise hide a dead connection from the page's own watchdog). Default 45 000 ms, the
   * page client's `heartbeatTimeoutMs`; 0: never.
   */
  heartbeatTimeoutMs?: number | undefined;
}

/** The options, checked, with defaults filled in. */
export interface ResolvedRelayOptions<Env, Ctx> {
  client: AgentsClient;
  context: AgentsContext;
  basePath: string;
  allowed: ReadonlySet<string>;
  authorize: RelayAuthorize<Env, Ctx>;
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  keepAliveMs: number;
  heartbeatTimeoutMs: number;
  allowedOrigins: ReadonlySet<string>;
}

function invalidOption(message: string): AgentlineError {
  return new AgentlineError(`createAgentsRelay: ${message}`, { code: "invalid_option" });
}

function resolveClient(client: unknown): { client: AgentsClient; context: AgentsContext } {
  let resolved = client;
  if (isObject(client) && !(client instanceof AgentsClient)) {
    const { apiKey, baseUrl, fetch } = client as Partial<RelayCredentials>;
    if (typeof apiKey !== "string" || typeof baseUrl !== "string") {
      throw invalidOption("`client` must be an AgentsClient, or `{ apiKey, baseUrl, fetch? }` to make one.");
    }
    resolved = new AgentsClient({ apiKey, baseUrl, fetch });
  }
  const context = isObject(resolved) ? agentsClientContexts.get(resolved) : undefined;
  if (context === undefined) {
    throw invalidOption("`client` must be an AgentsClient (holding the key), or `{ apiKey, baseUrl, fetch? }`.");
  }
  if (keylessAgentsClients.has(resolved as object)) {
    throw invalidOption(
      "`client` holds no key (it was made without `apiKey`, for a page): give the relay a client with the key.",
    );
  }
  return { client: resolved as AgentsClient, context };
}

function resolveBasePath(basePath: unknown): string {
  if (basePath === undefined) return "";
  if (typeof basePath !== "string" || (basePath !== "" && !basePath.startsWith("/")) || /[?#]/.test(basePath)) {
    throw invalidOption("`basePath` must be a path starting with `/` (such as `/api/agents`), without `?` or `#`.");
  }
  return basePath.replace(/\/+$/, "");
}

function resolveAllowed(operations: unknown, table: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  if (operations === undefined) return new Set(DEFAULT_RELAY_OPERATIONS);
  if (!Array.isArray(operations)) {
    throw invalidOption('`operations` must be an array of operation names, such as `["runs.get", "runs.stream"]`.');
  }
  operations.forEach((name, index) => {
    if (typeof name !== "string" || !Object.hasOwn(table, name)) {
      throw invalidOption(`\`operations[${index}]\` is not a Cloud Agents operation name (\`${String(name)}\`).`);
    }
  });
  return new Set(operations as string[]);
}

function resolveOrigins(origins: unknown): ReadonlySet<string> {
  if (origins === undefined) return new Set();
  const isOrigin = (value: unknown) => {
    try {
      return typeof value === "string" && /^https?:/i.test(value) && new URL(value).origin === value;
    } catch {
      return false;
    }
  };
  if (!Array.isArray(origins) || !origins.every(isOrigin)) {
    throw invalidOption("`allowedOrigins` must be an array of origins such as `https://app.example.com` (no path).");
  }
  return new Set(origins as string[]);
}

function countOption(value: unknown, name: string, fallback: number, zeroAllowed: boolean): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < (zeroAllowed ? 0 : 1)) {
    throw invalidOption(`\`${name}\` must be an integer ${zeroAllowed ? ">= 0" : "> 0"}.`);
  }
  return value;
}

/**
 * A duration option in ms, checked as {@link countOption}. A value above what a timer holds (2³¹−1 ms, about 24.8
 * days) is lowered to it: Node would fire a longer timer after 1 ms, turning "practically never" into "at once".
 */
function timerOption(value: unknown, name: string, fallback: number, zeroAllowed: boolean): number {
  return Math.min(countOption(value, name, fallback, zeroAllowed), MAX_TIMER_DELAY_MS);
}

/** Checks the relay's options up front, each error naming the field (`invalid_option`). */
export function resolveRelayOptions<Env, Ctx>(options: unknown): ResolvedRelayOptions<Env, Ctx> {
  if (!isObject(options)) {
    throw invalidOption("pass an options object `{ client, basePath, authorize }`.");
  }
  const given = options as Partial<AgentsRelayOptions<Env, Ctx>> & { apiKey?: unknown };
  if (given.client === undefined) {
    const hint = given.apiKey !== undefined ? " (the key goes inside it: `client: { apiKey, baseUrl }`)" : "";
    throw invalidOption(`\`client\` is required: an AgentsClient, or \`{ apiKey, baseUrl, fetch? }\`${hint}.`);
  }
  if (typeof given.authorize !== "function") {
    throw invalidOption(
      "`authorize(request, { operation, agentId, runId, body })` is required: it decides what each page user may do (pass `() => true` to allow everything knowingly).",
    );
  }
  const { client, context } = resolveClient(given.client);
  return {
    client,
    context,
    basePath: resolveBasePath(given.basePath),
    allowed: resolveAllowed(given.operations, context.operations),
    authorize: given.authorize,
    maxBodyBytes: countOption(given.maxBodyBytes, "maxBodyBytes", 1_048_576, false),
    bodyTimeoutMs: timerOption(given.bodyTimeoutMs, "bodyTimeoutMs", 30_000, false),
    keepAliveMs: timerOption(given.keepAliveMs, "keepAliveMs", 15_000, true),
    heartbeatTimeoutMs: timerOption(given.heartbeatTimeoutMs, "heartbeatTimeoutMs", 45_000, true),
    allowedOrigins: resolveOrigins(given.allowedOrigins),
  };
}
