// @vitest-environment jsdom
// exifr reads a Blob as a browser does (FileReader), which jsdom has and Node does not.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { captureDate, exifTimeToIso } from './capture-date.ts';

const run = promisify(execFile);

/** A real photo file as a camera leaves it: a JPEG (sharp) or a HEIC (heif-enc), its EXIF written by exiftool. */
async function photo(kind: 'jpg' | 'heic', tags: string[]): Promise<Blob> {
  const dir = await mkdtemp(path.join(tmpdir(), 'capture-date-'));
  const jpeg = path.join(dir, 'photo.jpg');
  await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toFile(jpeg);
  const file = kind === 'jpg' ? jpeg : path.join(dir, 'photo.heic');
  if (kind === 'heic') await run('heif-enc', ['-q', '60', jpeg, '-o', file]);
  if (tags.length > 0) await run('exiftool', ['-q', '-overwrite_original', ...tags, file]);
  return new Blob([await readFile(file)], { type: kind === 'jpg' ? 'image/jpeg' : 'image/heic' });
}

describe('capture dates from EXIF', () => {
  it('reads a time with its offset as that exact moment', () => {
    expect(exifTimeToIso('2025:06:14 18:32:00', '+02:00')).toBe('2025-06-14T16:32:00.000Z');
    expect(exifTimeToIso('2025:06:14 18:32:00', '-05:30')).toBe('2025-06-15T00:02:00.000Z');
  });

  it("reads a time without an offset as the browser's local time", () => {
    expect(exifTimeToIso('2025:06:14 18:32:00')).toBe(new Date(2025, 5, 14, 18, 32, 0).toISOString());
    expect(exifTimeToIso('2025:06:14 18:32:00', 'garbage')).toBe(new Date(2025, 5, 14, 18, 32).toISOString());
  });

  it('leaves out what is not a real time the server would take', () => {
    for (const time of [
      '0000:00:00 00:00:00',
      '2025:02:30 10:00:00',
      '2025:06:14 25:00:00',
      '1899:12:31 12:00:00',
      '2999:01:01 00:00:00',
      '2025-06-14T18:32:00',
      '',
      undefined,
      42,
    ]) {
      expect(exifTimeToIso(time), String(time)).toBeUndefined();
    }
  });
});

describe('capture dates of real photos', () => {
  it('reads DateTimeOriginal with its offset from a JPEG', async () => {
    const jpeg = await photo('jpg', ['-DateTimeOriginal=2025:06:14 18:32:00', '-OffsetTimeOriginal=+02:00']);
    expect(await captureDate(jpeg)).toBe('2025-06-14T16:32:00.000Z');
  });

  it("reads an iPhone's HEIC, and falls back to CreateDate without DateTimeOriginal", async () => {
    const heic = await photo('heic', ['-CreateDate=2024:12:24 19:05:00']);
    expect(await captureDate(heic)).toBe(new Date(2024, 11, 24, 19, 5).toISOString());
  });

  it('answers nothing for a photo without a date or a file that is no photo', async () => {
    expect(await captureDate(await photo('jpg', []))).toBeUndefined();
    expect(await captureDate(new Blob(['not a photo'], { type: 'image/jpeg' }))).toBeUndefined();
  });
});
