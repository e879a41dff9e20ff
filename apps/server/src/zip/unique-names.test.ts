import { describe, expect, it } from 'vitest';
import { splitExtension, uniqueNames } from './unique-names.ts';

describe('names in an archive', () => {
  it('numbers a name that clashes with one before it, ignoring case, and keeps its extension', () => {
    expect(uniqueNames(['IMG_0001.HEIC', 'IMG_0001.HEIC', 'img_0001.heic', 'IMG_0002.HEIC'])).toEqual([
      'IMG_0001.HEIC',
      'IMG_0001 (2).HEIC',
      'img_0001 (3).heic',
      'IMG_0002.HEIC',
    ]);
  });

  it('skips a number a picked name already took', () => {
    expect(uniqueNames(['a (2).jpg', 'a.jpg', 'a.jpg'])).toEqual(['a (2).jpg', 'a.jpg', 'a (3).jpg']);
  });

  it('splits the extension at the last dot, never before a leading one', () => {
    expect(splitExtension('trip.2024.mov')).toEqual(['trip.2024', '.mov']);
    expect(splitExtension('.profile')).toEqual(['.profile', '']);
    expect(splitExtension('README')).toEqual(['README', '']);
  });
});
