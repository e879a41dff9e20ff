import { TakenAt } from '@site/contract';

/** EXIF's times: `2025:06:14 18:32:00`, the camera's wall clock. */
const exifTime = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** EXIF's offsets from UTC: `+02:00`. */
const exifOffset = /^[+-]\d{2}:\d{2}$/;

/**
 * An EXIF time as ISO, or undefined when it is not a real time within what the server takes (contract TakenAt:
 * cameras with an unset clock say `0000:00:00 00:00:00`). With its offset it is that exact moment; without one,
 * it is read as this browser's local time, which is the camera's when the photo is added where it was taken.
 */
export function exifTimeToIso(time: unknown, offset?: unknown): string | undefined {
  const parts = typeof time === 'string' ? exifTime.exec(time.trim()) : null;
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = `${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}`;
  const at =
    typeof offset === 'string' && exifOffset.test(offset.trim())
      ? new Date(`${wall}${offset.trim()}`)
      : new Date(year, month - 1, day, hour, minute, second);
  // Date rolls 30 February over into March; such a time is not one the camera meant.
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const real =
    local.getUTCFullYear() === year && local.getUTCMonth() === month - 1 && local.getUTCDate() === day;
  if (!real || Number.isNaN(at.getTime()) || hour > 23 || minute > 59 || second > 59) return undefined;
  const iso = at.toISOString();
  return TakenAt.safeParse(iso).success ? iso : undefined;
}

/**
 * When a picked photo was taken, from its EXIF (JPEG, HEIC, TIFF): DateTimeOriginal, else CreateDate, with
 * OffsetTimeOriginal when the camera wrote one; undefined when it says nothing usable. exifr is loaded only when
 * photos are added, so the album page does not carry it. Videos say when they were taken in their own metadata,
 * which video-date.ts reads.
 */
export async function captureDate(file: Blob): Promise<string | undefined> {
  if (!file.type.startsWith('image/') && file.type !== '') return undefined;
  try {
    const { parse } = await import('exifr');
    const tags = (await parse(file, {
      pick: ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal'],
      reviveValues: false,
    })) as Record<string, unknown> | undefined;
    if (!tags) return undefined;
    return exifTimeToIso(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ?? exifTimeToIso(tags.CreateDate);
  } catch {
    // A photo whose metadata cannot be read is still a photo; it just has no date.
    return undefined;
  }
}
