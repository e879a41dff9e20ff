/** The rank the 'New Photo Album' tile sorts by, so it always comes after every album (spec). */
export const placeholderRank = 1e10;

/** Anything kept in a user-chosen order: dense ranks from 0. */
export interface Ranked {
  rank: number;
}

/** Items in rank order (a copy). */
export function byRank<T extends Ranked>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.rank - b.rank);
}

/**
 * Moves the item `id` picks to rank `to`: the items between its old and new rank shift by one towards the gap it
 * leaves, the rest keep theirs. This is the server's rule too, so the local order matches what it will store.
 * Answers the items in their new rank order; unchanged items keep their identity.
 */
export function moveToRank<T extends Ranked>(
  items: readonly T[],
  id: (item: T) => string,
  moving: string,
  to: number,
): T[] {
  const item = items.find((i) => id(i) === moving);
  if (!item || item.rank === to) return byRank(items);
  const from = item.rank;
  return byRank(
    items.map((i) => {
      if (i === item) return { ...i, rank: to };
      if (from < to && i.rank > from && i.rank <= to) return { ...i, rank: i.rank - 1 };
      if (from > to && i.rank >= to && i.rank < from) return { ...i, rank: i.rank + 1 };
      return i;
    }),
  );
}

/**
 * The items but those `gone` picks, each of the others moved down by the number of removed items ranked before it:
 * the server's ranks close the gaps so. The list's order is kept (an album ordered by date is not in rank order).
 */
export function withoutRanked<T extends Ranked>(items: readonly T[], gone: (item: T) => boolean): T[] {
  const removed = items
    .filter(gone)
    .map((i) => i.rank)
    .sort((a, b) => a - b);
  const before = (rank: number) => {
    let [low, high] = [0, removed.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (removed[middle]! < rank) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return items
    .filter((i) => !gone(i))
    .map((i) => {
      const shift = before(i.rank);
      return shift ? { ...i, rank: i.rank - shift } : i;
    });
}
