import type { AppDeps } from '../../deps.ts';
import { normalizeEmail } from '../../mail/address.ts';

/** What the admin tools load with a user. */
export const withPermissions = { permissions: true } as const;

/** The user holding `emailAddress` (in any case), with their permissions; null when there is none. */
export function findUser({ db }: Pick<AppDeps, 'db'>, emailAddress: string) {
  return db.user.findUnique({ where: { email: normalizeEmail(emailAddress) }, include: withPermissions });
}
