import type { AppDeps } from '../deps.ts';
import { referencedKeys } from './referenced-keys.ts';

/**
 * Blobs and parts younger than this are never removed: an upload in flight has bytes before its row says so
 * (the PUT comes before the commit), and a crash between the two leaves them unreferenced only once this passes.
 */
export const reconcileGraceMs = 60 * 60 * 1000;

export interface ReconcileReport {
  /** Blobs no row and no queued job refers to: removed (or, dry, to be removed). */
  orphans: string[];
  /** Interrupted uploads' leftovers: local .part files, S3 multipart uploads. */
  parts: string[];
}

/**
 * Removes what a crash left behind: stored blobs that nothing refers to (referenced-keys.ts) and upload leftovers,
 * once older than the grace period. Safe beside running servers: keys are never reused, so a blob that nothing
 * refers to after the grace period never will.
 */
export async function reconcileBlobs(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  { dryRun = false, graceMs = reconcileGraceMs, now = Date.now() } = {},
): Promise<ReconcileReport> {
  const before = new Date(now - graceMs);
  const orphans: string[] = [];
  let batch: string[] = [];
  const settle = async () => {
    const referenced = await referencedKeys(db, batch);
    const gone = batch.filter((k) => !referenced.has(k));
    if (!dryRun && gone.length > 0) await blobs.remove(gone);
    orphans.push(...gone);
    batch = [];
  };
  for await (const blob of blobs.list()) {
    if (blob.lastModified >= before) continue;
    batch.push(blob.key);
    if (batch.length >= 500) await settle();
  }
  await settle();
  const parts = await blobs.removeAbandonedParts(before, {
    dryRun,
    referenced: (keys) => referencedKeys(db, keys),
  });
  return { orphans, parts };
}
