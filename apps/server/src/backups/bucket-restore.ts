import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { blobPath } from './archive-format.ts';
import { BackupBucket, type BucketPlace } from './backup-bucket.ts';
import { bucketLayout } from './bucket-layout.ts';

/** Copies at a time, as storeBlobs does. */
const concurrency = 8;

/** Where a restore puts the blobs of a bucket backup: a local blob folder, or the site's bucket on the same store. */
export type BlobTarget = { kind: 'folder'; dir: string } | { kind: 'bucket'; place: BucketPlace };

/** The backup place and archive name an `s3://bucket/prefix/site-….tar` address names. */
export function splitArchiveAddress(place: BucketPlace): { place: BucketPlace; name: string } {
  const cut = place.prefix.lastIndexOf('/') + 1;
  return { place: { ...place, prefix: place.prefix.slice(0, cut) }, name: place.prefix.slice(cut) };
}

/** The newest verified archive of `place`, or null when it holds none. */
export async function newestArchive(place: BucketPlace): Promise<string | null> {
  const names = (await new BackupBucket(place).list('')).map((o) => o.name).filter(bucketLayout.isArchive);
  return names.sort().at(-1) ?? null;
}

/** Downloads archive `name` of `place` into `file`. */
export async function downloadArchive(place: BucketPlace, name: string, file: string): Promise<void> {
  await pipeline(await new BackupBucket(place).read(bucketLayout.archive(name)), createWriteStream(file));
}

/**
 * Puts blobs `keys` of backup place `place` where the restored site reads them: downloaded into a local folder
 * (its layout), or copied by the store into the site's bucket. Rejects when one is missing: the restore is then
 * not whole.
 */
export async function fetchBlobs(place: BucketPlace, keys: string[], target: BlobTarget): Promise<void> {
  const from = new BackupBucket(place);
  const into = target.kind === 'bucket' ? new BackupBucket({ ...target.place, prefix: '' }) : null;
  let next = 0;
  const fetchOne = async (key: string) => {
    if (into) {
      if (!(await into.copyIn(place.bucket, `${place.prefix}${bucketLayout.blob(key)}`, key)))
        throw new Error(`blob ${key} is missing from ${from.address}`);
      return;
    }
    const file = path.join((target as { dir: string }).dir, blobPath(key));
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(await from.read(bucketLayout.blob(key)), createWriteStream(file));
  };
  const worker = async () => {
    while (next < keys.length) await fetchOne(keys[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
