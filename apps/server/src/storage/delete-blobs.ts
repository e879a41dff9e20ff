import type { JobDeps } from '../jobs/handlers.ts';
import { enqueue, type JobWriter } from '../jobs/queue.ts';

/**
 * Queues the removal of blobs whose rows `tx` deletes. The bytes go only once the rows are gone for good, and a
 * blob store that is down delays the removal (the job is retried) instead of leaving the bytes for ever.
 */
export async function enqueueBlobDeletion(tx: JobWriter, keys: (string | null | undefined)[]): Promise<void> {
  const present = [...new Set(keys.filter((k): k is string => !!k))];
  if (present.length > 0) await enqueue(tx, 'delete-blobs', { keys: present });
}

/** The delete-blobs job; removing a blob that is already gone is no error, so running it twice is safe. */
export async function deleteBlobs(
  { blobs }: Pick<JobDeps, 'blobs'>,
  { keys }: { keys: string[] },
): Promise<void> {
  await blobs.remove(keys);
}
