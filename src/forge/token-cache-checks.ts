import { argumentError, isObject, isText } from "../core/arguments.js";
import type { InstallationToken } from "./installation-tokens.js";

// What the shared token caches (Durable Objects, Deno KV) check and keep: the same rules in every store.

/** Checks a cache call's key (and, for `set`, its token), naming the wrong argument but never showing a token. */
export function checkTokenCacheCall(operation: string, key: unknown, value?: unknown): void {
  if (!isText(key)) throw argumentError(key, "key", operation, "a non-empty string");
  if (operation !== "set") return;
  if (!isObject(value) || !isText(value.token) || !Number.isFinite(value.expiresAt)) {
    throw argumentError(value, "value", operation, "an installation token `{ token, expiresAt }`");
  }
}

/** The token a stored value holds while it has not expired at `now`; anything else (expired, foreign) is none. */
export function liveToken(stored: unknown, now: number): InstallationToken | undefined {
  if (!isObject(stored) || !isText(stored.token) || typeof stored.expiresAt !== "number") return undefined;
  // Only the two fields: a store's own bookkeeping (forgetAt) stays inside it.
  return stored.expiresAt > now ? { token: stored.token, expiresAt: stored.expiresAt } : undefined;
}
