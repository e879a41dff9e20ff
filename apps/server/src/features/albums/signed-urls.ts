import type { AppDeps } from '../../deps.ts';
import { Prisma } from '../../db/generated/client.ts';
import { albumRoleSql, callerSql, roleMaySql, type AlbumCaller } from './album-role.ts';

/**
 * Signed GET URLs for the full-size, rendition and thumbnail ids of images `user` may view (none in the trash).
 * Other ids are left out silently, so the answer never tells whether they exist.
 */
export async function signedUrls(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  user: AlbumCaller,
  ids: string[],
): Promise<Record<string, string>> {
  const asked = Prisma.sql`(${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})`;
  const images = await db.$queryRaw<{ id: string; thumbnailId: string; renditionId: string | null }[]>`
    SELECT i.id, i."thumbnailId", i."renditionId" FROM "Image" i JOIN "PhotoAlbum" a ON a.id = i."albumId"
    WHERE (i.id IN ${asked} OR i."thumbnailId" IN ${asked} OR i."renditionId" IN ${asked})
      AND i."trashedAt" IS NULL AND ${roleMaySql(albumRoleSql(callerSql(user)), 'view')}`;
  const allowed = new Set(images.flatMap((i) => [i.id, i.thumbnailId, i.renditionId]));
  const wanted = [...new Set(ids)].filter((id) => allowed.has(id));
  const urls = await Promise.all(
    wanted.map(async (id) => [id, await blobs.downloadUrl(id, { contentType: 'image/jpeg' })] as const),
  );
  return Object.fromEntries(urls);
}
