import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

const baseMs = 1000;
const maxMs = 60_000;
/** The delay after `attempts` failures with the jitter at its top (1) or bottom (0). */
const delay = (attempts: number, jitter: number) => retryDelayMs(attempts, baseMs, maxMs, () => jitter);

describe('retry backoff', () => {
  it('doubles the upper bound of each delay from the first retry on, up to the maximum, and stays there', () => {
    const bounds = Array.from({ length: 10 }, (_, i) => delay(i + 1, 1));
    expect(bounds).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
    expect(delay(60, 1)).toBe(maxMs);
    expect(delay(5000, 1)).toBe(maxMs);
  });

  it('waits at least half its bound, so jobs that failed together spread out but still back off', () => {
    for (let attempts = 1; attempts <= 10; attempts++) {
      const bound = delay(attempts, 1);
      expect(delay(attempts, 0)).toBe(bound / 2);
      expect(delay(attempts, 0.5)).toBe((bound * 3) / 4);
    }
    expect(delay(5000, 0)).toBe(maxMs / 2);
  });
});
