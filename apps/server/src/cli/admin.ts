/**
 * `pnpm admin <command> …` in development, `node dist/cli/admin.js <command> …` from the build (and in the
 * image). Uses the same configuration (DATA_DIR, DATABASE_URL, …) as the server. Each command lives in a file of
 * its own beside this one.
 */
import { accountCommands } from './accounts.ts';
import { backupCommand } from './backup.ts';
import { doctorCommand } from './doctor.ts';
import { rotateEncryptionKeyCommand } from './encryption-key.ts';
import { jobsCommand } from './jobs.ts';
import { moveFromCommand } from './move-from.ts';
import { reconcileCommand } from './reconcile.ts';
import type { CliCommand } from './command.ts';
import { DatabaseInUseError } from '../db/pglite-lock.ts';
import { permissionCommands } from './permissions.ts';
import { restoreCommand } from './restore.ts';

const commands: Record<string, CliCommand> = {
  ...permissionCommands,
  ...accountCommands,
  backup: backupCommand,
  restore: restoreCommand,
  jobs: jobsCommand,
  reconcile: reconcileCommand,
  doctor: doctorCommand,
  'move-from': moveFromCommand,
  'rotate-encryption-key': rotateEncryptionKeyCommand,
};

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
const code = command ? await runRefusingWhenInUse(command, args) : 2;
if (code === 2) {
  const lines = command ? [command.usage] : Object.values(commands).map((c) => c.usage);
  console.error(`usage: ${lines.join('\n       ')}`);
}
process.exitCode = code;

/** A command refused because the site (or another command) has the embedded database open: exit code 1. */
async function runRefusingWhenInUse(command: CliCommand, args: string[]): Promise<number> {
  try {
    return await command.run(args);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.error(error.message);
    return 1;
  }
}
