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

/** A transfer rate as people read it: `850 KB/s`, `2.1 MB/s`. */
export const formatSpeed = (bytesPerSecond: number) => `${formatSize(Math.round(bytesPerSecond))}/s`;

/**
 * A time still to wait, rounded up to what is worth reading: `5 s`, `50 s` (to 5 s below a minute), `3 min`,
 * `1 h 5 min`.
 */
export function formatDuration(seconds: number): string {
  if (seconds < 10) return `${Math.max(1, Math.ceil(seconds))} s`;
  if (seconds < 60) return `${Math.ceil(seconds / 5) * 5} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/**
 * A moment as people read it, in this browser's time zone unless one is given: `14 June 2025, 18:32`.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  return `${day.format(at)}, ${time.format(at)}`;
}
