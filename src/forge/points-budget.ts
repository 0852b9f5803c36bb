import {
  argumentError,
  CLOCK_OPTION,
  checkedClock,
  checkOptions,
  FUNCTION_OPTION,
  hasMethods,
  isObject,
  optionalArgument,
  optionsObject,
} from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import { MemoryRateBudgetStore, type RateBudgetStore, RateBudgets, type RateBudgetWait } from "../core/rate-budget.js";
import { parseRateLimit, parseRetryAfter } from "../core/rate-limit.js";
import { FORGE_OPERATIONS, type ForgeOperationName } from "./operations.js";

const WINDOW_MS = 60_000;

/** The kinds of forge principal, each with its own budget. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Rate limits (points per rolling minute, per authenticated principal)) */
export type ForgePrincipalKind = "app" | "installation" | "user";

/** Documented points per rolling minute per principal (budgets can be raised for design partners). */
export const FORGE_POINTS_PER_MINUTE: Readonly<Record<ForgePrincipalKind, number>> = {
  installation: 3_000,
  app: 6_000,
  user: 600,
};

/**
 * Whose budget a request spends. `id` is opaque and never a token: the installation id, the app id, or
 * for a user `await hashBudgetKey(userToken)` (or the user's `user_` id).
 */
export interface ForgePrincipal {
  kind: ForgePrincipalKind;
  id: string;
}

/** Reported before each wait of {@link ForgePointsBudget.acquire}. */
export interface ForgePointsWait {
  /** The opaque budget key (`forge:<kind>:<id>:<resource>`). */
  key: string;
  kind: ForgePrincipalKind;
  /** The operation name, or `points` when a bare cost was passed. */
  operation: string;
  cost: number;
  waitMs: number;
  /** 1 for the first wait of this acquisition, 2 for the next, … */
  attempt: number;
}

/** Options of {@link ForgePointsBudget}; every one has a web default. */
export interface ForgePointsBudgetOptions {
  /** Shared state; defaults to a fresh in-memory store. Share one store to share budgets across clients. */
  store?: RateBudgetStore | undefined;
  /** Budgets per kind when yours differ from the documented ones (a larger `X-RateLimit-Limit` is adopted anyway). */
  limits?: Partial<Record<ForgePrincipalKind, number>> | undefined;
  /**
   * Charge points the server reports as used but this instance did not spend (another process on the same
   * principal). Default true; with a store shared by several instances each would count the others' spend
   * twice (safe, but slower), so turn it off there.
   */
  reconcileUsed?: boolean | undefined;
  now?: (() => number) | undefined;
  /** Must reject (e.g. with an `AbortError`) when `signal` fires; the default does. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  onWait?: ((info: ForgePointsWait) => void) | undefined;
  /**
   * The longest single wait `acquire` makes (default 60 000 ms; a forge client passes its own `maxRetryAfterMs` per
   * call): a longer one (a 429 asked for more) rejects at once with a `RateLimitError` carrying `retryAfter`.
   */
  maxWaitMs?: number | undefined;
}

/** What {@link ForgePointsBudget.acquire} spends: an operation name, an entry (its `cost`), or a bare number of points. */
export type ForgePointsCost = ForgeOperationName | { cost: number } | number;

/**
 * A client-side points budget per forge principal: waits before a request (announcing it through
 * `onWait`) rather than earning a 429. Never grants more than the principal's budget in any 60 s window;
 * each operation spends its cost from the operation table. `observe()` reconciles with what the server
 * says: a raised `X-RateLimit-Limit` is adopted, `Remaining: 0` blocks until `X-RateLimit-Reset`, a 429
 * with `Retry-After` blocks the principal, and points spent elsewhere are counted.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Rate limits (points per rolling minute, per authenticated principal))
 */
export class ForgePointsBudget {
  readonly #store: RateBudgetStore;
  readonly #budgets: RateBudgets;
  readonly #now: () => number;
  readonly #defaults: Readonly<Record<ForgePrincipalKind, number>>;
  readonly #reconcileUsed: boolean;
  /** Limits adopted from `X-RateLimit-Limit`, per key. */
  readonly #observedLimits = new Map<string, number>();
  /** Points this instance spent per key, `[time, cost]`, inside the window (for reconciling `used`). */
  readonly #spent = new Map<string, Array<[number, number]>>();
  #calls = 0;

