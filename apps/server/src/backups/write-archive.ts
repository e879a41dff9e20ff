import { existsSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { create } from 'tar';
import { archiveEntries, backupFormat, blobPath, type Manifest } from './archive-format.ts';
import type { Snapshot } from './snapshot.ts';

const gzipAsync = promisify(gzip);

/** What writeArchive wrote. */
export interface Written {
  manifest: Manifest;
  bytes: number;
}

/**
 * Writes the archive `file` of an embedded installation in `dataDir`: the snapshot's database, the blobs its rows
 * refer to (from `dataDir/blobs`) and the session secret. Blobs never change once written, so they are taken
 * after the snapshot, as they are then; one deleted since (its row went after the snapshot) is listed as absent,
 * and one written since is left out, as no row of the snapshot names it. Each blob is hard-linked into a staging
 * folder beside `file` first, so a deletion during the archiving cannot take its bytes away.
 */
export async function writeArchive(
  dataDir: string,
  snapshot: Snapshot,
  file: string,
  /** The snapshot's blobs, already stored beside the archive (a bucket backup): they are listed, not packed. */
  beside?: { blobs: string[]; absent: string[] },
): Promise<Written> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(path.dirname(file), '.staging-'));
  const partial = `${file}.partial`;
  try {
    // zlib's thread pool compresses it, not the event loop.
    const tarball = Buffer.from(await snapshot.dump.arrayBuffer());
    await writeFile(path.join(staging, archiveEntries.database), await gzipAsync(tarball));
    const blobs: string[] = beside ? beside.blobs : [];
    const absent: string[] = beside ? beside.absent : [];
    for (const key of beside ? [] : snapshot.blobKeys) {
      const staged = await stageBlob(
        path.join(dataDir, 'blobs'),
        key,
        path.join(staging, archiveEntries.blobs),
      );
      (staged ? blobs : absent).push(key);
    }
    const manifest: Manifest = {
      ...backupFormat,
      createdAt: new Date().toISOString(),
      migrations: snapshot.migrations,
      counts: snapshot.counts,
      blobs,
      absent,
      ...(beside && { blobsBeside: true }),
    };
    await writeFile(path.join(staging, archiveEntries.manifest), JSON.stringify(manifest));
    const entries: string[] = [archiveEntries.manifest, archiveEntries.database];
    if (!beside && blobs.length > 0) entries.push(archiveEntries.blobs);
    for (const name of [archiveEntries.sessionSecret, archiveEntries.encryptionKey]) {
      const secret = path.join(dataDir, name);
      if (!existsSync(secret)) continue;
      await copyFile(secret, path.join(staging, name));
      entries.push(name);
    }
    await create({ file: partial, cwd: staging, portable: true }, entries);
    // The archive holds the session secret and the encryption key: readable by its owner only.
    await chmod(partial, 0o600);
    await rename(partial, file);
    return { manifest, bytes: (await stat(file)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Puts blob `key` of `blobDir` into `stagingDir`: a hard link, or a copy across file systems; false if absent. */
async function stageBlob(blobDir: string, key: string, stagingDir: string): Promise<boolean> {
  const from = path.join(blobDir, blobPath(key));
  const to = path.join(stagingDir, blobPath(key));
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    try {
      await copyFile(from, to);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw copyError;
    }
  }
  return true;
}
