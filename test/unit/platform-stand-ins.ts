// In-memory stand-ins of the platform storage the shared stores sit on (a Durable Object's storage and namespace,
// Deno KV), each honest about its platform's consistency: values are copied as the real ones serialize them, and
// Deno KV's reads and commits yield, so concurrent callers interleave. The real engines run in test/workerd and
// test/deno.
import type { DenoKvAtomicLike, DenoKvKey, DenoKvLike } from "../../src/stores/deno-kv.js";
import type { DurableObjectStorageLike } from "../../src/stores/durable-objects.js";

/** A Deno KV entry as the stand-in keeps it; `expireIn` as the last write asked. */
export interface StoredKvEntry {
  value: unknown;
  versionstamp: string;
  expireIn?: number;
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Deno KV in memory: versionstamps, atomic check + set, and reads that yield like the real one. */
export function memoryDenoKv(): DenoKvLike & { entries: Map<string, StoredKvEntry> } {
  const entries = new Map<string, StoredKvEntry>();
  let version = 0;
  const id = (key: DenoKvKey) => JSON.stringify(key);
  return {
    entries,
    async get<T>(key: DenoKvKey) {
      await tick();
      const entry = entries.get(id(key));
      return { value: (structuredClone(entry?.value) ?? null) as T | null, versionstamp: entry?.versionstamp ?? null };
    },
    atomic() {
      const checks: { key: DenoKvKey; versionstamp: string | null }[] = [];
      const sets: { key: DenoKvKey; value: unknown; expireIn?: number | undefined }[] = [];
      const op: DenoKvAtomicLike = {
        check: (...more) => {
          checks.push(...more);
          return op;
        },
        set: (key, value, options) => {
          sets.push({ key, value: structuredClone(value), expireIn: options?.expireIn });
          return op;
        },
        commit: async () => {
          await tick();
          if (checks.some((check) => (entries.get(id(check.key))?.versionstamp ?? null) !== check.versionstamp)) {
            return { ok: false };
          }
          version += 1;
          for (const { key, value, expireIn } of sets) {
            entries.set(id(key), {
              value,
              versionstamp: String(version),
              ...(expireIn === undefined ? {} : { expireIn }),
            });
          }
          return { ok: true };
        },
      };
      return op;
    },
    async delete(key) {
      entries.delete(id(key));
    },
  };
}

/** A Durable Object's storage in memory (one object: requests are serialized by its input gate). */
export function memoryStorage(): DurableObjectStorageLike & { map: Map<string, unknown>; alarm: number | null } {
  const map = new Map<string, unknown>();
  const storage = {
    map,
    alarm: null as number | null,
    get: async <T>(key: string) => structuredClone(map.get(key)) as T | undefined,
    put: async <T>(key: string, value: T) => {
      map.set(key, structuredClone(value));
    },
    delete: async (key: string) => map.delete(key),
    list: async <T>(options: { prefix: string; limit?: number; startAfter?: string }) => {
      const keys = [...map.keys()].filter((key) => key.startsWith(options.prefix)).sort();
      const after = keys.filter((key) => options.startAfter === undefined || key > options.startAfter);
      return new Map(after.slice(0, options.limit ?? Infinity).map((key) => [key, map.get(key) as T]));
    },
    getAlarm: async () => storage.alarm,
    setAlarm: async (time: number) => {
      storage.alarm = time;
    },
  };
  return storage;
}

/** An object with a `fetch`, as a namespace binding hands it out, and its storage. */
export interface StandInObject<T> {
  object: T;
  storage: ReturnType<typeof memoryStorage>;
}

/**
 * A Durable Object namespace binding over objects made by `create`, one per name (its id), each with its own
 * storage; `stubRequests` records every request a stub was sent (to check what travels in URLs and headers).
 */
export function durableObjectBinding<T extends { fetch(request: Request): Promise<Response> }>(
  create: (storage: DurableObjectStorageLike) => T,
) {
  const objects = new Map<string, StandInObject<T>>();
  const stubRequests: Request[] = [];
  const namespace = {
    idFromName: (name: string) => name,
    get: (id: string) => {
      let entry = objects.get(id);
      if (!entry) {
        const storage = memoryStorage();
        entry = { object: create(storage), storage };
        objects.set(id, entry);
      }
      const { object } = entry;
      return {
        fetch: (request: Request) => {
          stubRequests.push(request.clone());
          return object.fetch(request);
        },
      };
    },
  };
  return { namespace, objects, stubRequests };
}
