import {
  CLOCK_OPTION,
  checkedClock,
  checkOptions,
  expectArgument,
  hasMethods,
  isObject,
  optionsObject,
} from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";
import { MAX_TIMER_DELAY_MS } from "../core/wait.js";

// What every store on Cloudflare Durable Objects shares (webhook dedupe, rate budgets, installation tokens): the
// bindings typed by the few methods they use (no @cloudflare/workers-types, no `cloudflare:` import), the shard a
// key lives on, one task at a time inside an object, and the alarm sweep of expired entries.

/** A Durable Object stub: what `namespace.get(id)` returns. */
export interface DurableObjectStubLike {
  fetch(request: Request): Promise<Response>;
}

/** The slice of a Durable Object namespace binding the stores use. */
export interface DurableObjectNamespaceLike<Id = unknown> {
  idFromName(name: string): Id;
  get(id: Id): DurableObjectStubLike;
}

/** The slice of `DurableObjectState.storage` the stores' objects use. */
export interface DurableObjectStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
  delete(key: string): Promise<boolean>;
  list<T>(options: { prefix: string; limit?: number; startAfter?: string }): Promise<Map<string, T>>;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTime: number): Promise<void>;
}

/** Which of `shards` objects holds `id`: a stable hash, so one id always meets the same object. */
export function shardOf(id: string, shards: number): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (Math.imul(hash, 31) + id.charCodeAt(i)) | 0;
  return Math.abs(hash) % shards;
}

/** Checks a namespace binding argument, naming the object class it must be bound to. */
export function checkNamespace(namespace: unknown, binding: string): void {
  expectArgument(
    hasMethods("idFromName", "get")(namespace),
    "namespace",
    `a Durable Object namespace binding of ${binding}`,
  );
}

/** What a store's Durable Object works with: its storage, its own clock, and its one-task-at-a-time queue. */
export interface ObjectParts {
  storage: DurableObjectStorageLike;
  now: () => number;
  serialized: <T>(task: () => Promise<T>) => Promise<T>;
}

/** The parts of an object from its constructor's `state` (checked: it must have `storage`) and `options.now`. */
export function objectParts(state: unknown, options: { now?: () => number } | undefined): ObjectParts {
  expectArgument(
    hasMethods("get", "put", "delete", "list", "getAlarm", "setAlarm")((state as { storage?: unknown })?.storage),
    "state",
    "the Durable Object's state (the constructor's first argument), with its `storage`",
  );
  const given = optionsObject(options, "options", false);
  checkOptions(given, "options", { now: CLOCK_OPTION });
  const storage = (state as { storage: DurableObjectStorageLike }).storage;
  return { storage, now: checkedClock(given.now), serialized: serializer() };
}

/** A stored entry with the time the alarm deletes it, on the object's own clock. */
export type Forgettable<T> = T & { forgetAt: number };

/**
 * Puts `value` under `key` to be forgotten `liveMs` from now and makes sure the alarm comes by then. Callers say how
 * long, not until when: their clock need not be the object's.
 */
export async function putForgettable<T extends object>(
  parts: ObjectParts,
  key: string,
  value: T,
  liveMs: number,
): Promise<void> {
  const now = parts.now();
  const forgetAt = now + Math.max(0, liveMs);
  await parts.storage.put<Forgettable<T>>(key, { ...value, forgetAt });
  await scheduleSweep(parts.storage, forgetAt, now);
}

/** The alarm of a store's object: deletes the entries under `prefix` past their `forgetAt`, between other tasks. */
export function sweepForgettable(parts: ObjectParts, prefix: string): Promise<void> {
  // Serialized with the object's other tasks, so a sweep never deletes an entry a task has just renewed.
  return parts.serialized(() =>
    sweepExpired<Forgettable<object>>(parts.storage, prefix, parts.now(), (entry) => entry.forgetAt),
  );
}

/**
 * Runs tasks one after another. An object is single-threaded, but its input gate only holds other events while a
 * storage call is pending: a read-then-write that awaits anything else needs this to stay atomic.
 */
export function serializer(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * Posts `body` as JSON to the object and resolves to its JSON answer; a failed call, a non-2xx or a non-JSON answer
 * rejects with an AgentlineError `code` (the message names the status only: bodies may carry tokens).
 */
export async function askObject<T>(
  stub: DurableObjectStubLike,
  url: string,
  body: Record<string, unknown>,
  code: string,
  what: string,
): Promise<T> {
  let response: Response;
  try {
    response = await stub.fetch(new Request(url, { method: "POST", body: JSON.stringify(body) }));
  } catch (cause) {
    // The platform's own error (object overloaded, reset, unreachable) stays the cause of the SDK's.
    throw new AgentlineError(`The ${what} Durable Object could not be reached.`, { code, cause });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new AgentlineError(`The ${what} Durable Object answered ${response.status}.`, { code });
  }
  try {
    return (await response.json()) as T;
  } catch (cause) {
    throw new AgentlineError(`The ${what} Durable Object answered something other than JSON.`, { code, cause });
  }
}

/** A store's request as the object reads it: its path and JSON object body, or `undefined` when it is not one. */
export async function readObjectRequest(
  request: Request,
): Promise<{ path: string; body: Record<string, unknown> } | undefined> {
  expectArgument(isObject(request) && typeof request.url === "string", "request", "the Request the store sent");
  const body: unknown = await request.json().catch(() => undefined);
  if (request.method !== "POST" || !isObject(body)) return undefined;
  return { path: new URL(request.url).pathname, body };
}

/** The 400 an object answers to a request no store of ours sends (it never echoes the body). */
export const badObjectRequest = (): Response => new Response("bad request", { status: 400 });

const SWEEP_BATCH = 1000;

/**
 * Deletes the entries under `prefix` whose `expiresAt(value)` is at or before `now`, in batches, and sets the
 * alarm for the earliest one left (none left: no alarm).
 */
export async function sweepExpired<T>(
  storage: DurableObjectStorageLike,
  prefix: string,
  now: number,
  expiresAt: (value: T) => number,
): Promise<void> {
  let next = Number.POSITIVE_INFINITY;
  let startAfter: string | undefined;
  for (;;) {
    const entries = await storage.list<T>({
      prefix,
      limit: SWEEP_BATCH,
      ...(startAfter === undefined ? {} : { startAfter }),
    });
    for (const [key, value] of entries) {
      const at = expiresAt(value);
      if (at <= now) await storage.delete(key);
      else next = Math.min(next, at);
      startAfter = key;
    }
    if (entries.size < SWEEP_BATCH) break;
  }
  if (next !== Number.POSITIVE_INFINITY) await scheduleSweep(storage, next, now);
}

/** Makes sure an alarm fires by `at` (no later than a timer can wait: a far block is re-examined then). */
export async function scheduleSweep(storage: DurableObjectStorageLike, at: number, now: number): Promise<void> {
  const when = Math.min(at, now + MAX_TIMER_DELAY_MS);
  const current = await storage.getAlarm();
  if (current === null || current > when) await storage.setAlarm(when);
}
