import type { AppDeps } from '../../deps.ts';
import { Prisma } from '../../db/generated/client.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { lockAlbumImages } from './ranks.ts';

/**
 * The statement that moves the live images `ids` of album `albumId` to the trash at `now`. Each keeps its old rank
 * and its neighbours for a restore (features/trash), which a bulk update cannot copy column to column. A neighbour
 * is the photo beside it now, unless one trashed earlier sat between them: that one names it as its own neighbour,
 * and is named in turn, so the photos of a gap restored in any order line up.
 *
 * The chosen photos and those earlier ones are joined, never looked up per photo: per photo, the lookups read the
 * album's rows and the list of chosen ids again, and "Select all" on a 10,000-photo album took 310 s on PGlite,
 * all of it in the removal's transaction.
 */
export const trashImagesSql = (albumId: string, ids: readonly string[], now: Date): Prisma.Sql => Prisma.sql`
  UPDATE "Image" i SET "trashedAt" = ${now}, "trashedRank" = i.rank, rank = -1,
    "trashedAfterId" = COALESCE(gap_before.id, beside.before),
    "trashedBeforeId" = COALESCE(gap_after.id, beside.after)
  FROM (SELECT id, lag(id) OVER (ORDER BY rank) AS before, lead(id) OVER (ORDER BY rank) AS after
        FROM "Image" WHERE "albumId" = ${albumId}::uuid AND "trashedAt" IS NULL) beside
  JOIN unnest(${ids}::uuid[]) AS chosen (id) ON chosen.id = beside.id
  LEFT JOIN (SELECT DISTINCT ON ("trashedBeforeId") "trashedBeforeId" AS beside, id FROM "Image"
             WHERE "albumId" = ${albumId}::uuid AND "trashedAt" IS NOT NULL AND "trashedBeforeId" IS NOT NULL
             ORDER BY "trashedBeforeId", "trashedAt" DESC) gap_before ON gap_before.beside = beside.id
  LEFT JOIN (SELECT DISTINCT ON ("trashedAfterId") "trashedAfterId" AS beside, id FROM "Image"
             WHERE "albumId" = ${albumId}::uuid AND "trashedAt" IS NOT NULL AND "trashedAfterId" IS NOT NULL
             ORDER BY "trashedAfterId", "trashedAt" DESC) gap_after ON gap_after.beside = beside.id
  WHERE i.id = beside.id`;

/**
 * Moves images to the owner's trash, all or none: each gives up its rank (-1), remembering for a restore the old
 * one and its neighbours (see `Image.trashedAfterId`), and the album's live images are ranked 0, 1, 2… again in
 * their order, so ranks stay dense. `chosen` names them (each must be a live image of the album, else 404) or, as
 * `allExcept`, takes every live image but those; `mayRemove` must allow each (else 403). Their rows and blobs stay
 * until deleted forever or purged
 * (features/trash).
 */
export async function removeImages(
  deps: Pick<AppDeps, 'db'>,
  albumId: string,
  chosen: readonly string[] | { allExcept: readonly string[] },
  mayRemove: (image: { addedById: string | null }) => boolean = () => true,
): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    if (!(await lockAlbumImages(tx, albumId))) throw notFound('Not Found');
    const named = 'allExcept' in chosen ? null : chosen;
    const found = await tx.image.findMany({
      where: {
        albumId,
        trashedAt: null,
        id: named ? { in: [...named] } : { notIn: [...(chosen as { allExcept: string[] }).allExcept] },
      },
      select: { id: true, addedById: true },
    });
    if (named && found.length !== new Set(named).size) throw notFound('Not Found');
    if (!found.every(mayRemove)) {
      throw forbidden('Only the owner of this photo album may remove photos others added');
    }
    if (found.length === 0) return;
    await tx.$executeRaw(
      trashImagesSql(
        albumId,
        found.map(({ id }) => id),
        new Date(),
      ),
    );
    await tx.$executeRaw`
      UPDATE "Image" i SET rank = dense.rank
      FROM (SELECT id, (row_number() OVER (ORDER BY rank) - 1)::int AS rank
            FROM "Image" WHERE "albumId" = ${albumId}::uuid AND "trashedAt" IS NULL) dense
      WHERE i.id = dense.id AND i.rank <> dense.rank`;
  });
}

/** Moves one image to the owner's trash (see `removeImages`); the caller has checked that they may. */
export const removeImage = (deps: Pick<AppDeps, 'db'>, albumId: string, imageId: string) =>
  removeImages(deps, albumId, [imageId]);
