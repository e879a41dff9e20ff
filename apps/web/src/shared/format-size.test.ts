import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size.ts';

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
