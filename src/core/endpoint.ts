import { checkOptions, type OptionRule } from "./arguments.js";
import { AgentlineError } from "./errors.js";
import type { BaseClientOptions, CredentialsMode, FetchLike } from "./options.js";

// Where a client's requests go and how they leave: the base URL, the `fetch`, the `credentials` mode.

/** Resolves the `fetch` to use, or explains how to provide one. */
export function resolveFetch(custom: BaseClientOptions["fetch"]): FetchLike {
  if (custom) return custom;
  if (typeof globalThis.fetch !== "function") {
    throw new AgentlineError(
      "No global `fetch` in this runtime: pass `fetch` in the client options (Node ≥ 18, browsers, Deno, Bun and Workers have one).",
      { code: "missing_fetch" },
    );
  }
  // Called through globalThis: some runtimes throw "Illegal invocation" for a detached fetch.
  return (request) => globalThis.fetch(request);
}

/** The address of the page (or worker) the code runs in, when there is one. */
function pageAddress(): string | undefined {
  try {
    const href = (globalThis as { location?: { href?: unknown } }).location?.href;
    return typeof href === "string" ? href : undefined;
  } catch {
    return undefined; // Deno without --location throws on reading `location`.
  }
}

/**
 * The absolute base URL of a client (trailing `/` and `/v1` dropped). With `allowPath` (an AgentsClient in relay
 * mode), a path such as `/api/agents` is resolved against the page's address; without a page it is refused.
 */
export function resolveBaseUrl(baseUrl: unknown, allowPath: boolean): string {
  let url = baseUrl;
  const isPath = typeof url === "string" && url.startsWith("/") && !url.startsWith("//");
  if (isPath && allowPath) {
    const page = pageAddress();
    if (page === undefined) {
      throw new AgentlineError(
        "`baseUrl` is a path, and there is no page address (`location`) to resolve it against: pass an absolute URL.",
        { code: "invalid_option" },
      );
    }
    url = new URL(url as string, page).href;
  }
  if (typeof url !== "string" || !/^https?:\/\//i.test(url)) {
    const hint = isPath ? " A path is accepted only by an AgentsClient without `apiKey` (relay mode)." : "";
    throw new AgentlineError(
      `\`baseUrl\` must be an http(s) origin such as \`https://api.example.com\` (without /v1).${hint}`,
      { code: "invalid_option" },
    );
  }
  if (/^https?:\/\/[^/?#]*@/i.test(url)) {
    throw new AgentlineError("`baseUrl` must not carry credentials (user:password@): pass the key as `apiKey`.", {
      code: "invalid_option",
    });
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not echoed: a malformed address may still carry a token in its query.
    throw new AgentlineError("`baseUrl` is not a valid URL (a host, and a port of at most 65535).", {
      code: "invalid_option",
    });
  }
  if (parsed.search !== "" || parsed.hash !== "" || url.includes("?") || url.includes("#")) {
    // Each request's path and query are added after the base: a query or fragment in it would swallow them.
    throw new AgentlineError("`baseUrl` must not carry a query or fragment (`?…`, `#…`): give the address alone.", {
      code: "invalid_option",
    });
  }
  // `/v1/forge` too: the forge spec calls `{base_url}/v1/forge` its prefix, and the clients add it themselves.
  return parsed.href.replace(/\/+$/, "").replace(/\/v1(?:\/forge)?$/, "");
}

const CREDENTIALS_MODES: readonly unknown[] = ["omit", "same-origin", "include"];
const CREDENTIALS_OPTION: OptionRule = [
  (value) => CREDENTIALS_MODES.includes(value),
  'one of "omit", "same-origin", "include"',
];

/** Checks `options.credentials` (the `RequestCredentials` of every request) and returns it. */
export function requestCredentials(options: BaseClientOptions): CredentialsMode | undefined {
  checkOptions(options, "options", { credentials: CREDENTIALS_OPTION });
  return options.credentials;
}
