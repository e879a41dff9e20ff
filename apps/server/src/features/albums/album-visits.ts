import type { AppDeps } from '../../deps.ts';
import { Prisma } from '../../db/generated/client.ts';

/**
 * What is new to a member in an album they may see, written once. The album list counts the photos others added
 * since the member last opened the album. Inside the album, those photos stay marked new while the member looks
 * around, so that opening the album (and each return from the image viewer, which opens it again) does not clear
 * the marks before they are seen: the marks are a batch, the photos added since the opening before the batch began.
 * An opening begins a new batch when photos were added since the last opening (so the marks are exactly what the
 * list counted) or when the album rested unopened for `visitGapMs` (so old marks do not linger).
 */

/** How long an album may rest unopened before the next opening begins a new batch (the usual web-analytics session). */
export const visitGapMs = 30 * 60_000;

/** The earliest opening that still keeps its batch of marks at `now`. */
const visitStart = (now: Date) => new Date(now.getTime() - visitGapMs);

/**
 * Whether the batch of marks in view row `v` (an alias of the surrounding query, never user input) is over at `now`:
 * the next opening begins a new one, whose marks start at `v`'s last opening.
 */
const batchOverSql = (v: string, callerId: string, now: Date): Prisma.Sql => {
  const view = Prisma.raw(`"${v}"`);
  return Prisma.sql`(${view}."viewedAt" < ${visitStart(now)} OR EXISTS (
    SELECT 1 FROM "Image" added WHERE added."albumId" = ${view}."albumId" AND added."trashedAt" IS NULL
      AND ${imageNewSinceSql('added', callerId, Prisma.sql`${view}."viewedAt"`)}))`;
};

/** Records that a user opened an album (the latest time wins), beginning a new batch of marks when one is over. */
export async function recordAlbumView(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  albumId: string,
): Promise<void> {
  const now = new Date();
  await db.$executeRaw`
    INSERT INTO "AlbumView" ("userId", "albumId", "viewedAt") VALUES (${userId}::uuid, ${albumId}::uuid, ${now})
    ON CONFLICT ("userId", "albumId") DO UPDATE SET
      "marksSince" = CASE WHEN ${batchOverSql('AlbumView', userId, now)}
        THEN "AlbumView"."viewedAt" ELSE "AlbumView"."marksSince" END,
      "viewedAt" = EXCLUDED."viewedAt"`;
}

/**
 * Since when photos are marked new to `callerId` inside album `albumId`, as a one-row SQL subquery with column
 * `since` (null: all of them; no row: never opened, all of them too). A batch that is over counts as begun anew at
 * its last opening, so the answer is the same whether it is read before or after the opening that begins the next.
 */
export const marksSinceSql = (albumId: string, callerId: string, now: Date): Prisma.Sql => Prisma.sql`
  (SELECT CASE WHEN ${batchOverSql('v', callerId, now)} THEN v."viewedAt" ELSE v."marksSince" END AS since
   FROM "AlbumView" v WHERE v."albumId" = ${albumId}::uuid AND v."userId" = ${callerId}::uuid)`;

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
