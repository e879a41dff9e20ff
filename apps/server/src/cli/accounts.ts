import { pino } from 'pino';
import type { Db } from '../db/database.ts';
import { resetSecondFactors } from '../features/admin/reset-second-factors.ts';
import { setDisabled } from '../features/admin/set-disabled.ts';
import { AppError } from '../http/app-error.ts';
import { normalizeEmail } from '../mail/address.ts';
import { withDatabase, type CliCommand } from './command.ts';

/** The operator at the server's shell: the command prints what it did, so the server's log is not needed. */
const operator = { operator: true } as const;
const logger = pino({ level: 'silent' });

/**
 * Runs `change` on the account with address `address` by the same rules as the admin route (a refusal prints
 * its reason, exit code 1); prints `done` for it.
 */
function onAccount(
  name: string,
  change: (db: Db, userId: string) => Promise<unknown>,
  done: string,
): CliCommand['run'] {
  return async (args) => {
    const [address] = args;
    if (!address || args.length !== 1) return 2;
    const email = normalizeEmail(address);
    return withDatabase(`pnpm admin ${name}`, async ({ db }) => {
      const user = await db.user.findUnique({ where: { email }, select: { id: true } });
      if (!user) {
        console.error(`No account with the address ${email}`);
        return 1;
      }
      try {
        await change(db, user.id);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        console.error(error.message);
        return 1;
      }
      console.log(`${email}: ${done}`);
      return 0;
    });
  };
}

/** Disable / enable an account, and reset a member's second factors, e.g. when no admin can sign in. */
export const accountCommands: Record<string, CliCommand> = {
  disable: {
    usage: 'pnpm admin disable <email>',
    run: onAccount(
      'disable',
      (db, userId) => setDisabled({ db, logger }, operator, userId, true),
      'disabled, signed out everywhere',
    ),
  },
  enable: {
    usage: 'pnpm admin enable <email>',
    run: onAccount('enable', (db, userId) => setDisabled({ db, logger }, operator, userId, false), 'enabled'),
  },
  'reset-second-factor': {
    usage: 'pnpm admin reset-second-factor <email>',
    run: onAccount(
      'reset-second-factor',
      (db, userId) => resetSecondFactors({ db, logger }, operator, userId),
      'passkeys and authenticator app removed; a mail tells them',
    ),
  },
};
