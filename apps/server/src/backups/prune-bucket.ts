import type { Logger } from 'pino';
import type { Manifest } from './archive-format.ts';
import type { BackupBucket } from './backup-bucket.ts';
import { bucketLayout } from './bucket-layout.ts';
import { failedKept, isBackup } from './prune.ts';

/**
 * Prunes a bucket backup place as pruneBackups does a folder: the newest `keep` verified archives stay (with their
 * manifests), the newest `failedKept` failed ones, nothing under `unverified/` (no backup is under way while this
 * runs). Then every blob that no kept archive's manifest lists goes; if a kept archive's manifest cannot be read
 * no blob is removed, as one it lists might go. Answers the names removed.
 */
export async function pruneBucket(bucket: BackupBucket, keep: number, logger: Logger): Promise<string[]> {
  const top = (await bucket.list('')).map((o) => o.name);
  const archives = top.filter(bucketLayout.isArchive).sort().reverse();
  const failed = top
    .filter((name) => name.startsWith(bucketLayout.failed('')))
    .filter((name) => isBackup(name.slice(bucketLayout.failed('').length)))
    .sort()
    .reverse();
  const kept = archives.slice(0, keep);
  const removed = [
    ...archives.slice(keep).flatMap((name) => [name, bucketLayout.manifest(name)]),
    ...failed.slice(failedKept),
    ...top.filter((name) => name.startsWith(bucketLayout.unverified(''))),
  ];
  await bucket.remove(removed);

  const listed = new Set<string>();
  for (const name of kept) {
    try {
      const manifest = JSON.parse(await readAll(bucket, bucketLayout.manifest(name))) as Manifest;
      for (const key of [...(manifest.blobs ?? []), ...(manifest.absent ?? [])])
        listed.add(bucketLayout.blob(key));
    } catch (error) {
      logger.warn(
        { err: error, archive: name },
        'backup: a kept archive has no readable manifest; no blob pruned',
      );
      return removed;
    }
  }
  const unlisted = top.filter((name) => name.startsWith(bucketLayout.blobs) && !listed.has(name));
  await bucket.remove(unlisted);
  return [...removed, ...unlisted];
}

async function readAll(bucket: BackupBucket, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await bucket.read(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
