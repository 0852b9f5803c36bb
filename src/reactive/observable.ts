import { effect, type ReadonlySignal, untracked } from "@preact/signals-core";
import type { AgentView } from "./agent-view.js";
import type { CheckRunsSnapshot, CheckRunsView } from "./check-runs-view.js";
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

function createObservable<T>(source: ReadonlySignal<T>, settle?: Settle<T>): InteropObservable<T> {
  const observable = {
    subscribe(
      observerOrNext?: Partial<Observer<T>> | ((value: T) => void) | null,
      error?: ((error: unknown) => void) | null,
      complete?: (() => void) | null,
    ): Subscription {
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
          observer.next?.(value);
          const end = settle?.(value);
          if (end === undefined || closed) return;
          close();
          if (end === "complete") observer.complete?.();
          else observer.error?.(end.error);
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

function isSignal(value: object): value is ReadonlySignal<unknown> {
  return "peek" in value && "subscribe" in value && "value" in value;
}

/**
 * An Observable of a signal's values (the current one first), or of a view's snapshots. A run view's observable
 * completes once the stream is closed, and errors with the failure when the stream failed; a check-runs view's
 * completes once disposed; an agent view's never ends by itself (it follows each follow-up run). Subscribing counts
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
  requireObject(source, "source", "toObservable", "a signal, or a view from watchRun, watchAgent or watchCheckRuns");
  if (isSignal(source)) return createObservable(source);
  // An agent view moves on to follow-up runs: its observable ends only when unsubscribed.
  if ("follow" in source) return createObservable(source.snapshot);
  if ("feed" in source) {
    return createObservable<CheckRunsSnapshot>(source.snapshot, (snapshot) =>
      snapshot.connection === "closed" ? "complete" : undefined,
    );
  }
  return createObservable<RunSnapshot>(source.snapshot, (snapshot) => {
    if (snapshot.connection !== "closed") return undefined;
    return snapshot.error?.source === "stream" ? { error: snapshot.error.cause } : "complete";
  });
}
