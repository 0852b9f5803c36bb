import {
  CLOCK_OPTION,
  checkedClock,
  checkOptions,
  expectArgument,
  FUNCTION_OPTION,
  hasMethods,
  isAbsoluteUrl,
  numberOption,
  optionsObject,
  TEXT_OPTION,
  URL_OPTION,
} from "../core/arguments.js";
import { timerDelay } from "../core/wait.js";
import { KeySetUnavailableError } from "./errors.js";
import type { KeySetCache } from "./key-cache.js";
import {
  DEFAULT_KEY_SET_SECONDS,
  ed25519Keys,
  type ForgeVerificationKey,
  importEd25519Key,
  type KeySetSnapshot,
  keySetError,
  parseCacheControl,
} from "./key-set.js";

/** What {@link ForgeKeys} takes. Give `baseUrl` (the service address) or `jwksUrl`. */
export interface ForgeKeysOptions {
  /** The service address: keys are read from `{baseUrl}/v1/forge/keys`, receipts are issued by `{baseUrl}/v1/forge`. */
  baseUrl?: string;
  /** The key set address itself, when it is not under `baseUrl`. */
  jwksUrl?: string;
  /** The receipts' `iss`; default `{baseUrl}/v1/forge`. */
  issuer?: string;
  /** Default: the global `fetch`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /**
   * The least time between two refreshes caused by a signature no key verifies (and between retries after
   * a failed fetch), so forged traffic cannot turn into a fetch storm; also the least time a fetched set is reused
   * (up to 600 s), even when its `Cache-Control` says `max-age=0` or `no-store`. Default 30 000 ms.
   */
  refreshCooldownMs?: number;
  /** A cache shared between isolates (e.g. {@link workersKvKeySetCache}). */
  cache?: KeySetCache;
  /** Per-fetch time limit; default 10 000 ms. */
  timeoutMs?: number;
  /** Find the key set through OpenID discovery at this issuer instead (what {@link ForgeKeys.fromDiscovery} sets). */
  discoveryIssuer?: string;
}

/**
 * A key set or discovery address as errors show it: without user info, query or fragment, where a credential can
 * ride along (`https://user:token@…`, `…?token=…`).
 */
function shownUrl(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return "the key set address";
  }
}

/**
 * What a failed `fetch` threw, as an error may show it: its name and the engine's code (`TypeError: ECONNREFUSED`),
 * never its message. The caller's `fetch` (a proxy's client, a binding) may quote the address, a header or a token
 * the SDK never held, and this module ships no redaction; so the thrown value is not kept as a cause either.
 */
