import { Stream } from 'node:stream';
import type { Response } from 'express';
import type { DownloadOffload } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { LocalBlobStore } from '../../storage/local-blob-store.ts';
import { S3BlobStore } from '../../storage/s3-blob-store.ts';
import { serveLocalBlob, type ServedBlob } from '../../storage/serve-blob.ts';
import { albumRoleSql, callerSql, may, type AlbumCaller, type AlbumRole } from './album-role.ts';
import { refusal } from './access.ts';
import { viewableBlobSql, viewableBlobTypeSql } from './viewable-blobs.ts';
import { Prisma } from '../../db/generated/client.ts';

/** A blob key names bytes that never change, so its answer is kept as long as the browser will keep anything. */
const keptForever = 'private, max-age=31536000, immutable';

/**
 * One of the JPEGs (image, rendition or thumbnail) of a live photo of album `albumId`, or a video item's video, for
 * a caller who may view the album: one query, on every request, so a share withdrawn stops new requests at once.
 * Local blobs are sent (or handed to the proxy); S3 blobs are a redirect to a presigned URL that stays the same for
 * half a week.
 */
export async function photoFile(
  { db, blobs, config }: Pick<AppDeps, 'db' | 'blobs' | 'config'>,
  user: AlbumCaller,
  albumId: string,
  blobId: string,
  res: Response,
) {
  const key = Prisma.sql`${blobId}::uuid`;
  const [row] = await db.$queryRaw<{ role: AlbumRole; contentType: string }[]>`
    SELECT ${albumRoleSql(callerSql(user))} AS role, ${viewableBlobTypeSql(key)} AS "contentType"
    FROM "PhotoAlbum" a JOIN "Image" i ON i."albumId" = a.id
    WHERE a.id = ${albumId}::uuid AND i."trashedAt" IS NULL AND ${viewableBlobSql(key)}`;
  if (!row) throw notFound('Not Found');
  if (!may(row.role, 'view')) throw refusal(row.role);
  if (blobs instanceof S3BlobStore) {
    const { url, maxAgeSeconds } = await blobs.stableDownloadUrl(blobId, row.contentType);
    res.setHeader('Cache-Control', `private, max-age=${maxAgeSeconds}`);
    res.setHeader('Location', url);
    return { status: 302 as const, body: undefined };
  }
  if (!(blobs instanceof LocalBlobStore)) throw new Error('photos are served from local or S3 storage only');
  if ((await blobs.size(blobId)) === null) throw notFound('Not Found');
  const file = { key: blobId, contentType: row.contentType, cacheControl: keptForever };
  return { status: 200 as const, body: new LocalBlobBody(blobs, config.downloadOffload, file) };
}

/** ts-rest sends a stream body by calling its `pipe(res)`: this one lets `serveLocalBlob` answer instead. */
class LocalBlobBody extends Stream {
  constructor(
    private readonly store: LocalBlobStore,
    private readonly offload: DownloadOffload,
    private readonly file: ServedBlob,
  ) {
    super();
  }

  override pipe<T extends NodeJS.WritableStream>(res: T): T {
    const response = res as unknown as Response;
    // A failure is Express's to answer, as sendFile without a callback leaves it.
    serveLocalBlob(response, (error) => response.req.next?.(error), this.store, this.offload, this.file);
    return res;
  }
}
