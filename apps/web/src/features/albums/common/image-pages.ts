import type { InfiniteData } from '@tanstack/react-query';
import { totalCountHeader, type Image } from '@site/contract';

/** A page of an album's photos as the cache holds it: the answer's body and headers. */
export interface ImagesPage {
  body: Image[];
  headers: Headers;
}

/**
 * An updater for the cached pages of an album's photos: `update` gets the photos read so far as one list, in the
 * album's order, and the pages keep their sizes (the last takes what the list gained or lost), so the cursors of
 * the pages still to read stay where they were. The album's total moves by the same number of photos, or by
 * `added` when the change happened among the pages not read yet.
 */
export const changePages =
  (update: (images: Image[]) => Image[], added?: number) =>
  <D extends InfiniteData<ImagesPage>>(data: D | undefined): D | undefined => {
    if (!data || data.pages.length === 0) return data;
    const before = data.pages.flatMap((page) => page.body);
    const after = update(before);
    let from = 0;
    const pages = data.pages.map((page, index) => {
      const last = index === data.pages.length - 1;
      const body = after.slice(from, last ? undefined : from + page.body.length);
      from += page.body.length;
      return { ...page, body };
    });
    const first = pages[0]!;
    const total = first.headers.get(totalCountHeader);
    if (total !== null) {
      const headers = new Headers(first.headers);
      headers.set(totalCountHeader, String(Number(total) + (added ?? after.length - before.length)));
      pages[0] = { ...first, headers };
    }
    return { ...data, pages };
  };
