import { z } from 'zod';
import { atMost, Text } from './common.ts';

/** The most items one page of a paged listing (a folder, an album's photos) holds. */
export const maxPageSize = 1000;
const pageSizeWords = `limit must be a whole number from 1 to ${maxPageSize}`;

/**
 * The response header that carries the cursor of the next page of a paged listing (absent on the last page). A
 * header, so the body stays the plain array the specification shows, paged or not.
 */
export const nextPageHeader = 'x-next-page';

/** The response header of a paged listing's first page that says how many items the whole listing holds. */
export const totalCountHeader = 'x-total-count';

/**
 * The response header of a page read backwards or around an item: the cursor of the page before it (pass it as
 * `before`), absent when nothing comes before.
 */
export const previousPageHeader = 'x-previous-page';

/** The response header of a page read around an item: where its first item stands in the whole listing, from 0. */
export const pageStartHeader = 'x-page-start';

/**
 * Optional keyset paging of a listing: `limit` asks for at most that many items, `after` continues where the page
 * that gave it (in its `x-next-page` header) ended; a call with neither answers the whole listing.
 */
export const PageQuery = z.object({
  after: Text().max(2048, atMost(2048)).optional(),
  limit: z.coerce
    .number({ invalid_type_error: pageSizeWords })
    .int(pageSizeWords)
    .min(1, pageSizeWords)
    .max(maxPageSize, pageSizeWords)
    .optional(),
});