function failureName(error: unknown): string {
  const shown = (value: unknown) =>
    typeof value === "string" && /^[A-Za-z][\w-]{0,39}$/.test(value) ? value : undefined;
  const { name, code, cause } = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>;
  const engineCode = shown(code) ?? shown((cause as Record<string, unknown> | undefined)?.code);
  const kind = shown(name) ?? "error";
  return engineCode ? `${kind}: ${engineCode}` : kind;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The service address as the clients take it: trailing slashes, and a trailing `/v1` or `/v1/forge`, dropped. */
export function serviceBase(url: string): string {
  return trimSlash(url).replace(/\/v1(?:\/forge)?$/, "");
}

/** `` (last fetch: GET …/keys: 404)`` from the failure's message, when it has one. */
function lastFetch(failure: unknown): string {
  const message = failure instanceof Error ? failure.message : "";
  return message === "" ? "" : ` (last fetch: ${message.replace(/\.$/, "")})`;
}

const ignore = (): undefined => undefined;

/**
 * The forge's published Ed25519 keys, cached as the spec says: reused for `max-age` (600 s), kept up to
 * `stale-if-error` (600 s) more while refreshes fail, then refused (fail closed); refreshed early when no key
 * verifies a signature, at most once per cooldown; concurrent refreshes share one fetch. Each key is imported
 * once as a `CryptoKey`. Construct it once per isolate (module scope): it does no I/O until first used.
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Discovery and keys)
 */
export class ForgeKeys {
  /** The `iss` of the forge's receipts, when known (`{baseUrl}/v1/forge`, or the discovery issuer). */
  readonly issuer: string | undefined;
  /** A copy of the options: `fetch`, `timeoutMs` and `cache` are read from it where used. */
  readonly #options: ForgeKeysOptions;
  readonly #now: () => number;
  readonly #cooldownMs: number;
  readonly #discovery: string | undefined;
  #jwksUrl: string | undefined;
  /** The active keys: set by #adopt together with the three times below, read only once those allow it. */
  #keys!: ForgeVerificationKey[];
  // When the active keys were fetched, until when they are fresh, and until when they serve while refreshes fail.
  #fetchedAt = -Infinity;
  #freshUntil = -Infinity;
  #staleUntil = -Infinity;
  #inflight: Promise<void> | undefined;
  // When a miss last caused a refresh, and when a fetch last failed: each starts a cooldown.
  #lastMissAt = -Infinity;
  #lastFailureAt = -Infinity;
  /** What the last failed fetch hit: the cause of a refusal made inside the retry cooldown (no fetch then). */
  #lastFailure: unknown;
  #imported = new Map<string, Promise<CryptoKey>>();

  constructor(options: ForgeKeysOptions) {
    checkOptions(optionsObject(options), "options", {
      baseUrl: URL_OPTION,
      jwksUrl: URL_OPTION,
      discoveryIssuer: URL_OPTION,
      issuer: TEXT_OPTION,
      fetch: FUNCTION_OPTION,
      now: CLOCK_OPTION,
      refreshCooldownMs: numberOption(0, "ms"),
      cache: [hasMethods("get", "set"), "a KeySetCache ({ get, set })"],
      timeoutMs: numberOption(1, "ms"),
    });
    expectArgument(
      options.baseUrl ?? options.jwksUrl ?? options.discoveryIssuer,
      "options.baseUrl",
      "given, or jwksUrl or discoveryIssuer",
    );
    const forge = options.baseUrl && `${serviceBase(options.baseUrl)}/v1/forge`;
    this.#discovery = options.discoveryIssuer && trimSlash(options.discoveryIssuer);
    this.#jwksUrl = options.jwksUrl ?? (forge && `${forge}/keys`);
    this.issuer = options.issuer ?? (this.#discovery || forge);
    this.#options = { ...options };
    this.#now = checkedClock(options.now);
    this.#cooldownMs = options.refreshCooldownMs ?? 30_000;
  }

  /**
   * Keys found through OpenID discovery: `{issuerUrl}/.well-known/openid-configuration` is read on first use,
   * its `issuer` must equal `issuerUrl`, and its `jwks_uri` is the key set. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Discovery and keys)
   */
  static fromDiscovery(
    issuerUrl: string,
    options?: Omit<ForgeKeysOptions, "baseUrl" | "jwksUrl" | "discoveryIssuer">,
  ): ForgeKeys {
    expectArgument(isAbsoluteUrl(issuerUrl), "issuerUrl", "the forge's issuer, an absolute URL");
    return new ForgeKeys({ ...optionsObject(options, "options", false), discoveryIssuer: issuerUrl });
  }

  /**
   * The active keys: the cached set while fresh, else a refresh; while refreshes fail, the last good set for
   * up to its stale-if-error window. Throws {@link KeySetUnavailableError} when no usable set is left.
   */
  async getKeys(): Promise<readonly ForgeVerificationKey[]> {
    // Written as "not before" so that a clock giving no number (NaN) fails closed rather than reading as fresh.
    if (!(this.#now() < this.#freshUntil)) {
      // After a failed fetch, wait out the cooldown before the next one (the stale set serves meanwhile).
      const failure = await this.#refresh(false, this.#lastFailureAt)?.then(ignore, (error: unknown) => error);
      // Nothing usable: fail closed (the cause says what the last fetch hit).
      if (!(this.#now() < this.#staleUntil)) {
        throw new KeySetUnavailableError(
          `No forge key set: fetching failed and no copy within stale-if-error is left${lastFetch(failure ?? this.#lastFailure)}.`,
          failure ?? this.#lastFailure,
        );
      }
    }
    return this.#keys;
  }

  /**
   * Called when no active key verifies a signature: refreshes the set unless a miss already caused a refresh,
   * or a fetch failed, within the cooldown; shares a refresh already under way. A successful fetch by `getKeys`
   * does not count, so a key that rotated in just after the set was fetched is still picked up on its first
   * delivery; forged traffic still causes at most one fetch per cooldown. Resolves true when new keys arrived,
   * so the caller should try again. Never throws.
   */
  async refreshOnMiss(): Promise<boolean> {
    const before = this.#imported;
    // After a failed fetch, the retry cooldown holds for misses too.
    const since = Math.max(this.#lastMissAt, this.#lastFailureAt);
    const refreshed = this.#refresh(true, since)?.then(
      () => [...this.#imported.keys()].some((x) => !before.has(x)),
      () => false,
    );
    return !!(await refreshed);
  }

  /** The refresh under way, else a new one unless `since` is within the cooldown (then `undefined`). */
  #refresh(onMiss: boolean, since: number): Promise<void> | undefined {
    const now = this.#now();
    if (this.#inflight || now - since >= this.#cooldownMs) {
      this.#inflight ??= this.#load(onMiss, now).finally(() => {
        this.#inflight = undefined;
      });
      return this.#inflight;
    }
    return undefined;
  }

  /** One refresh, begun at `now`: another isolate's copy when it will do, else a fetch. */
  async #load(onMiss: boolean, now: number): Promise<void> {
    if (onMiss) this.#lastMissAt = now;
    const { cache } = this.#options;
    const shared = await cache?.get().catch(ignore);
    // Another isolate's newer copy beats ours (even while the network is down), and will do without a fetch
    // when fresh (for a miss: fetched within the cooldown, so it may already hold the key that just rotated in).
    if (
      shared &&
      shared.fetchedAt > this.#fetchedAt &&
      (await this.#adopt(shared).catch(ignore)) &&
      (onMiss ? now - shared.fetchedAt < this.#cooldownMs : now < this.#freshUntil)
    ) {
      return;
    }
    try {
      this.#jwksUrl ??= await this.#discover();
      const [jwks, headers] = await this.#get(this.#jwksUrl);
      const snapshot: KeySetSnapshot = {
        jwks: jwks as KeySetSnapshot["jwks"],
        fetchedAt: this.#now(),
        ...parseCacheControl(headers.get("cache-control")),
      };
      await this.#adopt(snapshot);
      await cache?.set(snapshot).catch(ignore);
    } catch (error) {
      this.#lastFailureAt = now;
      this.#lastFailure = error;
      throw error;
    }
  }

  async #adopt(snapshot: KeySetSnapshot): Promise<true> {
    const imported = new Map<string, Promise<CryptoKey>>();
    const keys: ForgeVerificationKey[] = [];
    for (const jwk of ed25519Keys(snapshot.jwks)) {
      // Each public key is imported once, however many refreshes publish it again.
      const key = this.#imported.get(jwk.x) ?? importEd25519Key(jwk);
      imported.set(jwk.x, key);
      keys.push({ kid: jwk.kid, key: await key });
    }
    this.#imported = imported;
    this.#keys = keys;
    this.#fetchedAt = snapshot.fetchedAt;
    // A set is reused for at least the refresh cooldown (at most the spec's 600 s of it), whatever its Cache-Control
    // says (`max-age=0`, `no-store`): otherwise every delivery, forged ones included, would fetch the key set again.
    const maxAgeMs = 1000 * (snapshot.maxAgeSeconds ?? DEFAULT_KEY_SET_SECONDS);
    const floorMs = Math.min(this.#cooldownMs, 1000 * DEFAULT_KEY_SET_SECONDS);
    this.#freshUntil = this.#fetchedAt + Math.max(maxAgeMs, floorMs);
    this.#staleUntil = this.#freshUntil + 1000 * (snapshot.staleIfErrorSeconds ?? DEFAULT_KEY_SET_SECONDS);
    return true;
  }

  async #discover(): Promise<string> {
    const issuer = this.#discovery;
    const url = `${issuer}/.well-known/openid-configuration`;
    const document = (await this.#get(url))[0] as { issuer?: unknown; jwks_uri?: unknown } | null;
    if (typeof document?.jwks_uri !== "string" || trimSlash(String(document.issuer)) !== issuer) {
      throw keySetError(`The discovery document is not ${shownUrl(issuer ?? "")}'s or has no jwks_uri.`);
    }
    return document.jwks_uri;
  }

  /**
   * `GET url` as JSON, with the answer's headers, all within `timeoutMs`: the timer is raced against the fetch and
   * the body read, so a `fetch` that ignores its signal, or a body that stalls, cannot hold the refresh (and every
   * delivery waiting on it) forever. The timer is always cleared.
   */
  async #get(url: string): Promise<[unknown, Headers]> {
    const { fetch = globalThis.fetch, timeoutMs } = this.#options;
    // Clamped like every timer: a longer one throws (Node) or fires at once.
    const ms = timerDelay(timeoutMs ?? 10_000);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(keySetError(`GET ${shownUrl(url)}: no complete answer within ${ms} ms`));
        controller.abort();
      }, ms);
    });
    const get = async (): Promise<[unknown, Headers]> => {
      let response: Response;
      try {
        response = await fetch(
          new Request(url, { headers: { accept: "application/json" }, signal: controller.signal }),
        );
      } catch (error) {
        throw keySetError(`GET ${shownUrl(url)}: the request failed (${failureName(error)})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw keySetError(`GET ${shownUrl(url)}: ${response.status}`);
      }
      try {
        return [await response.json(), response.headers];
      } catch {
        // A body that is not JSON (a captive portal's page) is the key set's fault. The parser's error quotes the body.
        throw keySetError(`GET ${shownUrl(url)}: the body is not JSON`);
      }
    };
    try {
      return await Promise.race([get(), expired]);
    } finally {
      clearTimeout(timer);
    }
  }
}
