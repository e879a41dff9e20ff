/** One `pnpm admin <name> …` command; `run` answers the process exit code (2 for bad usage). */
export interface CliCommand {
  /** One usage line, printed when the command is misused. */
  usage: string;
  run(args: string[]): Promise<number>;
}
