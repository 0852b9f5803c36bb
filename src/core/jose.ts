// jose, loaded on first use rather than at import: its ~80 modules cost an isolate tens of milliseconds to load, and
// most programs that import agentline never sign or verify a JWT (a webhook receiver, a Cloud Agents client).
// Bundlers still bundle it (a dynamic import is followed); only the time it is evaluated moves.
let jose: Promise<typeof import("jose")> | undefined;

/** The jose module, imported once per realm on the first call; a failed import is retried on the next call. */
export function loadJose(): Promise<typeof import("jose")> {
  if (!jose) {
    jose = import("jose");
    jose.catch(() => {
      jose = undefined;
    });
  }
  return jose;
}
