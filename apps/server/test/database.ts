import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database.ts';

/** Set to a PostgreSQL server URL to run the tests there instead of on PGlite. */
const serverUrl = process.env.TEST_DATABASE_URL;

/** Which database kind the tests run on, for test names. */
export const databaseKind = serverUrl ? 'postgresql' : 'pglite';

/** The PostgreSQL server the tests use, when they run on one. */
export const testServerUrl = serverUrl;

/**
 * A database of its own for one test file: a new PostgreSQL database on TEST_DATABASE_URL's server (dropped on
 * close), or an in-memory PGlite. Migrations are applied either way. `reach` may change how the app connects to
 * PostgreSQL (through a proxy a test cuts).
 */
export async function freshDatabase(reach: (url: URL) => void = () => {}): Promise<Database> {
  if (!serverUrl) return openDatabase({ pgliteDir: 'memory://' });
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  reach(url);
  const database = await openDatabase({ url: url.toString() });
  return {
    prisma: database.prisma,
    close: async () => {
      await database.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function admin(run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
