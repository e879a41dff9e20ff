import { describe, expect, it } from 'vitest';
import { dropDuplicates, skippedNote, type Picked } from './duplicates.ts';

const file = (name: string) => new File([name], name, { type: 'image/jpeg' });
const pick = (name: string, hash: string | undefined): Picked => ({ file: file(name), hash });

describe('skipping photos the album has', () => {
  it('leaves out files the album has and repeats within one pick, keeping the rest in order', () => {
    const picked = [pick('a', 'h1'), pick('b', 'h2'), pick('c', 'h1'), pick('d', undefined), pick('e', 'h3')];
    expect(dropDuplicates(picked, new Set(['h2'])).map((p) => p.file.name)).toEqual(['a', 'd', 'e']);
  });

  it('says how many were skipped and why, and nothing when none were', () => {
    expect(skippedNote(2)).toBe('2 skipped: already in this album');
    expect(skippedNote(1)).toBe('1 skipped: already in this album');
    expect(skippedNote(0)).toBeNull();
  });
});
