import type { AppDeps } from '../../deps.ts';
import { viewableBy, type AlbumCaller } from './access.ts';

/**
 * Signed GET URLs for the full-size, rendition and thumbnail ids of images `user` may view (none in the trash). Other ids are left out silently, so the
 * answer never tells whether they exist.
 */
export async function signedUrls(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  user: AlbumCaller,
  ids: string[],
): Promise<Record<string, string>> {
  const images = await db.image.findMany({
    where: {
      OR: [{ id: { in: ids } }, { thumbnailId: { in: ids } }, { renditionId: { in: ids } }],
      trashedAt: null,
      album: viewableBy(user),
    },
    select: { id: true, thumbnailId: true, renditionId: true },
  });
  const allowed = new Set(images.flatMap((i) => [i.id, i.thumbnailId, i.renditionId]));
  const wanted = [...new Set(ids)].filter((id) => allowed.has(id));
  const urls = await Promise.all(
    wanted.map(async (id) => [id, await blobs.downloadUrl(id, { contentType: 'image/jpeg' })] as const),
  );
  return Object.fromEntries(urls);
}
