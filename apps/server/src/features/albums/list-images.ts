import type { Db } from '../../db/database.ts';
import type { Image as ImageRow } from '../../db/generated/client.ts';

/** An album's images that are not in the trash, first to last by rank. */
export function listImages(db: Db, albumId: string): Promise<ImageRow[]> {
  return db.image.findMany({ where: { albumId, trashedAt: null }, orderBy: { rank: 'asc' } });
}
