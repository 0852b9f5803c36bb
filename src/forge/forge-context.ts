// The forge's policy for the core sender, and the one context (transport + resolved table + policy) per client.
import { AgentlineError } from "../core/errors.js";
import { KnownSecrets } from "../core/known-secrets.js";
import type { OperationContext, SendPolicy } from "../core/operation.js";
import { resolveOperations } from "../core/operation-routes.js";
import type { BaseClientOptions, Hooks } from "../core/options.js";
import { Transport } from "../core/transport.js";
import type { TokenWait } from "./installation-tokens.js";
import type { ForgeCredentialKind, ForgeOperation } from "./operations/entry.js";
import { FORGE_OPERATIONS, type ForgeOperations, type ForgeRoutesOverride } from "./operations.js";
import type { ForgePointsBudget, ForgePrincipal } from "./points-budget.js";
import { refuseReceiptAsBearer } from "./receipt-refusal.js";
import { FORGE_PLACEHOLDERS } from "./repo-ref.js";

/** The forge lives under `{base}/v1/forge`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API) */
export const FORGE_PREFIX = "/v1/forge";

/** A points budget and the principal whose points a client spends. */
export interface ForgePoints {
  budget: ForgePointsBudget;
  principal: () => Promise<ForgePrincipal>;
}

/** Where a forge client's bearer credential comes from, and what to do when the forge refuses it. */
export interface ForgeCredential {
  /**
   * The bearer value (an app JWT, an installation token or a user token). `wait` is the call's signal and timeout: a
   * credential that mints may stop waiting when they fire (rejecting with `AbortError` / `TimeoutError`).
   */
  token: (wait?: TokenWait) => Promise<string>;
  /**
   * Drops a refused credential so the next `token()` gets a fresh one; `false` when there is none to get. `refused` is
   * the token the forge answered 401 to, when known: a newer one (another call already refreshed) is kept.
   */
  refresh?: (refused?: string) => Promise<boolean>;
  /** The other secrets behind the credential (the app's private key, the JWTs that minted tokens), for redaction. */
  secrets?: () => readonly string[];
  /**
   * What the credential is, when known: an operation whose entry does not accept it is then refused before the
   * network (`wrong_credential`) rather than answered 401/403 by the forge.
   */
  kind?: ForgeCredentialKind | undefined;
}

/** What every forge client and resource shares: the transport, the resolved operation table and the forge policy. */
export type ForgeContext = OperationContext<ForgeOperations>;

const CREDENTIAL_NAMES: Record<ForgeCredentialKind, string> = {
  app: "an app JWT",
  installation: "an installation token",
  user: "a user token",
};

/**
 * Refuses, before the network, an operation whose entry does not accept the client's credential (a mirror transition
 * needs a user; an installation token cannot do it): the forge would answer 401/403 after the points were spent.
 */
function refuseWrongCredential(operation: ForgeOperation, kind: ForgeCredentialKind | undefined, name: string): void {
  if (kind === undefined || operation.credentials.includes(kind)) return;
  const accepted = operation.credentials.map((each) => CREDENTIAL_NAMES[each]).join(" or ");
  const hint = operation.credentials.includes("user")
    ? "use `new ForgeClient({ token: userToken, baseUrl })`"
    : "use `ForgeApp.installation(id)`";
  throw new AgentlineError(`\`${name}\` needs ${accepted}; this client holds ${CREDENTIAL_NAMES[kind]}: ${hint}.`, {
    code: "wrong_credential",
  });
}

/**
 * The forge's policy: the `/v1/forge` prefix, an `x-request-id` per call, the credential check, the points budget
 * (every attempt first spends the entry's points, waiting rather than meeting a 429; every answer reconciles with the
 * server's `X-RateLimit-*` headers) and one retry with a fresh credential after a 401.
 */
