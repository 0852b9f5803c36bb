/**
 * The newest `capacity` items of an endless sequence, in O(capacity) memory. Pushing is O(1) per item; the array
 * view is built only when read and cached until the next push, so a view nobody reads costs nothing per event.
 */
export class EventRing<T> {
  readonly capacity: number;
  readonly #slots: (T | undefined)[];
  /** Where the next item goes. */
  #next = 0;
  #size = 0;
  #view: readonly T[] | undefined = Object.freeze([]) as readonly T[];

  constructor(capacity: number) {
    this.capacity = capacity;
    this.#slots = new Array<T | undefined>(capacity);
  }

  /** How many items are held (at most `capacity`). */
  get size(): number {
    return this.#size;
  }

  /** Appends items, dropping the oldest beyond `capacity`. */
  push(items: readonly T[]): void {
    if (this.capacity === 0 || items.length === 0) return;
    // Only the last `capacity` of a large burst can survive: skip the rest outright.
    const start = Math.max(0, items.length - this.capacity);
    for (let i = start; i < items.length; i++) {
      this.#slots[this.#next] = items[i];
      this.#next = (this.#next + 1) % this.capacity;
    }
    this.#size = Math.min(this.capacity, this.#size + items.length - start);
    this.#view = undefined;
  }

  /** The held items, oldest first, as a frozen array (the same array until the next push). */
  toArray(): readonly T[] {
    if (this.#view) return this.#view;
    const items: T[] = new Array<T>(this.#size);
    const first = (this.#next - this.#size + this.capacity) % this.capacity;
    for (let i = 0; i < this.#size; i++) items[i] = this.#slots[(first + i) % this.capacity] as T;
    this.#view = Object.freeze(items);
    return this.#view;
  }
}
