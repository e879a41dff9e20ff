import { mkdir } from 'node:fs/promises';
import { extract } from 'tar';
import { inject } from 'vitest';

// Apart from test/database.ts, which reads TEST_DATABASE_URL: a file that only sets up PGlite folders for a server
// process or the CLI runs the same on either database, and .ci/run's PGlite pass leaves it out (vitest related).

/**
 * Fills `dir` with a migrated PGlite data directory, as the server makes at its first start (src/db/pglite-setup.ts)
 * in seconds, for a server process or CLI that should find an installation already set up.
 */
export async function migratedPgliteDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await extract({ file: inject('pgliteMigrated'), cwd: dir });
}