function forgePolicy(
  transport: Transport,
  credential: ForgeCredential,
  points: ForgePoints | undefined,
  prepare: SendPolicy["prepare"],
  refresh: SendPolicy["refresh"],
): SendPolicy<ForgeOperation> {
  return {
    prepare,
    prefix: FORGE_PREFIX,
    placeholders: FORGE_PLACEHOLDERS,
    admit: (operation, name) => refuseWrongCredential(operation, credential.kind, name),
    budget: points
      ? (operation, name) => ({
          acquire: async (signal) => {
            const maxWaitMs = transport.retrySettings.maxRetryAfterMs;
            // Waits are reported by operation name; a raw request reports its bare cost as `points`.
            const cost = Object.hasOwn(FORGE_OPERATIONS, name) ? (name as keyof ForgeOperations) : operation.cost;
            await points.budget.acquire(await points.principal(), cost, { signal, maxWaitMs });
          },
          penalize: async (retryAfterMs) => points.budget.penalize(await points.principal(), retryAfterMs),
          observe: async (response) => points.budget.observe(await points.principal(), response),
        })
      : undefined,
    // A 429 without `Retry-After` or `X-RateLimit-*` is ResourceExhausted (a full resource), not the points budget.
    isRateLimit: (error) => error.retryAfterMs !== undefined || error.rateLimit !== undefined,
    refresh,
    headers: () => ({ "x-request-id": crypto.randomUUID() }),
  };
}

/** One client's context: bearer auth from `credential` (every token it sent is redacted), its `routes` applied. */
export function forgeContext(
  options: BaseClientOptions & { routes?: ForgeRoutesOverride | undefined },
  credential: ForgeCredential,
  points: ForgePoints | undefined,
  what: string,
): ForgeContext {
  // Every token this client sent, not only the current one: an answer may echo the one before a refresh.
  const sent = new KnownSecrets();
  // The token readied before an attempt (within the caller's signal and timeout), taken by that attempt's
  // authorization, which runs right after. Taken by another call in between, it is just as valid there.
  let ready: string | undefined;
  // The token of the latest 401 this client got: a refresh drops that one, not a newer one another call just got.
  let refused: string | undefined;
  const obtain = async (wait?: TokenWait) => checkedToken(await credential.token(wait));
  const transport = new Transport(
    watchingRefusals(options, (token) => {
      refused = token;
    }),
    {
      authorization: async () => {
        const token = ready ?? (await obtain());
        ready = undefined;
        await refuseReceiptAsBearer(token);
        return `Bearer ${sent.remember(token)}`;
      },
      secrets: () => [...sent.list(), ...credentialSecrets(credential)],
    },
  );
  const operations = resolveOperations(FORGE_OPERATIONS, options.routes, what);
  const prepare = async (wait: TokenWait) => {
    ready = await obtain(wait);
  };
  const { refresh: refreshCredential } = credential;
  const refresh = refreshCredential ? () => refreshCredential.call(credential, refused) : undefined;
  return { transport, operations, policy: forgePolicy(transport, credential, points, prepare, refresh) };
}

/**
 * The options with a first `afterResponse` hook that reports the bearer token of every 401 answer (kept in memory
 * only). Hooks the core would refuse are left as given, for it to name.
 */
function watchingRefusals<T extends BaseClientOptions>(options: T, onRefused: (token: string) => void): T {
  const watch = ({ request, response }: { request: Request; response: Response }) => {
    if (response.status !== 401) return;
    const token = request.headers.get("authorization")?.replace(/^Bearer /, "");
    if (token) onRefused(token);
  };
  try {
    const hooks: unknown = options.hooks;
    if (hooks !== undefined && (typeof hooks !== "object" || hooks === null)) return options;
    const after: unknown = (hooks as Hooks | undefined)?.afterResponse;
    if (after !== undefined && !Array.isArray(after)) return options;
    return { ...options, hooks: { ...(hooks as Hooks | undefined), afterResponse: [watch, ...(after ?? [])] } };
  } catch {
    return options; // Options that throw when read: the transport's own check names them.
  }
}

/** What `credential.token()` gave, when it is a non-empty string; else nothing is sent. */
function checkedToken(token: unknown): string {
  if (typeof token === "string" && token !== "") return token;
  const message = "`credential.token` must resolve to a non-empty string (the bearer token); nothing was sent.";
  throw new AgentlineError(message, { code: "invalid_option" });
}

/** The credential's other secrets, for redaction (their strings); a `secrets()` giving no array is a wrong option. */
function credentialSecrets(credential: ForgeCredential): readonly string[] {
  const secrets: unknown = credential.secrets?.();
  if (secrets === undefined) return [];
  if (!Array.isArray(secrets)) {
    throw new AgentlineError("`credential.secrets` must return an array of strings.", { code: "invalid_option" });
  }
  return secrets.filter((secret): secret is string => typeof secret === "string" && secret !== "");
}
