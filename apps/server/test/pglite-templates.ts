/**
 * Writes two PGlite data directories as tarballs into the folder given: `empty.tar` as initdb leaves it and
 * `migrated.tar` with every migration applied. Run by test/global-setup.ts in a process of its own: PGlite ended
 * vitest's main process silently (exit code 0, no test run), and a process that ends also returns initdb's memory.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from '../src/db/migrate.ts';
import { pgliteOptions, pgliteRunner } from '../src/db/pglite-options.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-templates <folder>');
const pglite = new PGlite('memory://', pgliteOptions);
// dumpDataDir before initdb has finished never settles: the process would end with nothing written.
await pglite.waitReady;
const save = async (name: string) =>
  writeFile(path.join(dir, name), Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
await save('empty.tar');
await applyMigrations(pgliteRunner(pglite));
await save('migrated.tar');
await pglite.close();
