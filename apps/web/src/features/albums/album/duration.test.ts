import { describe, expect, it } from 'vitest';
import { durationText } from './duration.ts';

describe('durationText', () => {
  it('reads as phones show a video length', () => {
    expect(durationText(0)).toBe('0:00');
    expect(durationText(4_400)).toBe('0:04');
    expect(durationText(4_600)).toBe('0:05');
    expect(durationText(750_000)).toBe('12:30');
    expect(durationText(3_723_000)).toBe('1:02:03');
  });
});
