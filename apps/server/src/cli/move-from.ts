import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { copyTables, filledTables } from '../db/copy-tables.ts';
import { openDatabase } from '../db/database.ts';
import { pgliteRunner } from '../db/pglite-options.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';
import type { CliCommand } from './command.ts';

/**
 * Copies a site on the embedded defaults (the PGlite database and blobs in `fromDir`, its server stopped) into
 * the configured PostgreSQL database (which must hold no site yet) and blob store. Blobs go first, then every
 * row in one transaction, so a failure leaves the database empty and at most some unreferenced blobs (which
 * `doctor --repair` removes). The old folder is only read. Answers the rows and blobs copied.
 */
export async function moveEmbeddedSite(
  fromDir: string,
  target: Config,
  log: (line: string) => void = console.log,
) {
  if (!('url' in target.database))
    throw new MoveError('set DATABASE_URL to the PostgreSQL database to move into');
  if (!existsSync(path.join(fromDir, 'db', 'PG_VERSION')))
    throw new MoveError(`${fromDir} holds no embedded database (no db/PG_VERSION); name the old DATA_DIR`);
  const source = loadConfig({ DATA_DIR: fromDir, NODE_ENV: process.env.NODE_ENV, LOG_LEVEL: 'silent' });
  if ('url' in source.database || source.storage.kind !== 'local') throw new MoveError('unexpected source');
  if (
    target.storage.kind === 'local' &&
    path.resolve(target.storage.dir) === path.resolve(source.storage.dir)
  )
    throw new MoveError('the blob store to move into is the old one');

  const from = await openDatabase(source.database, { holder: 'pnpm admin move-from' });
  const to = new pg.Client({ connectionString: target.database.url });
  try {
    // Opening it the server's way creates or completes its schema (same build, same migrations as the source).
    await (await openDatabase(target.database)).close();
    await to.connect();
    const runner = {
      exec: async (sql: string) => void (await to.query(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await to.query(sql, params)).rows as T[],
    };
    const filled = await filledTables(runner);
    if (filled.length > 0)
      throw new MoveError(
        `the PostgreSQL database already holds rows (in ${filled.join(', ')}); use an empty one`,
      );

    const oldBlobs = createBlobStore(source);
    const newBlobs = createBlobStore(target);
    let blobs = 0;
    let bytes = 0;
    for await (const { key } of oldBlobs.list()) {
      bytes += await newBlobs.writeStream(key, await oldBlobs.read(key), 'application/octet-stream');
      blobs++;
      if (blobs % 1000 === 0) log(`${blobs} blobs copied`);
    }
    log(`Copied ${blobs} blobs (${bytes} bytes).`);
    const rows = await copyTables(pgliteRunner(from.pglite!), runner);
    const total = [...rows.values()].reduce((a, b) => a + b, 0);
    log(`Copied ${total} rows: ${[...rows].map(([table, n]) => `${table} ${n}`).join(', ')}.`);
    return { rows, blobs, bytes };
  } finally {
    await to.end().catch(() => {});
    await from.close();
  }
}

/** The move cannot start: the message says why; nothing was changed. */
export class MoveError extends Error {}

/** `pnpm admin move-from <old DATA_DIR>`, run with the new site's DATABASE_URL and S3 settings. */
export const moveFromCommand: CliCommand = {
  usage: 'pnpm admin move-from <old DATA_DIR>  (into the configured DATABASE_URL and blob store)',
  async run([fromDir, ...rest]) {
    if (!fromDir || rest.length > 0) return 2;
    try {
      await moveEmbeddedSite(path.resolve(fromDir), loadConfig());
      console.log('Done. Start the server with this configuration, then run `pnpm admin doctor`.');
      return 0;
    } catch (error) {
      if (!(error instanceof MoveError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
