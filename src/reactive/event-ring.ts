/**
 * The newest `capacity` items of an endless sequence, in O(capacity) memory: items are appended to one array,
 * which is cut back to the newest `capacity` once it holds twice that (amortized O(1) per item). The array view is
 * built only when read and cached until the next push, so a view nobody reads costs nothing per event.
 */
export class EventRing<T> {
  readonly capacity: number;
  /** Oldest first; between `capacity` and twice that once full (the newest `capacity` are the held ones). */
  #items: T[] = [];
  #view: readonly T[] | undefined;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  /** How many items are held (at most `capacity`). */
  get size(): number {
    return this.toArray().length;
  }

  /** Appends items, dropping the oldest beyond `capacity`. */
  push(items: readonly T[]): void {
    if (this.capacity === 0 || items.length === 0) return;
    // Only the last `capacity` of a large burst can survive: skip the rest outright.
    for (const item of items.slice(-this.capacity)) this.#items.push(item);
    if (this.#items.length >= 2 * this.capacity) this.#items = this.#items.slice(-this.capacity);
    this.#view = undefined;
  }

  /** The held items, oldest first, as a frozen array (the same array until the next push). */
  toArray(): readonly T[] {
    this.#view ??= Object.freeze(this.#items.slice(-this.capacity));
    return this.#view;
  }
}
