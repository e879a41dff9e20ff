import type { StoredPart } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { dropUploads } from '../../storage/pending-uploads.ts';
import { touchUpload } from '../../storage/upload-claims.ts';
import { UploadLease } from '../../storage/upload-lease.ts';
import { ownedPendingUpload, type UploadScope } from './access.ts';
import {
  isMultipart,
  multipartRef,
  partBytes,
  partCountOf,
  partsProblem,
  type MultipartUpload,
} from './multipart-plan.ts';

/** The pending MultiPart upload of `scope`; 404 as for `ownedPendingUpload`, 409 for one sent in a single PUT. */
async function ownedMultipartUpload(db: Db, scope: UploadScope, uploadId: string): Promise<MultipartUpload> {
  const upload = await ownedPendingUpload(db, scope, uploadId);
  if (!isMultipart(upload)) throw new AppError('conflict', 'This upload is sent in one PUT, not in parts');
  return upload;
}

/**
 * Signed URLs for the parts `partNumbers` of the owner's MultiPart upload, each capped at the bytes that part
 * holds. Asking keeps the upload from the sweep of abandoned uploads for another day.
 */
export async function partUrls(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  scope: UploadScope,
  uploadId: string,
  partNumbers: number[],
): Promise<Record<string, string>> {
  const upload = await ownedMultipartUpload(db, scope, uploadId);
  const size = Number(upload.size ?? 0);
  const partCount = partCountOf(size, upload.partSize);
  const beyond = partNumbers.find((n) => n > partCount);
  if (beyond !== undefined) {
    throw new AppError('bad_request', `Part ${beyond} is beyond this upload's ${partCount} parts`);
  }
  if (upload.receivedAt !== null) throw new AppError('conflict', 'This upload is being completed');
  await touchUpload(db, upload.id);
  const urls: Record<string, string> = {};
  for (const n of new Set(partNumbers)) {
    urls[String(n)] = await blobs.partUrl(multipartRef(upload), {
      partNumber: n,
      offset: (n - 1) * upload.partSize,
      maxBytes: partBytes(size, upload.partSize, n),
    });
  }
  return urls;
}

/** The parts of the owner's MultiPart upload that the store holds, so a resumed upload sends only the rest. */
export async function uploadParts(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  scope: UploadScope,
  uploadId: string,
): Promise<StoredPart[]> {
  const upload = await ownedMultipartUpload(db, scope, uploadId);
  return blobs.listParts(multipartRef(upload));
}

/**
 * Gives up an upload of `scope` (either kind): its row goes, which kills its links, and its bytes and parts are
 * freed by a queued job in the same transaction.
 */
export async function abortUpload({ db }: Pick<AppDeps, 'db'>, scope: UploadScope, uploadId: string) {
  const upload = await ownedPendingUpload(db, scope, uploadId);
  await db.$transaction(async (tx) => {
    if ((await dropUploads(tx, { id: upload.id, ...scope })) === 0) throw notFound('No such upload');
  });
}

/**
 * Joins the parts of a MultiPart upload into its blob, once every part is there at its size (else 409 and
 * nothing changes). The join holds the upload's lease (upload-lease.ts) and part PUTs are refused meanwhile, so
 * what was checked is what is joined. A join whose server died leaves its lease to lapse, and then a retry takes
 * it over and joins the parts already stored. A blob of the right size already there was joined by an earlier
 * create-file whose commit failed (or whose server died after the join), and is kept.
 */
export async function joinUpload(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  upload: MultipartUpload,
  leaseMs: number,
): Promise<void> {
  const size = Number(upload.size ?? 0);
  if ((await blobs.size(upload.id)) === size) return;
  const lease = await UploadLease.take(db, upload.id, leaseMs);
  if (!lease) throw new AppError('conflict', 'This upload is being completed already');
  try {
    await lease.holdWhile(async () => {
      const problem = partsProblem(await blobs.listParts(multipartRef(upload)), size, upload.partSize);
      if (problem) throw new AppError('conflict', problem);
      await blobs.joinParts(multipartRef(upload), partCountOf(size, upload.partSize));
    });
  } catch (error) {
    await lease.release();
    throw error;
  }
}
