import { argumentError } from "../core/arguments.js";

// Option checks of the reactive entry points: a bad call fails before any request, naming the field and the rule.

export { optionalArgument as optionalOptions, optionalCount, optionalPositive } from "../core/arguments.js";
/**
 * An id that goes into a request path: a non-empty string that stays in its segment, else a ValidationError
 * (`required`, `path_segment`). The client's own check, reused: the same rule and message, and no second copy
 * in a bundle that holds both.
 */
export { requireSegment as requireText } from "../core/paths.js";

/**
 * A client with the methods a view calls (`runs.stream`, and `agents.get` when `agents` is asked for), else an
 * `invalid_argument` AgentlineError naming `client`: a wrong client fails at the call, not at the first subscriber.
 */
export function requireClient(client: unknown, context: string, needsAgents = false): void {
  const value = client as { runs?: { stream?: unknown }; agents?: { get?: unknown } } | null | undefined;
  const ok =
    typeof value === "object" &&
    value !== null &&
    typeof value.runs?.stream === "function" &&
    (!needsAgents || typeof value.agents?.get === "function");
  if (!ok) throw argumentError(client, "client", context, "an AgentsClient (or an object with its `runs`)");
}

/** A function argument (a callback, a scheduler), else an `invalid_argument` AgentlineError naming it. */
export function requireFunction(value: unknown, name: string, context: string): void {
  if (typeof value !== "function") throw argumentError(value, name, context, "a function");
}

/** Checks the `context` label the adapter checks below are given: it starts their messages. */
function requireContext(context: unknown, check: string): void {
  if (typeof context !== "string") throw argumentError(context, "context", check, "the calling function's name");
}

/**
 * For the framework adapters: `source` must be a signal (`peek`, `subscribe`, `value`, as @preact/signals-core makes
 * them), else an `invalid_argument` AgentlineError naming `source`, prefixed with `context` (the adapter's function).
 */
export function requireSignal(source: unknown, context: string): void {
  requireContext(context, "requireSignal");
  const value = source as { peek?: unknown; subscribe?: unknown } | null;
  const ok =
    typeof value === "object" &&
    value !== null &&
    typeof value.peek === "function" &&
    typeof value.subscribe === "function" &&
    "value" in value;
  if (!ok) throw argumentError(source, "source", context, "a signal (e.g. a view's `snapshot`)");
}

/** For the framework adapters: `subscriber` must be a function, else an `invalid_argument` AgentlineError naming it. */
export function requireSubscriber(subscriber: unknown, context: string): void {
  requireContext(context, "requireSubscriber");
  if (typeof subscriber !== "function") throw argumentError(subscriber, "subscriber", context, "a function");
}

/** An object argument (a view, a signal, an options bag), else an `invalid_argument` AgentlineError naming it. */
export function requireObject(value: unknown, name: string, context: string, expected: string): void {
  if (typeof value !== "object" || value === null) throw argumentError(value, name, context, expected);
}
