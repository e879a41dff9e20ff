import type { AppDeps } from '../../deps.ts';
import { Prisma } from '../../db/generated/client.ts';
import { albumRoleSql, callerSql, roleMaySql, type AlbumCaller } from './album-role.ts';

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
  const asked = Prisma.sql`(${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})`;
  const images = await db.$queryRaw<
    {
      id: string;
      thumbnailId: string;
      renditionId: string | null;
      videoId: string | null;
      videoType: string;
    }[]
  >`
    SELECT i.id, i."thumbnailId", i."renditionId",
      CASE WHEN i."durationMs" IS NOT NULL THEN i."originalId" END AS "videoId", i."originalType" AS "videoType"
    FROM "Image" i JOIN "PhotoAlbum" a ON a.id = i."albumId"
    WHERE (i.id IN ${asked} OR i."thumbnailId" IN ${asked} OR i."renditionId" IN ${asked}
        OR (i."originalId" IN ${asked} AND i."durationMs" IS NOT NULL))
      AND i."trashedAt" IS NULL AND ${roleMaySql(albumRoleSql(callerSql(user)), 'view')}`;
  const typeOf = new Map<string, string>();
  for (const i of images) {
    for (const id of [i.id, i.thumbnailId, i.renditionId]) if (id) typeOf.set(id, 'image/jpeg');
    if (i.videoId) typeOf.set(i.videoId, i.videoType);
  }
  const wanted = [...new Set(ids)].filter((id) => typeOf.has(id));
  const urls = await Promise.all(
    wanted.map(async (id) => [id, await blobs.downloadUrl(id, { contentType: typeOf.get(id) })] as const),
  );
  return Object.fromEntries(urls);
}
