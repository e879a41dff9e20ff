import { attemptPassword } from '../../auth/password-attempts.ts';
import type { AppDeps } from '../../deps.ts';
import { normalizeEmail } from '../../mail/address.ts';

/** The id of the account these credentials open, or null; limited as `attemptPassword` says. */
export async function checkCredentials(
  { db, passwords }: Pick<AppDeps, 'db' | 'passwords'>,
  input: { emailAddress: string; password: string },
  client: string,
): Promise<string | null> {
  const email = normalizeEmail(input.emailAddress);
  let opened: string | null = null;
  await attemptPassword(db, { email, client }, async () => {
    const user = await db.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
    // An account without a password yet (made by an invitation) is compared against the decoy, and never opens;
    // an unknown address costs as long as a wrong password.
    if (!user?.passwordHash) return passwords.verify(input.password, undefined);
    if (!(await passwords.verify(input.password, user.passwordHash))) return false;
    if (passwords.isOutdated(user.passwordHash)) {
      // Conditional, so a reset that lands meanwhile is not overwritten with the old password.
      await db.user.updateMany({
        where: { id: user.id, passwordHash: user.passwordHash },
        data: { passwordHash: await passwords.hash(input.password) },
      });
    }
    opened = user.id;
    return true;
  });
  return opened;
}
