import { describe, expect, it } from 'vitest';
import { percentOf, progressText, summaryText, totals } from './figures.ts';
import { speedOf } from './speed.ts';
import type { UploadItem } from './upload-store.ts';

const anItem = (change: Partial<UploadItem>): UploadItem => ({
  key: 'k',
  name: 'a',
  place: null,
  state: 'uploading',
  loaded: 0,
  total: 100,
  speed: null,
  reason: null,
  canPause: false,
  canRetry: true,
  ...change,
});

describe('upload figures', () => {
  it('measures speed over at least a second, not counting bytes already stored when it started', () => {
    expect(speedOf([{ at: 0, loaded: 50_000_000 }])).toBeNull();
    expect(
      speedOf([
        { at: 0, loaded: 50_000_000 },
        { at: 500, loaded: 51_000_000 },
      ]),
    ).toBeNull();
    expect(
      speedOf([
        { at: 0, loaded: 50_000_000 },
        { at: 2000, loaded: 54_000_000 },
      ]),
    ).toBe(2_000_000);
  });

  it('shows bytes, percent, then speed and time left once there is a speed', () => {
    expect(progressText(5_000_000, 20_000_000, null)).toBe('5 MB of 20 MB · 25%');
    expect(progressText(5_000_000, 20_000_000, 1_500_000)).toBe('5 MB of 20 MB · 25% · 1.5 MB/s · 10 s left');
    expect(progressText(5_000_000, 20_000_000, 0)).toBe('5 MB of 20 MB · 25%');
  });

  it('says 100% only once the last byte is stored', () => {
    expect(percentOf(999_999, 1_000_000)).toBe(99);
    expect(percentOf(1_000_000, 1_000_000)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
  });

  it('adds up what is under way, and never says All done while an upload failed', () => {
    const items = [
      anItem({ loaded: 30, total: 100, speed: 10 }),
      anItem({ state: 'paused', loaded: 20, total: 50, speed: 99 }),
      anItem({ state: 'done', loaded: 70, total: 70 }),
      anItem({ state: 'failed', loaded: 5, total: 10 }),
    ];
    const sum = totals(items);
    expect(sum).toMatchObject({ loaded: 50, total: 150, speed: 10, active: 2 });
    expect(summaryText(sum)).toBe('1 in progress, 1 paused, 1 failed');
    expect(summaryText(totals(items.slice(2)))).toBe('1 failed');
    expect(summaryText(totals(items.slice(2, 3)))).toBe('All done');
    expect(totals([anItem({ total: null })]).total).toBeNull();
  });
});
