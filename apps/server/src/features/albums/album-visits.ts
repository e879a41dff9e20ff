import type { AppDeps } from '../../deps.ts';
import { Prisma } from '../../db/generated/client.ts';

/**
 * What is new to a member in an album they may see, written once. The album list counts the photos added since the
 * member last opened the album; inside the album, photos stay marked new for the whole visit in which they were
 * first shown, so that opening the album (and each return from the image viewer, which opens it again) does not
 * clear the marks before they are seen. A visit ends once the album has not been opened for `visitGapMs`; the next
 * opening starts a new one, whose marks are the photos added since the last opening of the one before.
 */

/** How long an album may rest unopened before the next opening is a new visit (the usual web-analytics session). */
export const visitGapMs = 30 * 60_000;

/** The earliest opening that still belongs to the visit going on at `now`. */
const visitStart = (now: Date) => new Date(now.getTime() - visitGapMs);

/**
 * Records that a user opened an album (the latest time wins); an opening after the gap starts a new visit, whose
 * marks begin at the previous opening.
 */
export async function recordAlbumView(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  albumId: string,
): Promise<void> {
  const now = new Date();
  await db.$executeRaw`
    INSERT INTO "AlbumView" ("userId", "albumId", "viewedAt") VALUES (${userId}::uuid, ${albumId}::uuid, ${now})
    ON CONFLICT ("userId", "albumId") DO UPDATE SET
      "marksSince" = CASE WHEN "AlbumView"."viewedAt" < ${visitStart(now)}
        THEN "AlbumView"."viewedAt" ELSE "AlbumView"."marksSince" END,
      "viewedAt" = EXCLUDED."viewedAt"`;
}

/**
 * Since when photos are marked new inside the album, as SQL over the caller's "AlbumView" row `v` (null: all of
 * them). A visit that is over counts as ended at its last opening, so the answer is the same whether the list is
 * read before or after the opening that starts the next visit.
 */
export const marksSinceSql = (v: string, now: Date): Prisma.Sql => {
  const view = Prisma.raw(`"${v}"`);
  return Prisma.sql`CASE WHEN ${view}."viewedAt" < ${visitStart(now)}
    THEN ${view}."viewedAt" ELSE ${view}."marksSince" END`;
};

/**
 * Whether image `i` (an alias of the surrounding query, never user input) is new to `callerId` since `since` (SQL;
 * null means ever): photos the caller added themselves never are. The caller being the owner is the query's to
 * rule out.
 */
export const imageNewSinceSql = (i: string, callerId: string, since: Prisma.Sql): Prisma.Sql => {
  const image = Prisma.raw(`"${i}"`);
  return Prisma.sql`(${image}."addedById" IS DISTINCT FROM ${callerId}::uuid
    AND (${since} IS NULL OR ${image}."createdAt" > ${since}))`;
};
