import type { Db } from '../../db/database.ts';
import { addedByInclude, type ImageWithAdder } from './present.ts';

/** An album's images that are not in the trash, first to last by rank, with who added each. */
export function listImages(db: Db, albumId: string): Promise<ImageWithAdder[]> {
  return db.image.findMany({
    where: { albumId, trashedAt: null },
    orderBy: { rank: 'asc' },
    include: addedByInclude,
  });
}
