import { expectArgument, hasMethods, type OptionRule } from "../core/arguments.js";

// What every store on Deno KV shares (webhook dedupe, rate budgets, installation tokens): `Deno.Kv` typed by the few
// methods the stores use, so they need no Deno types.

/** A Deno KV key. */
export type DenoKvKey = readonly (string | number | bigint | boolean | Uint8Array)[];

/** The slice of `Deno.AtomicOperation` the stores use. */
export interface DenoKvAtomicLike {
  check(...checks: { key: DenoKvKey; versionstamp: string | null }[]): DenoKvAtomicLike;
  set(key: DenoKvKey, value: unknown, options?: { expireIn?: number }): DenoKvAtomicLike;
  commit(): Promise<{ ok: boolean }>;
}

/** The slice of `Deno.Kv` the stores use. */
export interface DenoKvLike {
  get<T = unknown>(key: DenoKvKey): Promise<{ value: T | null; versionstamp: string | null }>;
  atomic(): DenoKvAtomicLike;
  delete(key: DenoKvKey): Promise<void>;
}

// A Deno KV key part: string, number, bigint, boolean or bytes.
const isKeyPart = (part: unknown): boolean =>
  ["string", "number", "bigint", "boolean"].includes(typeof part) || part instanceof Uint8Array;

/** The `prefix` option of a Deno KV store: a key prefix such as `["agentline", "webhook-id"]`. */
export const KEY_PREFIX_OPTION: OptionRule = [
  (prefix) => Array.isArray(prefix) && prefix.every(isKeyPart),
  'a Deno KV key prefix, like ["agentline", "webhook-id"]',
];

/** Checks the `kv` argument of a Deno KV store. */
export function checkKv(kv: unknown): void {
  expectArgument(hasMethods("get", "atomic", "delete")(kv), "kv", "a Deno.Kv (await Deno.openKv())");
}
