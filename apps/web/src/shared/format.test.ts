import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatSize, formatSpeed } from './format.ts';

describe('sizes for people', () => {
  it('shows bytes, then one decimal below ten of a unit, whole numbers above', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(999)).toBe('999 B');
    expect(formatSize(1000)).toBe('1 KB');
    expect(formatSize(1234)).toBe('1.2 KB');
    expect(formatSize(15_400)).toBe('15 KB');
    expect(formatSize(1_200_000)).toBe('1.2 MB');
    expect(formatSize(2 * 1024 ** 3)).toBe('2.1 GB');
  });

  it('moves up a unit instead of showing 1000', () => {
    expect(formatSize(999_600)).toBe('1 MB');
    expect(formatSize(9_960)).toBe('10 KB');
  });
});

describe('speeds and times left for people', () => {
  it('shows a rate per second in the same units as sizes', () => {
    expect(formatSpeed(850_000)).toBe('850 KB/s');
    expect(formatSpeed(2_140_000.7)).toBe('2.1 MB/s');
  });

  it('rounds a time left up, to seconds, five seconds, minutes, then hours and minutes', () => {
    expect(formatDuration(0.2)).toBe('1 s');
    expect(formatDuration(7.1)).toBe('8 s');
    expect(formatDuration(41)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(61)).toBe('2 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3900)).toBe('1 h 5 min');
  });
});

describe('moments for people', () => {
  it('shows the day, the month in words, the year and the time on a 24-hour clock', () => {
    expect(formatDateTime('2025-06-14T16:32:00.000Z', 'Europe/Berlin')).toBe('14 June 2025, 18:32');
    expect(formatDateTime('2025-01-05T00:07:00.000Z', 'UTC')).toBe('5 January 2025, 00:07');
  });
});
