// A real AbortSignal whose "abort" listeners are counted (its add/remove methods wrapped): what the listener sweeps
// assert to be zero once a call, a stream or a mint has ended.

/** An AbortSignal, its controller, and how many abort listeners are still attached to it. */
export function countedSignal() {
  const controller = new AbortController();
  const { signal } = controller;
  const attached = new Set<unknown>();
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: unknown) => {
    if (type === "abort") attached.add(listener);
    add(type, listener, options as AddEventListenerOptions);
  }) as AbortSignal["addEventListener"];
  signal.removeEventListener = ((type: string, listener: EventListenerOrEventListenerObject, options?: unknown) => {
    if (type === "abort") attached.delete(listener);
    remove(type, listener, options as EventListenerOptions);
  }) as AbortSignal["removeEventListener"];
  return { controller, signal, attached: () => attached.size };
}
