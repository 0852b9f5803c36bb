/**
 * A module imported on the first call rather than at import time, once per realm; a failed import is retried on the
 * next call. For heavy dependencies few programs use (jose, for one, costs an isolate tens of milliseconds to load).
 * Pass a loader of a small module of ours that re-exports only what is needed, `() => import("./jwt-signing.js")`:
 * bundlers follow the dynamic import and tree-shake that module's static imports, which they cannot do for a dynamic
 * import of a whole package.
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
}
