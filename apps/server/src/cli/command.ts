import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

/** One `pnpm admin` command; admin.ts dispatches to it with the database already open. */
export interface CliCommand {
  /** Arguments after `pnpm admin`, for the usage message. */
  usage: string;
  /** Answers the exit code, or 'usage' for bad arguments. `args` starts with the command's own name. */
  run(context: { config: Config; db: Db; args: string[] }): Promise<number | 'usage'>;
}
