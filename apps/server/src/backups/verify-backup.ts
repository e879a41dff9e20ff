import { createHash, randomInt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { list } from 'tar';
import { archiveEntries, backupFormat, blobPath, type Manifest } from './archive-format.ts';
import { countRows, referencedBlobKeys } from './snapshot.ts';
import { unpackDump } from './unpack-dump.ts';

/** Blob bytes compared with their originals in full; above it a sample of `sampleBlobs` is (every size is). */
export const verifyAllBlobsUpTo = 2 * 1024 ** 3;
export const sampleBlobs = 200;

/** A verification's answer: the problems found, none for a good archive. */
export interface Verification {
  problems: string[];
  /** Blobs whose SHA-256 in the archive was compared with the original's. */
  blobsCompared: number;
}

/**
 * Checks that archive `file` restores to what its manifest says the snapshot held: its database opens (in memory,
 * as a restore would, replaying its log) with the same rows per table and the same blob keys; every blob the
 * manifest lists is in it, with the original's size, and the same SHA-256 as the original in `blobDir` (every
 * blob up to `verifyAllBlobsUpTo` bytes in all, else a random sample). Reads the archive once, as a stream.
 */
export async function verifyBackup(file: string, blobDir: string): Promise<Verification> {
  const problems: string[] = [];
  const hashes = new Map<string, { sha: string; bytes: number }>();
  let manifestText = '';
  const dumpChunks: Buffer[] = [];
  const pending: Promise<void>[] = [];
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const name = entry.path.replace(/\/$/, '');
        if (name === archiveEntries.manifest) entry.on('data', (c: Buffer) => (manifestText += c.toString()));
        else if (name === archiveEntries.database) entry.on('data', (c: Buffer) => dumpChunks.push(c));
        else if (name.startsWith(`${archiveEntries.blobs}/`) && entry.type === 'File') {
          const key = path.basename(name);
          pending.push(hashStream(entry as AsyncIterable<Buffer>).then((h) => void hashes.set(key, h)));
        } else entry.resume();
      },
    });
    await Promise.all(pending);
  } catch (error) {
    return { problems: [`the archive cannot be read: ${(error as Error).message}`], blobsCompared: 0 };
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    return { problems: ['the archive has no readable manifest'], blobsCompared: 0 };
  }
  if (manifest.format !== backupFormat.format || !manifest.counts || !manifest.blobs || !manifest.absent)
    return {
      problems: ['the manifest lacks the counts and blob lists a verification needs'],
      blobsCompared: 0,
    };

  problems.push(...(await checkDatabase(new Uint8Array(Buffer.concat(dumpChunks)), manifest)));
  // Blobs kept beside the archive in a bucket are checked there (verify-bucket-blobs.ts).
  if (manifest.blobsBeside) return { problems, blobsCompared: 0 };

  for (const key of manifest.blobs)
    if (!hashes.has(key)) problems.push(`blob ${key} is missing from the archive`);
  const stored = manifest.blobs.filter((key) => hashes.has(key));
  const totalBytes = stored.reduce((sum, key) => sum + hashes.get(key)!.bytes, 0);
  const compared = totalBytes <= verifyAllBlobsUpTo ? stored : sample(stored, sampleBlobs);
  const sampled = new Set(compared);
  for (const key of stored) {
    const inArchive = hashes.get(key)!;
    const original = await hashStream(createReadStream(path.join(blobDir, blobPath(key)))).catch(() => null);
    // A blob deleted on the site since is compared by what the archive holds alone: its bytes are gone.
    if (!original) continue;
    if (original.bytes !== inArchive.bytes)
      problems.push(`blob ${key} has ${inArchive.bytes} bytes in the archive, ${original.bytes} on the site`);
    else if (sampled.has(key) && original.sha !== inArchive.sha)
      problems.push(`blob ${key} differs from the site's (SHA-256)`);
  }
  return { problems, blobsCompared: compared.length };
}

/** Opens the archive's database in memory and compares its rows and blob keys with the manifest's. */
async function checkDatabase(dump: Uint8Array<ArrayBuffer>, manifest: Manifest): Promise<string[]> {
  if (dump.length === 0) return ['the archive holds no database'];
  let pglite: PGlite | undefined;
  try {
    pglite = new PGlite({ loadDataDir: await unpackDump(dump) });
    const counts = await countRows(pglite);
    const keys = await referencedBlobKeys(pglite);
    const problems: string[] = [];
    for (const table of new Set([...Object.keys(counts), ...Object.keys(manifest.counts ?? {})])) {
      const want = manifest.counts?.[table];
      if (counts[table] !== want)
        problems.push(
          `table ${table} restores with ${counts[table] ?? 0} rows, the snapshot held ${want ?? 0}`,
        );
    }
    const listed = new Set([...(manifest.blobs ?? []), ...(manifest.absent ?? [])]);
    const unlisted = keys.filter((k) => !listed.has(k));
    if (unlisted.length > 0 || keys.length !== listed.size)
      problems.push(`the restored rows refer to ${keys.length} blobs, the manifest lists ${listed.size}`);
    return problems;
  } catch (error) {
    return [`the database does not restore: ${(error as Error).message}`];
  } finally {
    await pglite?.close().catch(() => {});
  }
}

/** The SHA-256 and length of what `stream` holds. */
export async function hashStream(stream: AsyncIterable<Buffer>): Promise<{ sha: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha: hash.digest('hex'), bytes };
}

/** `n` of `items` at random. */
export function sample<T>(items: T[], n: number): T[] {
  const copy = [...items];
  for (let i = 0; i < Math.min(n, copy.length); i++) {
    const j = randomInt(i, copy.length);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}
