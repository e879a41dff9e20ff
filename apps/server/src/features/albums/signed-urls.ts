import type { AppDeps } from '../../deps.ts';
import { Prisma } from '../../db/generated/client.ts';
import { albumRoleSql, callerSql, roleMaySql, type AlbumCaller } from './album-role.ts';
import { viewableBlobSql, viewableBlobTypeSql } from './viewable-blobs.ts';

/**
 * Signed GET URLs for the full-size, rendition and thumbnail ids of images `user` may view (none in the trash), and
 * for the video of a video item: whoever may view plays it, as there is no other rendition of it (its download as
 * the original, named, follows the originals rules). Other ids are left out silently, so the answer never tells
 * whether they exist.
 */
export async function signedUrls(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  user: AlbumCaller,
  ids: string[],
): Promise<Record<string, string>> {
  const asked = Prisma.join(ids.map((id) => Prisma.sql`(${id}::uuid)`));
  const found = await db.$queryRaw<{ key: string; contentType: string }[]>`
    SELECT DISTINCT k.key, ${viewableBlobTypeSql(Prisma.sql`k.key`)} AS "contentType"
    FROM (VALUES ${asked}) AS k(key)
    JOIN "Image" i ON ${viewableBlobSql(Prisma.sql`k.key`)}
    JOIN "PhotoAlbum" a ON a.id = i."albumId"
    WHERE i."trashedAt" IS NULL AND ${roleMaySql(albumRoleSql(callerSql(user)), 'view')}`;
  const typeOf = new Map(found.map((f) => [f.key, f.contentType]));
  const wanted = [...new Set(ids)].filter((id) => typeOf.has(id));
  const urls = await Promise.all(
    wanted.map(async (id) => [id, await blobs.downloadUrl(id, { contentType: typeOf.get(id) })] as const),
  );
  return Object.fromEntries(urls);
}
