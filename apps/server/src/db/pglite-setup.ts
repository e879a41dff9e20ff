/**
 * Creates a new PGlite data directory with every migration applied, then exits: run by openPglite in a process
 * of its own. initdb and the first migrations grow PGlite's WebAssembly memory to about 850 MB and the process's
 * malloc arenas with it; neither is given back while the process lives (a worker thread kept 100-180 MB of it
 * after it ended), so only a process that ends returns it all.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from './migrate.ts';
import { DatabaseInUseError, lockPgliteDir } from './pglite-lock.ts';
import { pgliteOptions, pgliteRunner } from './pglite-options.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-setup <data directory>');
await mkdir(path.dirname(dir), { recursive: true });
const lock = await lockPgliteDir(dir, 'the database set-up').catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
await mkdir(dir, { recursive: true });
const pglite = new PGlite(dir, pgliteOptions);
await applyMigrations(pgliteRunner(pglite));
await pglite.close();
lock.release();
