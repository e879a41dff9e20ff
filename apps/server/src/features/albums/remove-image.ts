import type { AppDeps } from '../../deps.ts';
import { Prisma } from '../../db/generated/client.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { lockAlbumImages } from './ranks.ts';

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
    // Each keeps its old rank and its neighbours for a restore (features/trash), which a bulk update cannot copy
    // column to column. A neighbour is the photo beside it now, unless one trashed earlier sat between them: that
    // one names it as its own neighbour, and is named in turn, so the photos of a gap restored in any order line up.
    const ids = Prisma.join(found.map(({ id }) => Prisma.sql`${id}::uuid`));
    await tx.$executeRaw`
      UPDATE "Image" i SET "trashedAt" = ${new Date()}, "trashedRank" = i.rank, rank = -1,
        "trashedAfterId" = COALESCE(
          (SELECT t.id FROM "Image" t
           WHERE t."albumId" = i."albumId" AND t."trashedAt" IS NOT NULL AND t."trashedBeforeId" = i.id
           ORDER BY t."trashedAt" DESC LIMIT 1),
          beside.before),
        "trashedBeforeId" = COALESCE(
          (SELECT t.id FROM "Image" t
           WHERE t."albumId" = i."albumId" AND t."trashedAt" IS NOT NULL AND t."trashedAfterId" = i.id
           ORDER BY t."trashedAt" DESC LIMIT 1),
          beside.after)
      FROM (SELECT id, lag(id) OVER (ORDER BY rank) AS before, lead(id) OVER (ORDER BY rank) AS after
            FROM "Image" WHERE "albumId" = ${albumId}::uuid AND "trashedAt" IS NULL) beside
      WHERE i.id = beside.id AND i.id IN (${ids})`;
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
