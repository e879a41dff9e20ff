import type { JobDeps } from '../jobs/deps.ts';
import { enqueue, type JobWriter } from '../jobs/queue.ts';
import type { MultipartRef } from './blob-store.ts';

/**
 * Queues the removal of blobs whose rows `tx` deletes, and of the parts of `multipart` uploads among them. The
 * bytes go only once the rows are gone for good, and a blob store that is down delays the removal (the job is
 * retried) instead of leaving the bytes for ever.
 */
export async function enqueueBlobDeletion(
  tx: JobWriter,
  keys: (string | null | undefined)[],
  multipart: MultipartRef[] = [],
): Promise<void> {
  const present = [...new Set(keys.filter((k): k is string => !!k))];
  if (present.length === 0 && multipart.length === 0) return;
  await enqueue(tx, 'delete-blobs', multipart.length > 0 ? { keys: present, multipart } : { keys: present });
}

/** The delete-blobs job; removing what is already gone is no error, so running it twice is safe. */
export async function deleteBlobs(
  { blobs }: Pick<JobDeps, 'blobs'>,
  { keys, multipart = [] }: { keys: string[]; multipart?: MultipartRef[] },
): Promise<void> {
  await blobs.remove(keys);
  for (const upload of multipart) await blobs.abortParts(upload);
}