  constructor(options: ForgePointsBudgetOptions = {}) {
    checkOptions(optionsObject(options, "options", false), "options", {
      store: [hasMethods("take", "block"), "a RateBudgetStore"],
      now: CLOCK_OPTION,
      sleep: FUNCTION_OPTION,
      onWait: FUNCTION_OPTION,
    });
    this.#defaults = { ...FORGE_POINTS_PER_MINUTE, ...options.limits };
    for (const [kind, limit] of Object.entries(this.#defaults)) {
      if (!(Number.isInteger(limit) && limit > 0)) {
        throw new AgentlineError(`\`limits.${kind}\` must be a positive integer of points; got ${limit}.`, {
          code: "invalid_option",
        });
      }
    }
    this.#store = options.store ?? new MemoryRateBudgetStore();
    this.#now = checkedClock(options.now);
    this.#reconcileUsed = options.reconcileUsed ?? true;
    const onWait = options.onWait;
    this.#budgets = new RateBudgets({
      store: this.#store,
      intervalMs: WINDOW_MS,
      now: this.#now,
      ...(options.sleep ? { sleep: options.sleep } : {}),
      ...(onWait ? { onWait: (info: RateBudgetWait) => onWait(toForgeWait(info)) } : {}),
      maxWaitMs: options.maxWaitMs,
    });
  }

  /** The budget (points per minute) currently applied to `principal`: adopted from the server, else the default. */
  limit(principal: ForgePrincipal, resource = "core"): number {
    return this.#observedLimits.get(budgetKey(principal, resource)) ?? this.#defaults[principal.kind];
  }

  /**
   * Resolves once `principal` may spend the operation's points; waits (abortably) until then. Cost 0 never waits.
   * A wait longer than `maxWaitMs` (default: the option) rejects at once with a `RateLimitError`.
   */
  async acquire(
    principal: ForgePrincipal,
    operation: ForgePointsCost,
    options: { signal?: AbortSignal | undefined; resource?: string | undefined; maxWaitMs?: number | undefined } = {},
  ): Promise<void> {
    const { resource = "core", signal, maxWaitMs } = optionalArgument(options, "options", "acquire");
    const key = budgetKey(principal, resource);
    const { name, cost } = costOf(operation);
    if (cost === 0) return;
    const capacity = this.limit(principal, resource);
    await this.#budgets.acquire(key, name, capacity, signal, cost, maxWaitMs);
    this.#record(key, cost, this.#now());
  }

  /**
   * Reconciles with a forge response (a `Response`, or its status and headers): adopts `X-RateLimit-Limit`,
   * blocks until `X-RateLimit-Reset` when `Remaining` is 0, blocks for `Retry-After` on a 429, and charges
   * points the server counted but this instance did not spend. Responses without rate-limit headers
   * (unmetered, or an unrelated 429) change nothing unless they carry `Retry-After` on a 429.
   */
  async observe(principal: ForgePrincipal, response: { status?: number; headers: Headers }): Promise<void> {
    budgetKey(principal, "core");
    if (!isObject(response) || !hasMethods("get")(response.headers)) {
      throw argumentError(response, "response", "observe", "a forge `Response` (or `{ status, headers }`)");
    }
    const now = this.#now();
    const info = parseRateLimit(response.headers);
    const resource = info?.resource || "core";
    const key = budgetKey(principal, resource);
    if (info?.limit !== undefined && Number.isInteger(info.limit) && info.limit > 0) {
      this.#observedLimits.set(key, info.limit);
    }
    const retryAfter = parseRetryAfter(response.headers.get("retry-after"), now);
    if (response.status === 429 && retryAfter !== undefined) {
      await this.#budgets.penalize(key, retryAfter);
      return;
    }
    if (!info) return;
    if (info.remaining !== undefined && info.remaining <= 0) {
      await this.#store.block(key, now + untilReset(info.reset, now), now);
      return;
    }
    if (!this.#reconcileUsed) return;
    const limit = this.limit(principal, resource);
    const used =
      info.used ?? (info.limit !== undefined && info.remaining !== undefined ? info.limit - info.remaining : undefined);
    if (used === undefined || !Number.isFinite(used)) return;
    const deficit = Math.min(Math.floor(used - this.#spentInWindow(key, now)), limit);
    if (deficit <= 0) return;
    // Points someone else spent: hold them in the window too. Refused means the window is already that full.
    const answer = await this.#store.take(key, deficit, limit, WINDOW_MS, now);
    if (answer.ok) this.#record(key, deficit, now);
  }

  /** After a 429 seen elsewhere: grants nothing to `principal` for `retryAfterMs` (default 60 s, the forge's). */
  penalize(principal: ForgePrincipal, retryAfterMs?: number, resource = "core"): Promise<void> {
    return this.#budgets.penalize(budgetKey(principal, resource), retryAfterMs);
  }

  #record(key: string, cost: number, now: number): void {
    // Every 256 records, forget keys whose spend has left the window, so the map does not grow forever.
    if (++this.#calls % 256 === 0) {
      for (const [other, log] of this.#spent) {
        const last = log[log.length - 1];
        if (!last || last[0] + WINDOW_MS <= now) this.#spent.delete(other);
      }
    }
    let log = this.#spent.get(key);
    if (!log) {
      log = [];
      this.#spent.set(key, log);
    }
    log.push([now, cost]);
  }

  #spentInWindow(key: string, now: number): number {
    const log = this.#spent.get(key);
    if (!log) return 0;
    let expired = 0;
    while (expired < log.length && (log[expired] as [number, number])[0] + WINDOW_MS <= now) expired++;
    if (expired > 0) log.splice(0, expired);
    let sum = 0;
    for (const [, cost] of log) sum += cost;
    return sum;
  }
}

