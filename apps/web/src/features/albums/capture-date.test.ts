import { describe, expect, it } from 'vitest';
import { exifTimeToIso } from './capture-date.ts';

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
