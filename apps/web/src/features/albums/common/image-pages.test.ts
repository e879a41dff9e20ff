import { nextPageHeader, totalCountHeader, type Image } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { changePages } from './image-pages.ts';

const photo = (imageId: string, rank: number) => ({ imageId, rank }) as Image;

const pages = () => ({
  pageParams: [undefined, 'c1'],
  pages: [
    {
      body: [photo('a', 0), photo('b', 1)],
      headers: new Headers({ [totalCountHeader]: '10', [nextPageHeader]: 'c1' }),
    },
    { body: [photo('c', 2), photo('d', 3)], headers: new Headers({ [nextPageHeader]: 'c2' }) },
  ],
});

const ids = (data: ReturnType<typeof pages> | undefined) =>
  data?.pages.map((p) => p.body.map((i) => i.imageId));

describe("the cached pages of an album's photos", () => {
  it('keeps each page its size, so the cursors of the pages to come stay where they were', () => {
    const moved = changePages((all) => [all[2]!, all[0]!, all[1]!, all[3]!])(pages());
    expect(ids(moved)).toEqual([
      ['c', 'a'],
      ['b', 'd'],
    ]);
    expect(moved?.pages[0]?.headers.get(totalCountHeader)).toBe('10');
    expect(moved?.pageParams).toEqual([undefined, 'c1']);
  });

  it('takes a removal out of the last page and counts one photo fewer', () => {
    const removed = changePages((all) => all.filter((i) => i.imageId !== 'a'))(pages());
    expect(ids(removed)).toEqual([['b', 'c'], ['d']]);
    expect(removed?.pages[0]?.headers.get(totalCountHeader)).toBe('9');
    expect(removed?.pages[0]?.headers.get(nextPageHeader)).toBe('c1');
  });

  it('counts a photo added among the pages not read yet without showing it', () => {
    const added = changePages((all) => all, 1)(pages());
    expect(ids(added)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(added?.pages[0]?.headers.get(totalCountHeader)).toBe('11');
  });

  it('leaves nothing cached as nothing', () => {
    expect(changePages((all) => all)(undefined)).toBeUndefined();
  });
});
