import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';

/** One `pnpm admin <name> …` command; `run` answers the process exit code (2 for bad usage). */
export interface CliCommand {
  /** One usage line, printed when the command is misused. */
  usage: string;
  run(args: string[]): Promise<number>;
}

/**
 * Runs `work` with the configured database open, and closes it after. `holder` (e.g. `pnpm admin jobs`) names
 * this command to another opener of an embedded database, while this one holds it.
 */
export async function withDatabase<T>(
  holder: string,
  work: (context: { config: Config; db: Db }) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config.database, { holder });
  try {
    return await work({ config, db: database.prisma });
  } finally {
    await database.close();
  }
}
