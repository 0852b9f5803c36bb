import { computed, type ReadonlySignal, signal } from "@preact/signals-core";
import { AgentlineError } from "../core/errors.js";
import { publish, reportError } from "./failures.js";
import { requireFunction, requireObject } from "./validate.js";

/** Where a mutation stands: never called (or reset), waiting for its latest call, or settled by it. */
export type MutationStatus = "idle" | "pending" | "success" | "error";

/** What a mutation shows, as one immutable object (a new one on each change): what a framework adapter renders. */
export interface MutationSnapshot<TVariables, TData> {
  readonly status: MutationStatus;
  /** The latest call has not settled yet. */
  readonly pending: boolean;
  /** What the latest successful call returned. */
  readonly data: TData | undefined;
  /** Why the latest call failed (a thrown non-Error is wrapped in an AgentlineError `mutation_failed`). */
  readonly error: Error | undefined;
  /** What the latest call was given. */
  readonly variables: TVariables | undefined;
  /**
   * The failure field by field, path → message (`prompt.text` → "must not be empty"): from a request
   * ValidationError (found before anything was sent) or an API error's field violations. Empty otherwise.
   */
  readonly fieldErrors: Readonly<Record<string, string>>;
}

/**
 * Callbacks of one `mutate` call; they run only if that call is still the latest and the mutation still shown. One
 * that throws changes nothing else: `onSettled` still runs, the state stands, `mutate` still never rejects, and the
 * exception is reported as an event listener's is (`reportError` where the runtime has it, which a browser shows in
 * the console and as a global `error` event; else `console.error`, never an `uncaughtException` in Node).
 */
export interface MutateCallbacks<TVariables, TData> {
  onSuccess?: ((data: TData, variables: TVariables) => void) | undefined;
  onError?: ((error: Error, variables: TVariables) => void) | undefined;
  onSettled?: ((data: TData | undefined, error: Error | undefined, variables: TVariables) => void) | undefined;
}

/** A write from a view (create an agent, send a follow-up, cancel a run) as signals: see {@link createMutation}. */
export interface Mutation<TVariables, TData> {
  readonly status: ReadonlySignal<MutationStatus>;
  readonly pending: ReadonlySignal<boolean>;
  readonly data: ReadonlySignal<TData | undefined>;
  readonly error: ReadonlySignal<Error | undefined>;
  readonly variables: ReadonlySignal<TVariables | undefined>;
  readonly fieldErrors: ReadonlySignal<Readonly<Record<string, string>>>;
  /** All of the above in one object. */
  readonly snapshot: ReadonlySignal<MutationSnapshot<TVariables, TData>>;
  /** Starts the call; never rejects (a failure lands in `error`). A later call supersedes this one's result. */
  mutate(variables: TVariables, callbacks?: MutateCallbacks<TVariables, TData>): void;
  /** Starts the call and returns its own outcome (rejects when it fails), while updating the signals like `mutate`. */
  mutateAsync(variables: TVariables): Promise<TData>;
  /** Back to `idle`: clears data, error and variables; a call still running no longer changes anything. */
  reset(): void;
}

/** Runs a caller's callback; what it throws is reported, never the mutation's failure (see {@link MutateCallbacks}). */
function guarded(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    reportError(error);
  }
}

const NO_FIELD_ERRORS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.freeze({});

/** A thrown value as an Error, so `error.message` always reads. */
function toError(thrown: unknown): Error {
  return thrown instanceof Error
    ? thrown
    : new AgentlineError(`The call failed with a non-Error value: ${String(thrown)}`, {
        code: "mutation_failed",
        cause: thrown,
      });
}

/**
 * Path → message of a failure that names fields: a ValidationError's `issues` (`path`, `message`) or an ApiError's
 * `fieldViolations` (`field`, `description`). Read by shape, not class, so a second copy of the SDK in the page (or
 * another realm) still gives its field errors. The first message per path wins.
 */
