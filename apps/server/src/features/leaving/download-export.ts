import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';

/** A signed URL to the member's own ready export; 404 when there is none or it has expired. */
export async function downloadExport({ db, blobs }: Pick<AppDeps, 'db' | 'blobs'>, userId: string) {
  const row = await db.dataExport.findFirst({
    where: { userId, readyAt: { not: null }, expiresAt: { gt: new Date() } },
  });
  if (!row) throw notFound('There is no export of your data to download; it may have expired');
  const day = row.readyAt!.toISOString().slice(0, 10);
  return {
    url: await blobs.downloadUrl(row.blobKey, {
      fileName: `my-data-${day}.zip`,
      contentType: 'application/zip',
    }),
  };
}
