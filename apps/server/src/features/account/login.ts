import type { AppDeps } from '../../deps.ts';
import { normalizeEmail } from './email.ts';

/** The id of the account these credentials open, or null. */
export async function checkCredentials(
  { db, passwords }: Pick<AppDeps, 'db' | 'passwords'>,
  input: { emailAddress: string; password: string },
): Promise<string | null> {
  const user = await db.user.findUnique({
    where: { email: normalizeEmail(input.emailAddress) },
    select: { id: true, passwordHash: true },
  });
  return (await passwords.verify(input.password, user?.passwordHash)) ? user!.id : null;
}