export function fieldErrorsOf(error: unknown): Readonly<Record<string, string>> {
  const found = error as { issues?: unknown; fieldViolations?: unknown } | null | undefined;
  const fields: Record<string, string> = {};
  const add = (path: unknown, message: unknown) => {
    if (typeof path === "string" && typeof message === "string") fields[path] ??= message;
  };
  if (Array.isArray(found?.issues)) for (const issue of found.issues) add(issue?.path, issue?.message);
  if (Array.isArray(found?.fieldViolations))
    for (const violation of found.fieldViolations) add(violation?.field, violation?.description);
  return Object.keys(fields).length ? Object.freeze(fields) : NO_FIELD_ERRORS;
}

function snapshotOf<V, D>(
  status: MutationStatus,
  variables: V | undefined,
  data?: D,
  error?: Error,
): MutationSnapshot<V, D> {
  const fieldErrors = error ? fieldErrorsOf(error) : NO_FIELD_ERRORS;
  return Object.freeze({ status, pending: status === "pending", data, error, variables, fieldErrors });
}

/**
 * A mutation over `fn` in the TanStack `useMutation` shape, as signals: `mutate` / `mutateAsync` call `fn`, and
 * `pending`, `data`, `error`, `variables` and `fieldErrors` follow the latest call (last call wins: an earlier call
 * settling later changes nothing). A request the SDK rejects before the network (a ValidationError) lands in `error`
 * and `fieldErrors` with nothing sent. Once its signals were watched (a mounted component) and no longer are
 * (unmounted), a call that settles still updates the signals, which nobody renders, but runs no `mutate` callbacks.
 *
 * ```ts
 * const followUp = createMutation((text: string) => client.runs.create(agentId, { prompt: { text } }));
 * followUp.mutate("and add tests");
 * effect(() => console.log(followUp.pending.value, followUp.fieldErrors.value["prompt.text"]));
 * ```
 */
export function createMutation<TVariables, TData>(
  fn: (variables: TVariables) => PromiseLike<TData>,
): Mutation<TVariables, TData> {
  requireFunction(fn, "fn", "createMutation");
  let watched = 0;
  let everWatched = false;
  const state = signal(snapshotOf<TVariables, TData>("idle", undefined), {
    watched: () => {
      watched++;
      everWatched = true;
    },
    unwatched: () => {
      watched--;
    },
  });
  /** The number of the latest call (or reset): only its outcome is shown. */
  let latest = 0;

  function run(variables: TVariables, callbacks?: MutateCallbacks<TVariables, TData>): Promise<TData> {
    const call = ++latest;
    publish(() => {
      state.value = snapshotOf("pending", variables);
    });
    const settle = (data: TData | undefined, error: Error | undefined) => {
      if (call !== latest) return;
      publish(() => {
        state.value = error
          ? snapshotOf<TVariables, TData>("error", variables, undefined, error)
          : snapshotOf<TVariables, TData>("success", variables, data);
      });
      if (everWatched && watched === 0) return;
      if (error) guarded(() => callbacks?.onError?.(error, variables));
      else guarded(() => callbacks?.onSuccess?.(data as TData, variables));
      guarded(() => callbacks?.onSettled?.(data, error, variables));
    };
    // `fn` may throw before returning a promise (a check that runs first): that is a failure of the call too.
    const result = new Promise<TData>((resolve) => resolve(fn(variables)));
    result.then(
      (data) => settle(data, undefined),
      (thrown) => settle(undefined, toError(thrown)),
    );
    return result;
  }

  const field = <K extends keyof MutationSnapshot<TVariables, TData>>(key: K) => computed(() => state.value[key]);
  return {
    status: field("status"),
    pending: field("pending"),
    data: field("data"),
    error: field("error"),
    variables: field("variables"),
    fieldErrors: field("fieldErrors"),
    snapshot: state,
    mutate(variables, callbacks) {
      if (callbacks !== undefined) {
        requireObject(callbacks, "callbacks", "mutate", "`{ onSuccess, onError, onSettled }` or omitted");
        for (const name of ["onSuccess", "onError", "onSettled"] as const)
          if (callbacks[name] !== undefined) requireFunction(callbacks[name], `callbacks.${name}`, "mutate");
      }
      run(variables, callbacks).catch(() => {
        // Shown in `error`: `mutate` never rejects.
      });
    },
    mutateAsync: (variables) => run(variables),
    reset() {
      latest++;
      publish(() => {
        state.value = snapshotOf<TVariables, TData>("idle", undefined);
      });
    },
  };
}
