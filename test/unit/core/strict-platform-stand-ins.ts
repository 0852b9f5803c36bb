// The stand-ins of platform-stand-ins.ts with the real engines' limits and key encoding. Deno KV, as measured on
// Deno 2.9: a string key part is stored as UTF-8 (a lone surrogate becomes U+FFFD), a key over 2,048 bytes and a
// value over 64 KiB are refused with a TypeError, and `expireIn` must be a whole number of milliseconds no further
// than 2^53 - now. Durable Object storage: keys over 2,048 bytes are refused (documented; local workerd does not
// enforce it), and setAlarm refuses times past 2189 (measured on workerd). `calls` counts every call that reached KV.
import type { DenoKvAtomicLike, DenoKvKey, DenoKvLike } from "../../../src/stores/deno-kv.js";
import type { DurableObjectStorageLike } from "../../../src/stores/durable-objects.js";
import { memoryDenoKv, memoryStorage } from "../platform-stand-ins.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** A string as UTF-8 storage reads it back. */
export const asStored = (text: string) => decoder.decode(encoder.encode(text));

function kvKey(key: DenoKvKey, write: boolean): DenoKvKey {
  let bytes = 0;
  const parts = key.map((part) => {
    if (typeof part !== "string") {
      bytes += part instanceof Uint8Array ? part.length + 2 : 9;
      return part;
    }
    bytes += encoder.encode(part).length + 2;
    return asStored(part);
  });
  if (bytes > 2048) throw new TypeError(`Key too large for ${write ? "write" : "read"} (max 2048 bytes)`);
  return parts;
}

/** Deno KV in memory, with Deno KV's limits and its UTF-8 keys. */
export function strictDenoKv(): DenoKvLike & { calls: number } {
  const kv = memoryDenoKv();
  const strict = {
    calls: 0,
    get<T>(key: DenoKvKey) {
      strict.calls++;
      return Promise.resolve().then(() => kv.get<T>(kvKey(key, false)));
    },
    atomic(): DenoKvAtomicLike {
      const op = kv.atomic();
      let refused: TypeError | undefined;
      const wrapped: DenoKvAtomicLike = {
        check: (...checks) => {
          try {
            op.check(...checks.map((check) => ({ ...check, key: kvKey(check.key, false) })));
          } catch (error) {
            refused ??= error as TypeError;
          }
          return wrapped;
        },
        set: (key, value, options) => {
          try {
            const expireIn = options?.expireIn;
            if (expireIn !== undefined && !(Number.isInteger(expireIn) && expireIn >= 0)) {
              throw new TypeError(`expireIn must be a non-negative integer: received ${expireIn}`);
            }
            if (expireIn !== undefined && expireIn + Date.now() > 2 ** 53) {
              throw new TypeError(`Invalid mutation: expireIn is too large: ${expireIn}`);
            }
            if (JSON.stringify(value, (_k, v) => (v instanceof Uint8Array ? [...v] : v)).length > 65536) {
              throw new TypeError("Value too large (max 65536 bytes)");
            }
            op.set(kvKey(key, true), value, options);
          } catch (error) {
            refused ??= error as TypeError;
          }
          return wrapped;
        },
        commit: async () => {
          strict.calls++;
          if (refused) throw refused;
          return op.commit();
        },
      };
      return wrapped;
    },
    async delete(key: DenoKvKey) {
      strict.calls++;
      await kv.delete(kvKey(key, true));
    },
  };
  return strict;
}

function doKey(key: string): string {
  if (encoder.encode(key).length > 2048) throw new RangeError("Keys cannot be larger than 2048 bytes.");
  return key;
}

/** A Durable Object's storage in memory, with its key limit and setAlarm refusing times past 2189. */
export function strictStorage(): DurableObjectStorageLike & { map: Map<string, unknown>; alarm: number | null } {
  const storage = memoryStorage();
  return {
    ...storage,
    get map() {
      return storage.map;
    },
    get alarm() {
      return storage.alarm;
    },
    get: (key) => Promise.resolve().then(() => storage.get(doKey(key))),
    put: (key, value) => Promise.resolve().then(() => storage.put(doKey(key), value)),
    delete: (key) => Promise.resolve().then(() => storage.delete(doKey(key))),
    setAlarm: async (time) => {
      if (!(time < Date.UTC(2190, 0))) throw new TypeError("This API doesn't support dates after 2189.");
      await storage.setAlarm(time);
    },
  };
}
