import { effect, type ReadonlySignal, untracked } from "@preact/signals-core";
import { argumentError } from "../core/arguments.js";
import type { AgentView } from "./agent-view.js";
import type { CheckRunsSnapshot, CheckRunsView } from "./check-runs-view.js";
import { isFinalError, reportError } from "./failures.js";
import type { RunSignals, RunSnapshot } from "./run-view.js";
import { requireObject } from "./validate.js";

// The TC39 proposal's well-known symbol, as RxJS, Redux and XState declare it (types only: nothing is installed).
declare global {
  interface SymbolConstructor {
    readonly observable: symbol;
  }
}

/** Receives an observable's values, its failure, its end. */
export interface Observer<T> {
  next(value: T): void;
  error(error: unknown): void;
  complete(): void;
}

/** An active subscription. */
export interface Subscription {
  unsubscribe(): void;
  readonly closed: boolean;
}

/** A minimal Observable with `Symbol.observable` interop: RxJS `from()`, xstream and others accept it. */
export interface InteropObservable<T> {
  subscribe(
    observer?: Partial<Observer<T>> | ((value: T) => void) | null,
    error?: ((error: unknown) => void) | null,
    complete?: (() => void) | null,
  ): Subscription;
  [Symbol.observable](): InteropObservable<T>;
  "@@observable"(): InteropObservable<T>;
}

/** How a source ends: not yet, completed, or failed. */
type Settle<T> = (value: T) => "complete" | { error: unknown } | undefined;

/**
 * Calls one of an observer's methods; what it throws is reported ({@link reportError}), as an Observable reports an
 * observer's exception: it never reaches the signal's writer (the stream every view of the run shares).
 */
function notify<T, K extends keyof Observer<T>>(
  observer: Partial<Observer<T>>,
  method: K,
  ...args: Parameters<Observer<T>[K]>
): void {
  try {
    // Called on the observer: a class instance's method (an RxJS Subscriber's) reads `this`.
    (observer[method] as ((...args: unknown[]) => void) | undefined)?.call(observer, ...args);
  } catch (error) {
    reportError(error);
  }
}

function createObservable<T>(source: ReadonlySignal<T>, settle?: Settle<T>): InteropObservable<T> {
  const observable = {
    subscribe(
      observerOrNext?: Partial<Observer<T>> | ((value: T) => void) | null,
      error?: ((error: unknown) => void) | null,
      complete?: (() => void) | null,
    ): Subscription {
      if (
        observerOrNext !== undefined &&
        observerOrNext !== null &&
        !["object", "function"].includes(typeof observerOrNext)
      )
        throw argumentError(observerOrNext, "observer", "subscribe", "an observer object, a function or omitted");
      const observer: Partial<Observer<T>> =
        typeof observerOrNext === "function"
          ? { next: observerOrNext, error: error ?? undefined, complete: complete ?? undefined }
          : (observerOrNext ?? {});
      let closed = false;
      let stop: (() => void) | undefined;
      const close = () => {
        closed = true;
        stop?.();
      };
      stop = effect(() => {
        const value = source.value;
        if (closed) return;
        untracked(() => {
          notify(observer, "next", value);
          const end = settle?.(value);
          if (end === undefined || closed) return;
          close();
          if (end === "complete") notify(observer, "complete");
          else notify(observer, "error", end.error);
        });
      });
      if (closed) stop();
      return {
        unsubscribe: close,
        get closed() {
          return closed;
        },
      };
    },
    "@@observable"() {
      return observable;
    },
  } as InteropObservable<T>;
  // Where the runtime (or a polyfill) defines the symbol, interop goes through it; "@@observable" otherwise.
  const symbol = typeof Symbol === "function" ? (Symbol as { observable?: symbol }).observable : undefined;
  if (symbol) Object.defineProperty(observable, symbol, { value: () => observable });
  return observable;
}

function isSignal(value: unknown): value is ReadonlySignal<unknown> {
  return typeof value === "object" && value !== null && "peek" in value && "subscribe" in value && "value" in value;
}

/**
 * An Observable of a signal's values (the current one first), or of a view's snapshots. A run view's observable
 * completes once the stream is closed, and errors with the failure when the stream failed; a check-runs view's
 * completes once disposed, and errors with the failure when polling was refused; an agent view's never ends by itself (it follows each follow-up run). Subscribing counts
 * as watching: it starts the view's stream or polling.
 *
 * ```ts
 * import { from } from "rxjs";
 * from(toObservable(view)).subscribe((snapshot) => console.log(snapshot.status));
 * ```
 */
export function toObservable<T>(source: ReadonlySignal<T>): InteropObservable<T>;
export function toObservable(source: RunSignals | AgentView): InteropObservable<RunSnapshot>;
export function toObservable(source: CheckRunsView): InteropObservable<CheckRunsSnapshot>;
export function toObservable(
  source: ReadonlySignal<unknown> | RunSignals | AgentView | CheckRunsView,
): InteropObservable<unknown> {
  const expected = "a signal, or a view from watchRun, watchAgent or watchCheckRuns";
  requireObject(source, "source", "toObservable", expected);
  if (isSignal(source)) return createObservable(source);
  if (!isSignal((source as { snapshot?: unknown }).snapshot))
    throw argumentError(source, "source", "toObservable", expected);
  // An agent view moves on to follow-up runs: its observable ends only when unsubscribed.
  if ("follow" in source) return createObservable(source.snapshot);
  if ("feed" in source) {
    // Closed either way: refused (a final error, as the view's poll loop judged it) or disposed.
    return createObservable<CheckRunsSnapshot>(source.snapshot, (snapshot) => {
      if (snapshot.connection !== "closed") return undefined;
      return isFinalError(snapshot.error) ? { error: snapshot.error } : "complete";
    });
  }
  return createObservable<RunSnapshot>(source.snapshot, (snapshot) => {
    if (snapshot.connection !== "closed") return undefined;
    return snapshot.error?.source === "stream" ? { error: snapshot.error.cause } : "complete";
  });
}
