import { AbortError } from "./errors.js";
import { timerDelay } from "./wait.js";

/** Sleeps `ms`, rejecting with an `AbortError` as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError(undefined, signal.reason));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortError(undefined, signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The marker reason an attempt's own timer aborts with, so a timeout is told apart from the caller's abort. */
export const TIMEOUT_REASON: unique symbol = Symbol("agentline.timeout");

function onAttemptTimeout(guard: AttemptGuard): void {
  guard.timedOut = true;
  guard.controller.abort(TIMEOUT_REASON);
}

/**
 * One attempt's signal: aborts when the caller's signal fires or when `timeoutMs` passes. `release()` must be called
 * once the attempt is over (body read), or the timer keeps running. A class listening through `handleEvent`, with the
 * timer given its guard as an argument: every request makes one, and no closure is allocated per request.
 */
export class AttemptGuard {
  readonly controller = new AbortController();
  /** True once the attempt's own timer fired. */
  timedOut = false;
  readonly #callerSignal: AbortSignal | undefined;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(callerSignal: AbortSignal | undefined, timeoutMs: number) {
    this.#callerSignal = callerSignal;
    if (callerSignal?.aborted) this.controller.abort(callerSignal.reason);
    else callerSignal?.addEventListener("abort", this, { once: true });
    this.#timer =
      Number.isFinite(timeoutMs) && timeoutMs > 0
        ? setTimeout(onAttemptTimeout, timerDelay(timeoutMs), this)
        : undefined;
  }

  /** The attempt's signal. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The caller's signal fired (the `EventListener` interface). */
  handleEvent(): void {
    this.controller.abort(this.#callerSignal?.reason);
  }

  /** Ends the attempt: the timer stops and the caller's signal is no longer listened to. */
  release(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#callerSignal?.removeEventListener("abort", this);
  }

  /**
   * For streamed bodies: the timeout covers the wait for headers only, while the caller's signal stays linked so that
   * aborting it still closes the body.
   */
  stopTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }

  /**
   * For a streamed body handed to the caller: the caller's signal still aborts the attempt, and so the body, for as
   * long as anyone holds or reads the body, and no longer than that.
   *
   * - A listener on the caller's signal would stay for good (nothing tells when the caller is done with the body): a
   *   long-lived signal shared by many downloads would collect one per download, each holding its request. The link
   *   goes through `AbortSignal.any([signal])` instead, which the caller's signal holds weakly (where it is missing,
   *   Node < 20.3, the listener stays).
   * - The body keeps that link and the `request` alive: undici's request follows the attempt's signal only while the
   *   `Request` object lives, so once a garbage collection took it, aborting reached nothing and the body read on.
   */
  followWhileHeld(body: object | null, request: Request): void {
    const caller = this.#callerSignal;
    if (body === null) {
      this.release();
      return;
    }
    if (!caller || typeof AbortSignal.any !== "function") {
      held.set(body, { request });
      return;
    }
    caller.removeEventListener("abort", this);
    if (caller.aborted) {
      this.controller.abort(caller.reason);
      return;
    }
    const follower = AbortSignal.any([caller]);
    follower.addEventListener("abort", this, { once: true });
    held.set(body, { request, follower });
  }
}

/** What each streamed body keeps alive (see {@link AttemptGuard.followWhileHeld}). */
const held = new WeakMap<object, { request: Request; follower?: AbortSignal }>();
