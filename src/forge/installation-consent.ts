import { AgentlineError, ValidationError, type ValidationIssue } from "../core/errors.js";
import { base64Url } from "./base64url.js";
import { FORGE_USER_ONLY_SCOPES } from "./operations/entry.js";

// The first half of the installation flow: the consent address an app sends a workspace admin to, with a fresh
// anti-forgery `state` to keep until the callback, where `verifyInstallationReceipt({ expectedState })` checks
// the receipt carries it back. The spec names the address {install_url} but never gives it: it is an option.
// @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Installation flow)

/** What {@link createInstallationConsent} takes. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Installation flow) */
export interface InstallationConsentOptions {
  /** The installation consent address, `{install_url}`: the spec does not give it, so it is required. */
  installUrl: string | URL;
  /** `client_id`: your app id (`app_…`). */
  clientId: string;
  /** `scope`: the scopes to ask for (sent space-separated); the forge adds `repository:metadata:read` itself. */
  scopes: readonly string[];
  /** `redirect_uri`: the exact registered callback (an absolute URL); required for partner-initiated installs. */
  redirectUri?: string | URL | undefined;
  /** `summary`: a short reason shown at consent. */
  summary?: string | undefined;
  /** `include_granted_scopes`: true keeps the existing grants and asks only for additions. */
  includeGrantedScopes?: boolean | undefined;
  /**
   * `state`: default a fresh random value (32 bytes from WebCrypto, base64url). Pass your own only if it is
   * unguessable and bound to the admin's session (at least 16 characters).
   */
  state?: string | undefined;
}

/** The consent address, and the `state` to keep (in the admin's session) until the callback checks it. */
export interface InstallationConsent {
  /** Send the workspace admin here. */
  url: string;
  /** Pass it to `verifyInstallationReceipt({ expectedState })` when the callback arrives. */
  state: string;
}

/** The least length of a caller's own `state` (the default has 43 characters). */
const MIN_STATE_LENGTH = 16;

function absoluteUrl(value: unknown): URL | undefined {
  if (!(value instanceof URL) && typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

// Every broken rule of the options, each naming its field.
function issuesOf(options: InstallationConsentOptions): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (path: string, rule: string, message: string) => issues.push({ path, rule, message });
  if (!absoluteUrl(options.installUrl)) {
    add("installUrl", "required", "must be the consent address {install_url}, an absolute http(s) URL");
  }
  if (typeof options.clientId !== "string" || !/^\S+$/.test(options.clientId)) {
    add("clientId", "required", "must be your app id (app_…), without spaces");
  }
  const { scopes } = options;
  if (!Array.isArray(scopes) || scopes.length === 0) {
    add("scopes", "required", 'must list at least one scope, e.g. ["repository:contents:read"]');
  } else {
    scopes.forEach((scope: unknown, index) => {
      if (typeof scope !== "string" || !/^\S+$/.test(scope)) {
        add(`scopes[${index}]`, "scope", "must be a non-empty scope name without spaces");
      } else if (FORGE_USER_ONLY_SCOPES.has(scope)) {
        add(
          `scopes[${index}]`,
          "user_only_scope",
          `${scope} is carried only by user credentials; an app cannot ask for it`,
        );
      }
    });
  }
  if (options.redirectUri !== undefined) {
    const redirect = absoluteUrl(options.redirectUri);
    if (!redirect) add("redirectUri", "url", "must be the registered callback, an absolute http(s) URL");
    else if (redirect.hash !== "") add("redirectUri", "no_fragment", "must not carry a #fragment");
  }
  if (options.summary !== undefined && typeof options.summary !== "string") {
    add("summary", "type", "must be a string");
  }
  if (options.includeGrantedScopes !== undefined && typeof options.includeGrantedScopes !== "boolean") {
    add("includeGrantedScopes", "type", "must be true or false");
  }
  const { state } = options;
  if (state !== undefined && (typeof state !== "string" || state.trim().length < MIN_STATE_LENGTH)) {
    add(
      "state",
      "min_length",
      `must be an unguessable string of at least ${MIN_STATE_LENGTH} characters (or left out)`,
    );
  }
  return issues;
}

/**
 * The installation consent address and a fresh `state`: `{install_url}?client_id=…&scope=…&redirect_uri=…
 * &state=…&summary=…&include_granted_scopes=true`. Every option is checked first (a `ValidationError` lists
 * each broken field); scopes are sent once each, space-separated (`%20`), and scopes only user credentials
 * carry are refused. Keep `state` until the callback and pass it to `verifyInstallationReceipt` as
 * `expectedState`, which refuses a receipt without it or with another.
 *
 * ```ts
 * const { url, state } = createInstallationConsent({ installUrl, clientId: appId, scopes, redirectUri });
 * session.installState = state;   // then redirect the admin to `url`
 * ```
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Installation flow)
 */
export function createInstallationConsent(options: InstallationConsentOptions): InstallationConsent {
  if (typeof options !== "object" || options === null) {
    throw new AgentlineError("`options` must be an object: { installUrl, clientId, scopes, redirectUri?, … }.", {
      code: "invalid_argument",
    });
  }
  const issues = issuesOf(options);
  if (issues.length > 0) throw new ValidationError(issues, { context: "createInstallationConsent" });
  const state = options.state ?? base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const url = absoluteUrl(options.installUrl) as URL;
  const query = url.searchParams;
  query.set("client_id", options.clientId);
  query.set("scope", [...new Set(options.scopes)].join(" "));
  if (options.redirectUri !== undefined) query.set("redirect_uri", String(options.redirectUri));
  query.set("state", state);
  if (options.summary) query.set("summary", options.summary);
  if (options.includeGrantedScopes) query.set("include_granted_scopes", "true");
  // URLSearchParams writes a space as "+"; %20 reads the same to every decoder (a literal "+" is already %2B).
  url.search = query.toString().replace(/\+/g, "%20");
  return { url: url.href, state };
}
