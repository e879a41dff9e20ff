const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/**
 * A byte count as people read it, in decimal units: `0 B`, `532 B`, `1.2 KB`, `15 MB`, `2.1 GB`. One decimal
 * below 10 of a unit, whole numbers above; a value that would round to 1000 moves up a unit.
 */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (unit < units.length - 1 && Math.round(value * 10) / 10 >= 999.5) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  const shown = value < 9.95 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${shown} ${units[unit]}`;
}
