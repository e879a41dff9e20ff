/**
 * Site administration from the command line, with the server's configuration (DATA_DIR or DATABASE_URL):
 *   pnpm admin grant someone@example.com admin      (also: revoke, show)
 *   pnpm admin jobs                                 pending and dead jobs, dead ones with their last error
 *   pnpm admin reconcile [--dry-run]                removes blobs nothing refers to
 * Each command lives in a file of its own here; this only picks one.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { CliCommand } from './command.ts';
import { jobsCommand } from './jobs.ts';
import { permissionsCommand } from './permissions.ts';
import { reconcileCommand } from './reconcile.ts';

const commands: Record<string, CliCommand> = {
  grant: permissionsCommand,
  revoke: permissionsCommand,
  show: permissionsCommand,
  jobs: jobsCommand,
  reconcile: reconcileCommand,
};

const args = process.argv.slice(2);
const command = commands[args[0] ?? ''];
function usage() {
  const lines = [...new Set(Object.values(commands))].map((c) => c.usage);
  console.error(`usage: pnpm admin ${lines.join('\n       pnpm admin ')}`);
  return 2;
}

if (!command) {
  process.exitCode = usage();
} else {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const code = await command.run({ config, db: database.prisma, args });
    process.exitCode = code === 'usage' ? usage() : code;
  } finally {
    await database.close();
  }
}
