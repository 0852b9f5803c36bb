// The keys the shared stores keep entries under. Deno KV and Durable Object storage encode a string key as UTF-8,
// turning a lone surrogate into U+FFFD (so "\ud800" and "\udfff" would name one entry), and refuse keys over
// 2 KiB (Workers KV: 512 bytes), where a long key would fail every call. So a key that is not well-formed, is
// longer than the store allows, or starts with `#` is kept as `#` and the hex SHA-256 of its JSON text (which spells
// a lone surrogate out); every other key is kept as it is, and no two keys ever meet.

const encoder = new TextEncoder();
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How many bytes a key of a shared store may take before it is hashed (the platforms' own prefixes left room). */
export const MAX_PLAIN_KEY_BYTES = 1024;

/** The UTF-8 length of a string. */
export const utf8Length = (text: string): number => encoder.encode(text).length;

/** `key` as a store keeps it: itself, or `#` and its SHA-256 when it could collide or is too long. */
export async function storedKey(key: string, maxBytes = MAX_PLAIN_KEY_BYTES): Promise<string> {
  if (!key.startsWith("#") && !LONE_SURROGATE.test(key) && utf8Length(key) <= maxBytes) return key;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(JSON.stringify(key))));
  return `#${Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * A span as Deno KV's `expireIn` takes it: whole milliseconds (it refuses fractions), at least 1, and at most 2^52
 * (it refuses an expiry past its own range). Rounded up: KV must never forget an entry before it expires.
 */
export const kvExpireIn = (ms: number): number => Math.min(Math.max(1, Math.ceil(ms)), 2 ** 52);
