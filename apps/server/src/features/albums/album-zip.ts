import type { Db } from '../../db/database.ts';
import { safeSegment } from '../../zip/entry-names.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';

/** An album's photos as zip entries `<album name>/001.jpg`, numbered by rank (wider when there are more). */
export async function albumZip(db: Db, album: { id: string; name: string; createdAt: Date }) {
  const images = await db.image.findMany({
    where: { albumId: album.id, trashedAt: null },
    orderBy: { rank: 'asc' },
    select: { id: true, createdAt: true },
  });
  const top = safeSegment(album.name);
  const digits = Math.max(3, String(images.length).length);
  const entries: ZipEntry[] = [
    { kind: 'folder', path: `${top}/`, modified: album.createdAt },
    ...images.map((image, i) => ({
      kind: 'file' as const,
      path: `${top}/${String(i + 1).padStart(digits, '0')}.jpg`,
      modified: image.createdAt,
      blobKey: image.id,
    })),
  ];
  return { fileName: `${top}.zip`, entries };
}
