import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { extract } from 'tar';
import { embeddedData } from '../config.ts';
import { lockFileOf, lockPgliteDir } from '../db/pglite-lock.ts';
import { archiveEntries, BackupError, backupFormat } from '../backups/archive-format.ts';
import { unpackDump } from '../backups/unpack-dump.ts';
import type { CliCommand } from './command.ts';

const topLevel = new Set<string>(Object.values(archiveEntries));

/**
 * Unpacks an archive from writeBackup into `dataDir`, which must be empty or absent (a restore never mixes two
 * installations): the database is loaded back into a PGlite folder, blobs and the session secret are put in
 * place. On failure the folder is emptied again. Pending migrations are applied by the next server start. It
 * holds the database's lock throughout, so no server starts on the folder half restored.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const dbDir = path.join(dataDir, 'db');
  await mkdir(dataDir, { recursive: true, mode: 0o700 }); // as the server makes it (config.ts)
  const lock = await lockPgliteDir(dbDir, 'pnpm admin restore');
  try {
    await restoreLocked(file, dataDir, dbDir);
  } finally {
    lock.release();
  }
}

/** restoreBackup's work, done under its lock (whose file it leaves alone). */
async function restoreLocked(file: string, dataDir: string, dbDir: string): Promise<void> {
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
      ? (JSON.parse(await readFile(manifestFile, 'utf8')) as Partial<typeof backupFormat>)
      : {};
    if (manifest.format !== backupFormat.format || manifest.version !== backupFormat.version)
      throw new BackupError(`${file} is not a backup made by pnpm admin backup`);
    const dump = await readFile(path.join(dataDir, archiveEntries.database));
    const pglite = new PGlite(dbDir, { loadDataDir: await unpackDump(dump) });
    try {
      await pglite.query('SELECT 1');
    } finally {
      await pglite.close();
    }
    await rm(manifestFile);
    await rm(path.join(dataDir, archiveEntries.database));
  } catch (error) {
    for (const entry of await contents()) await rm(path.join(dataDir, entry), { recursive: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
  }
}

/** `pnpm admin restore <file>`: into DATA_DIR, which must be empty. */
export const restoreCommand: CliCommand = {
  usage: 'pnpm admin restore <file.tar>  (into an empty DATA_DIR)',
  async run([file]) {
    if (!file) return 2;
    const setup = embeddedData();
    if (!setup.pglite || !setup.localBlobs) {
      console.error(
        'restore is for the embedded defaults: unset DATABASE_URL and S3_BUCKET (see the README).',
      );
      return 1;
    }
    try {
      await restoreBackup(path.resolve(file), setup.dataDir);
      console.log(`Restored ${path.resolve(file)} into ${setup.dataDir}`);
      return 0;
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
