import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInstallation, sha256 } from '../../test/backup-archives.ts';
import { startS3rverBucket, type S3rverBucket } from '../../test/s3rver-bucket.ts';
import type { Manifest } from './archive-format.ts';
import { BackupBucket, type BucketPlace } from './backup-bucket.ts';
import { bucketLayout } from './bucket-layout.ts';
import { runBackup } from './run-backup.ts';

let s3: S3rverBucket;
let site: Awaited<ReturnType<typeof embeddedInstallation>>;
let place: BucketPlace;
let bucket: BackupBucket;
/** What the backups logged, one object a line. */
let logged: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);

beforeAll(async () => {
  s3 = await startS3rverBucket(undefined, ['site-backups']);
  const { kind: _kind, publicEndpoint: _public, ...connection } = s3.storage;
  place = { ...connection, bucket: 'site-backups', prefix: 'nightly/' };
  bucket = new BackupBucket(place);
  site = await embeddedInstallation();
  for (let i = 0; i < 5; i++) await site.addFile();
}, 60_000);
afterAll(async () => {
  await site.close();
  await s3.close();
});

/** One backup of the site into the bucket, keeping 2. */
const backUp = () =>
  runBackup({
    pglite: site.database.pglite!,
    config: { ...site.config, backups: { ...site.config.backups, keep: 2, bucket: place } },
    logger,
  });
const names = async (start: string) => (await bucket.list(start)).map((o) => o.name).sort();
const copiedBy = () => logged.find((line) => typeof line.copied === 'number')?.copied;
async function text(name: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await bucket.read(name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const manifestOf = async (name: string) =>
  JSON.parse((await text(bucketLayout.manifest(name))).toString()) as Manifest;
const blobsOf = (keys: Iterable<string>) => [...keys].map(bucketLayout.blob).sort();

// Each verification opens the archive's database in a child process: seconds each on a busy machine.
describe('backups into an S3 prefix', { timeout: 180_000 }, () => {
  let first: string;

  it('should store the blobs and a verified archive beside them, and nothing unverified', async () => {
    logged = [];
    const status = await backUp();
    expect(status.lastAttempt).toMatchObject({ verified: true, problems: [] });
    first = status.lastAttempt!.file;
    expect(await names('')).toEqual(
      [first, bucketLayout.manifest(first), ...blobsOf(site.written.keys())].sort(),
    );
    expect(copiedBy()).toBe(5);
    const manifest = await manifestOf(first);
    expect(manifest).toMatchObject({ blobsBeside: true, absent: [] });
    expect(manifest.blobs!.sort()).toEqual([...site.written.keys()].sort());
  });

  it('should copy only the blobs no earlier backup stored', async () => {
    const added = [await site.addFile(), await site.addFile()];
    logged = [];
    const status = await backUp();
    expect(status.lastAttempt!.verified).toBe(true);
    expect(copiedBy()).toBe(2);
    expect(await names(bucketLayout.blobs)).toEqual(blobsOf(site.written.keys()));
    expect((await manifestOf(status.lastAttempt!.file)).blobs).toEqual(expect.arrayContaining(added));
  });

  it('should fail a backup whose blob in the bucket was damaged, keep it aside, and copy the blob again', async () => {
    const key = [...site.written.keys()][0]!;
    const bytes = await text(bucketLayout.blob(key));
    bytes[0]! ^= 1;
    await bucket.putBytes(bucketLayout.blob(key), bytes, 'application/octet-stream');
    const before = await names('');

    const failed = await backUp();
    expect(failed.lastAttempt).toMatchObject({
      verified: false,
      problems: [`blob ${key} differs from the site's (SHA-256)`],
    });
    const top = await names('');
    expect(top).toContain(bucketLayout.failed(failed.lastAttempt!.file));
    expect(top).not.toContain(failed.lastAttempt!.file);
    expect(top.filter((name) => name.startsWith(bucketLayout.unverified('')))).toEqual([]);
    expect(top.filter((name) => /^site-/.test(name))).toEqual(before.filter((name) => /^site-/.test(name)));
    expect(sha256(await text(bucketLayout.blob(key)))).toBe(site.written.get(key));
    expect(await text(bucketLayout.setAside(key, failed.lastAttempt!.file))).toEqual(bytes);

    logged = [];
    const again = await backUp();
    expect(again.lastAttempt!.verified).toBe(true);
    expect(copiedBy()).toBe(0);
  });

  it('should keep BACKUP_KEEP archives and every blob they list, and remove the blobs only older ones listed', async () => {
    const gone = [...site.written.keys()][1]!;
    await site.removeFile(gone);
    site.written.delete(gone);
    await backUp();
    // The older kept archive lists it still.
    expect(await names(bucketLayout.blobs)).toContain(bucketLayout.blob(gone));
    const last = await backUp();
    expect(last.lastAttempt!.verified).toBe(true);

    const archives = (await names('')).filter((name) => /^site-.+\.tar$/.test(name));
    expect(archives).toHaveLength(2);
    expect(archives).not.toContain(first);
    expect(await names('manifests/')).toEqual(archives.map(bucketLayout.manifest).sort());
    // Both kept archives were taken after the file went: nothing lists its blob now.
    expect(await names(bucketLayout.blobs)).toEqual(blobsOf(site.written.keys()));
    for (const name of archives)
      expect(blobsOf((await manifestOf(name)).blobs!)).toEqual(blobsOf(site.written.keys()));
  });
});

describe('backups of S3 blobs into an S3 prefix', { timeout: 180_000 }, () => {
  it("should copy the site bucket's blobs inside the store and verify them against the originals", async () => {
    const inBucket = await embeddedInstallation(s3.storage);
    const other = { ...place, prefix: 'from-s3/' };
    const backups = new BackupBucket(other);
    try {
      for (let i = 0; i < 3; i++) await inBucket.addFile();
      const backUpS3 = () =>
        runBackup({
          pglite: inBucket.database.pglite!,
          config: { ...inBucket.config, backups: { ...inBucket.config.backups, keep: 2, bucket: other } },
          logger,
        });
      expect((await backUpS3()).lastAttempt).toMatchObject({ verified: true, problems: [] });
      for (const [key, sha] of inBucket.written) {
        const chunks: Buffer[] = [];
        for await (const chunk of await backups.read(bucketLayout.blob(key))) chunks.push(chunk as Buffer);
        expect(sha256(Buffer.concat(chunks))).toBe(sha);
      }

      // The site's copy changed under the same key (it never does): the comparison reads the site's bucket.
      const key = [...inBucket.written.keys()][0]!;
      await inBucket.blobs.write(key, Buffer.alloc(10), 'application/octet-stream');
      expect((await backUpS3()).lastAttempt!.problems).toEqual([
        expect.stringMatching(new RegExp(`^blob ${key} has \\d+ bytes in the bucket, 10 on the site$`)),
      ]);
    } finally {
      await inBucket.close();
    }
  });
});
