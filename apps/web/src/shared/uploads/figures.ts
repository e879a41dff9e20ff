import { formatDuration, formatSize, formatSpeed } from '../format.ts';
import { secondsLeft } from './speed.ts';
import type { UploadItem } from './upload-store.ts';

/** Whole percent done, never 100 before the last byte. */
export const percentOf = (loaded: number, total: number) =>
  total === 0 ? 100 : Math.min(loaded === total ? 100 : 99, Math.floor((loaded / total) * 100));

/**
 * Progress in words: `5.2 MB of 20 MB · 26% · 1.5 MB/s · 10 s left` (speed and time left once measured and
 * while moving).
 */
export function progressText(loaded: number, total: number, speed: number | null): string {
  const parts = [`${formatSize(loaded)} of ${formatSize(total)}`, `${percentOf(loaded, total)}%`];
  const left = secondsLeft(total - loaded, speed);
  if (speed && left !== null) parts.push(formatSpeed(speed), `${formatDuration(left)} left`);
  return parts.join(' · ');
}

/** True for an upload under way: moving, waiting for the connection, or paused. */
export const isActive = (item: UploadItem) =>
  item.state === 'uploading' || item.state === 'offline' || item.state === 'paused';

/** The panel's totals: every upload under way, taken together. */
export function totals(items: readonly UploadItem[]) {
  const active = items.filter(isActive);
  const count = (state: UploadItem['state']) => items.filter((i) => i.state === state).length;
  const known = active.every((i) => i.total !== null);
  // A paused upload has no speed, whatever it last measured.
  const speeds = active
    .filter((i) => i.state === 'uploading')
    .map((i) => i.speed)
    .filter((s): s is number => s !== null);
  return {
    active: active.length,
    uploading: count('uploading'),
    offline: count('offline'),
    paused: count('paused'),
    unfinished: count('unfinished'),
    failed: count('failed'),
    done: count('done'),
    loaded: active.reduce((sum, i) => sum + i.loaded, 0),
    /** Null while some size is not known yet. */
    total: known ? active.reduce((sum, i) => sum + (i.total ?? 0), 0) : null,
    speed: speeds.length > 0 ? speeds.reduce((a, b) => a + b, 0) : null,
  };
}

/** The header's one-line summary; never "All done" while an upload failed. */
export function summaryText(t: ReturnType<typeof totals>): string {
  const parts: string[] = [];
  if (t.uploading > 0) parts.push(`${t.uploading} in progress`);
  if (t.offline > 0) parts.push(`${t.offline} waiting for the connection`);
  if (t.paused > 0) parts.push(`${t.paused} paused`);
  if (t.failed > 0) parts.push(`${t.failed} failed`);
  if (t.unfinished > 0) parts.push(`${t.unfinished} unfinished`);
  if (parts.length === 0 && t.done > 0) return 'All done';
  return parts.join(', ');
}
