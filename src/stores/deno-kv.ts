import { expectArgument, hasMethods, type OptionRule } from "../core/arguments.js";
import { AgentlineError } from "../core/errors.js";

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

/** What an attempt of {@link retryContended} answers when another writer won the race: try again. */
export const LOST_RACE: unique symbol = Symbol("lost race");

/**
 * Runs `attempt` until it returns something other than {@link LOST_RACE}, at most `maxAttempts` times, pausing a
 * short random while (after the second try) so that racing isolates spread out. SQLite's "database is locked",
 * which a local KV file answers while another isolate or process writes it, counts as a lost race too; any other
 * error of KV rejects as an AgentlineError `failure` with it as the cause (an AgentlineError rejects as itself). Out of attempts: an AgentlineError `code`
 * that says to raise `maxAttempts`.
 */
export async function retryContended<T>(
  attempt: () => Promise<T | typeof LOST_RACE>,
  options: {
    maxAttempts: number;
    sleep: (ms: number) => Promise<void>;
    /** The code when the attempts run out; `failure`: when KV fails otherwise. */
    code: string;
    failure: string;
    what: string;
  },
): Promise<T> {
  for (let tries = 0; tries < options.maxAttempts; tries++) {
    if (tries > 1) await options.sleep(Math.random() * Math.min(2 ** tries, 50));
    try {
      const result = await attempt();
      if (result !== LOST_RACE) return result;
    } catch (error) {
      if (isLocked(error)) continue;
      // The SDK's own (a clock that read wrong, an argument) is already the error to show.
      if (error instanceof AgentlineError) throw error;
      // Deno KV's own errors (a value over 64 KiB, a closed database) name no value: their text is safe to show.
      const reason = error instanceof Error ? error.message : String(error);
      throw new AgentlineError(`The ${options.what}'s Deno KV call failed: ${reason}`, {
        code: options.failure,
        cause: error,
      });
    }
  }
  throw new AgentlineError(
    `The ${options.what} lost ${options.maxAttempts} races in a row to other writers of the same Deno KV entry; ` +
      "raise `maxAttempts`.",
    { code: options.code },
  );
}

/** Whether an error is SQLite's busy answer from a local Deno KV file (never the case on Deno Deploy). */
function isLocked(error: unknown): boolean {
  return error instanceof Error && /database (table )?is locked|SQLITE_BUSY/i.test(error.message);
}
