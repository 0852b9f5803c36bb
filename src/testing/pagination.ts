import { HttpFailure } from "./responses.js";

// Cursors are opaque to clients (spec: "from previous response"); inside they name the list and the
// position after the last item served, so deleting items between pages never shifts or repeats one.

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    return atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return undefined;
  }
}

/** Encodes a position in a list as an opaque cursor. */
export function encodeCursor(list: string, seq: number): string {
  return toBase64Url(`${list}:${seq}`);
}

/** Decodes a cursor this list handed out, or throws 400 validation_error. */
export function decodeCursor(list: string, cursor: string): number {
  const match = /^([a-z]+):(\d+)$/.exec(fromBase64Url(cursor) ?? "");
  if (!match || match[1] !== list) {
    throw new HttpFailure(400, "validation_error", "cursor: not a cursor from a previous response of this list.");
  }
  return Number(match[2]);
}

/** One page of a list: `nextCursor` is omitted (never null) on the last page. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/**
 * Cuts one page out of `items` (sorted newest first, i.e. by descending `seq`), starting after the
 * cursor's position.
 */
export function paginate<T extends { seq: number }>(
  items: readonly T[],
  list: string,
  limit: number,
  cursor: string | undefined,
): Page<T> {
  const after = cursor === undefined ? Number.POSITIVE_INFINITY : decodeCursor(list, cursor);
  const rest = items.filter((item) => item.seq < after);
  const pageItems = rest.slice(0, limit);
  const last = pageItems[pageItems.length - 1];
  if (rest.length > limit && last) return { items: pageItems, nextCursor: encodeCursor(list, last.seq) };
  return { items: pageItems };
}
