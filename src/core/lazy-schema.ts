// Schemas built on first use. A module of schemas would otherwise run thousands of valibot calls when it is
// imported, whether or not a call ever reads them (`import "agentline"` paid for the three APIs' schemas).
// The proxy stands for the schema under the schema's own type, so exports, `typeof`, `v.InferOutput`, `.entries`,
// spreads and `v.pick` / `v.pipe` are unchanged; the first property read builds it, once.

/**
 * `build()` on first use, then that object. Functions read from it (valibot's `~run`) are bound to the built
 * object, so a parse pays one proxy read per schema rather than one per property the schema reads from itself.
 */
// @__NO_SIDE_EFFECTS__
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const bound = new Map<PropertyKey, unknown>();
  const target = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(target(), key);
      if (typeof value !== "function") return value;
      let method = bound.get(key);
      if (method === undefined) {
        method = value.bind(built);
        bound.set(key, method);
      }
      return method;
    },
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      // The proxy's own target is an empty, extensible object: a property may only be reported as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    set(_, key, value) {
      bound.delete(key);
      return Reflect.set(target(), key, value);
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
    deleteProperty(_, key) {
      bound.delete(key);
      return Reflect.deleteProperty(target(), key);
    },
  });
}
