import { AgentlineError } from "../core/errors.js";

/**
 * A loader that imports a rarely used, heavy module on its first call and hands every later call the same
 * promise, so importing agentline/webhooks stays cheap. A failed import is forgotten (the next call tries
 * again) and reported as an {@link AgentlineError} with code `module_load_failed`.
 */
// @__NO_SIDE_EFFECTS__
export function loadOnce<T>(load: () => Promise<T>, what: string): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new AgentlineError(`Could not load ${what}; check that the package is installed and bundled.`, {
        code: "module_load_failed",
        cause: error,
      });
    });
    return loading;
  };
}
