import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { extract } from 'tar';
import { backupPlaceAt, embeddedData } from '../config.ts';
import { lockFileOf, lockPgliteDir } from '../db/pglite-lock.ts';
import { archiveEntries, BackupError, backupFormat, type Manifest } from '../backups/archive-format.ts';
import type { BucketPlace } from '../backups/backup-bucket.ts';
import { bucketAddress } from '../backups/backup-bucket.ts';
import { bucketLayout } from '../backups/bucket-layout.ts';
import {
  downloadArchive,
  fetchBlobs,
  newestArchive,
  splitArchiveAddress,
  type BlobTarget,
} from '../backups/bucket-restore.ts';
import { unpackDump } from '../backups/unpack-dump.ts';
import type { CliCommand } from './command.ts';

const topLevel = new Set<string>(Object.values(archiveEntries));

/**
 * Unpacks an archive from writeBackup into `dataDir`, which must be empty or absent (a restore never mixes two
 * installations): the database is loaded back into a PGlite folder, blobs and the session secret are put in
 * place. On failure the folder is emptied again. Pending migrations are applied by the next server start. It
 * holds the database's lock throughout, so no server starts on the folder half restored. An archive of a bucket
 * backup holds no blobs: they are fetched from `fromBucket`, the place it was read from, into `target`.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  fromBucket?: { place: BucketPlace; target: BlobTarget },
): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const dbDir = path.join(dataDir, 'db');
  await mkdir(dataDir, { recursive: true, mode: 0o700 }); // as the server makes it (config.ts)
  const lock = await lockPgliteDir(dbDir, 'pnpm admin restore');
  try {
    await restoreLocked(file, dataDir, dbDir, fromBucket);
  } finally {
    lock.release();
  }
}

/** restoreBackup's work, done under its lock (whose file it leaves alone). */
async function restoreLocked(
  file: string,
  dataDir: string,
  dbDir: string,
  fromBucket?: { place: BucketPlace; target: BlobTarget },
): Promise<void> {
  const lockFile = path.basename(lockFileOf(dbDir));
  const contents = async () => (await readdir(dataDir)).filter((entry) => entry !== lockFile);
  if ((await contents()).length > 0)
    throw new BackupError(`${dataDir} is not empty; restore into an empty or new data folder`);
  try {
    await extract({
      file,
      cwd: dataDir,
      strict: true,
      filter: (entry) => topLevel.has(entry.split('/')[0] ?? ''),
    });
    const manifestFile = path.join(dataDir, archiveEntries.manifest);
    const manifest = existsSync(manifestFile)
      ? (JSON.parse(await readFile(manifestFile, 'utf8')) as Partial<Manifest>)
      : {};
    if (manifest.format !== backupFormat.format || manifest.version !== backupFormat.version)
      throw new BackupError(`${file} is not a backup made by pnpm admin backup`);
    if (manifest.blobsBeside && !fromBucket)
      throw new BackupError(`${file} keeps its blobs in its bucket: restore it by its s3:// address`);
    if (!manifest.blobsBeside && fromBucket?.target.kind === 'bucket')
      throw new BackupError(`${file} holds its blobs: restore it with local blobs (S3_BUCKET unset)`);
    const dump = await readFile(path.join(dataDir, archiveEntries.database));
    const pglite = new PGlite(dbDir, { loadDataDir: await unpackDump(dump) });
    try {
      await pglite.query('SELECT 1');
    } finally {
      await pglite.close();
    }
    if (manifest.blobsBeside && fromBucket)
      await fetchBlobs(fromBucket.place, manifest.blobs ?? [], fromBucket.target);
    await rm(manifestFile);
    await rm(path.join(dataDir, archiveEntries.database));
  } catch (error) {
    for (const entry of await contents()) await rm(path.join(dataDir, entry), { recursive: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
  }
}

/**
 * Restores bucket archive `address` (s3://bucket/prefix/site-….tar, or the newest under s3://bucket/prefix/) into
 * `dataDir`: it is downloaded to a scratch folder, and its blobs are fetched into the local blob folder or, with
 * `s3Bucket`, copied into that bucket. Answers the address of the archive restored.
 */
async function restoreFromBucket(address: string, dataDir: string, s3Bucket: string | null): Promise<string> {
  const { place, name: named } = splitArchiveAddress(backupPlaceAt(address)!);
  const read = (error: Error) => {
    throw new BackupError(`${address} could not be read: ${error.message}`);
  };
  const name = named === '' ? await newestArchive(place).catch(read) : named;
  if (name === null) throw new BackupError(`No verified backup in ${bucketAddress(place)}`);
  if (!bucketLayout.isArchive(name))
    throw new BackupError(
      `${address} names no archive: give s3://bucket/prefix/ or s3://bucket/prefix/site-<time>.tar`,
    );
  const target: BlobTarget = s3Bucket
    ? { kind: 'bucket', place: backupPlaceAt(`s3://${s3Bucket}/`)! }
    : { kind: 'folder', dir: path.join(dataDir, 'blobs') };
  const scratch = await mkdtemp(path.join(tmpdir(), 'site-restore-'));
  try {
    const file = path.join(scratch, name);
    await downloadArchive(place, name, file).catch(read);
    await restoreBackup(file, dataDir, { place, target });
    return `${bucketAddress(place)}${name}`;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** `pnpm admin restore <file | s3://…>`: into DATA_DIR, which must be empty. */
export const restoreCommand: CliCommand = {
  usage:
    'pnpm admin restore <file.tar | s3://bucket/prefix/[site-<time>.tar]>  (into an empty DATA_DIR; the newest without a name)',
  async run([source]) {
    if (!source) return 2;
    const setup = embeddedData();
    const fromBucket = source.startsWith('s3://');
    if (!setup.pglite || (!fromBucket && !setup.localBlobs)) {
      console.error(
        'restore is for the embedded database: unset DATABASE_URL, and S3_BUCKET unless the backup is in a bucket (see the README).',
      );
      return 1;
    }
    try {
      let restored = path.resolve(source);
      if (fromBucket) restored = await restoreFromBucket(source, setup.dataDir, setup.s3Bucket);
      else await restoreBackup(restored, setup.dataDir);
      console.log(`Restored ${restored} into ${setup.dataDir}`);
      return 0;
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