// The spec advertises Reset a full 60 s after each response; a value outside (now, now + 60 s] means the
// clocks disagree, and the window length is the safe wait.
function untilReset(reset: number | undefined, now: number): number {
  if (reset === undefined) return WINDOW_MS;
  const ms = reset * 1000 - now;
  return ms > 0 && ms <= WINDOW_MS ? ms : WINDOW_MS;
}

function costOf(operation: ForgePointsCost): { name: string; cost: number } {
  const named = typeof operation === "string";
  const cost = named
    ? Object.hasOwn(FORGE_OPERATIONS, operation)
      ? FORGE_OPERATIONS[operation].cost
      : undefined
    : typeof operation === "number"
      ? operation
      : (operation as { cost?: unknown } | null | undefined)?.cost;
  if (!(Number.isInteger(cost) && (cost as number) >= 0)) {
    throw new AgentlineError(
      named
        ? `\`${operation}\` is not a forge operation; pass an operation name from FORGE_OPERATIONS or a number of points.`
        : `\`operation\` must be an operation name, \`{ cost }\` or a whole number of points (0 or more); got ${String(cost)}.`,
      { code: "invalid_option" },
    );
  }
  return { name: named ? operation : "points", cost: cost as number };
}

// Installation tokens start `oit_`; JWTs (app or user) are three base64url parts starting `eyJ`.
const LOOKS_LIKE_TOKEN = /^(?:oit_|Bearer\s)|^eyJ[\w-]*\.[\w-]*\.[\w-]*$/;

function budgetKey(principal: ForgePrincipal, resource: string): string {
  if (
    !(
      isObject(principal) &&
      typeof principal.kind === "string" &&
      Object.hasOwn(FORGE_POINTS_PER_MINUTE, principal.kind)
    )
  ) {
    throw new AgentlineError("`principal.kind` must be `app`, `installation` or `user`.", { code: "invalid_option" });
  }
  if (typeof principal.id !== "string" || principal.id === "") {
    throw new AgentlineError("`principal.id` must be a non-empty string.", { code: "invalid_option" });
  }
  if (LOOKS_LIKE_TOKEN.test(principal.id)) {
    throw new AgentlineError(
      "`principal.id` looks like a token; pass the installation or app id, or `await hashBudgetKey(token)`.",
      { code: "invalid_option" },
    );
  }
  if (typeof resource !== "string") {
    throw new AgentlineError("`resource` must be a rate-limit resource name (default `core`).", {
      code: "invalid_option",
    });
  }
  return `forge:${principal.kind}:${principal.id}:${resource}`;
}

function toForgeWait(info: RateBudgetWait): ForgePointsWait {
  return {
    key: info.key,
    kind: info.key.split(":")[1] as ForgePrincipalKind,
    operation: info.family,
    cost: info.cost ?? 1,
    waitMs: info.waitMs,
    attempt: info.attempt,
  };
}
