/** How the album list is grouped: 1 = one group, 2 = by creation year, 3 = by creation month (spec values). */
export type GroupingMode = 1 | 2 | 3;

export const groupingModes: readonly { mode: GroupingMode; label: string }[] = [
  { mode: 1, label: 'None' },
  { mode: 2, label: 'Year' },
  { mode: 3, label: 'Month' },
];

/** What grouping needs of an album: when it was made and where its owner placed it. */
export interface Groupable {
  createdAt: string;
  rank: number;
}

/** A run of albums shown under one heading; `label` is null when the list is not grouped. */
export interface AlbumGroup<T> {
  key: string;
  label: string | null;
  items: T[];
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The group a moment falls in, in the viewer's own time zone. Keys sort as strings newest-last, so a descending
 * string sort puts the newest group first.
 */
export function periodOf(when: Date, mode: GroupingMode): { key: string; label: string | null } {
  const year = when.getFullYear();
  const month = when.getMonth();
  if (mode === 1) return { key: 'all', label: null };
  if (mode === 2) return { key: String(year).padStart(4, '0'), label: String(year) };
  return {
    key: `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}`,
    label: `${monthNames[month]}, ${year}`,
  };
}

/** Albums in the owner's order (rank), split into groups, the newest group first. */
export function groupAlbums<T extends Groupable>(albums: readonly T[], mode: GroupingMode): AlbumGroup<T>[] {
  const groups = new Map<string, AlbumGroup<T>>();
  for (const album of [...albums].sort((a, b) => a.rank - b.rank)) {
    const { key, label } = periodOf(new Date(album.createdAt), mode);
    const group = groups.get(key) ?? { key, label, items: [] };
    group.items.push(album);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
}

/**
 * The key of the group a new album would join if made `now`, after adding that group (empty) to `groups` when
 * it is missing, so the 'New Photo Album' tile always sits where the album it creates will appear.
 */
export function withGroupFor<T>(
  groups: AlbumGroup<T>[],
  mode: GroupingMode,
  now: Date,
): { groups: AlbumGroup<T>[]; key: string } {
  const { key, label } = periodOf(now, mode);
  if (groups.some((g) => g.key === key)) return { groups, key };
  const added = [...groups, { key, label, items: [] }].sort((a, b) =>
    a.key < b.key ? 1 : a.key > b.key ? -1 : 0,
  );
  return { groups: added, key };
}

/** Reads a stored grouping mode, falling back to no grouping for anything unknown. */
export function parseGroupingMode(value: string | null): GroupingMode {
  return value === '2' ? 2 : value === '3' ? 3 : 1;
}
