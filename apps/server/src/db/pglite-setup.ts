/**
 * Creates a new PGlite data directory with every migration applied, then exits: run by openPglite in a process
 * of its own. initdb and the first migrations grow PGlite's WebAssembly memory to about 850 MB and the process's
 * malloc arenas with it; neither is given back while the process lives (a worker thread kept 100-180 MB of it
 * after it ended), so only a process that ends returns it all.
 */
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from './migrate.ts';
import { pgliteOptions, pgliteRunner } from './pglite-options.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-setup <data directory>');
const pglite = new PGlite(dir, pgliteOptions);
await applyMigrations(pgliteRunner(pglite));
await pglite.close();
