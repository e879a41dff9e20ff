import type { AppDeps } from '../../deps.ts';
import { loadUser, type UserRecord } from '../../auth/user-record.ts';
import { enqueue } from '../../jobs/queue.ts';
import { normalizeEmail } from '../../mail/address.ts';
import { assertStrongPassword } from './password-policy.ts';

/**
 * Creates an account and queues its verification mail with it (someone invited to an album needs a verified
 * address to see it); null when the address is taken. The very first account becomes an admin.
 */
export async function signup(
  { db, passwords }: Pick<AppDeps, 'db' | 'passwords'>,
  input: { emailAddress: string; password: string },
): Promise<UserRecord | null> {
  assertStrongPassword(input.password);
  const email = normalizeEmail(input.emailAddress);
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) return null;
  const passwordHash = await passwords.hash(input.password);
  try {
    const id = await db.$transaction(async (tx) => {
      const isFirst = (await tx.user.count()) === 0;
      const user = await tx.user.create({
        data: { email, passwordHash, displayName: email.split('@')[0] ?? email },
      });
      if (isFirst) {
        await tx.permissionGrant.createMany({
          data: [
            { userId: user.id, permission: 'admin' },
            { userId: user.id, permission: 'files' },
          ],
        });
      }
      await enqueue(tx, 'verification-mail', { userId: user.id });
      return user.id;
    });
    return loadUser(db, id);
  } catch (error) {
    // Two sign-ups racing for one address: the loser gets the same answer as a taken address.
    if ((error as { code?: string }).code === 'P2002') return null;
    throw error;
  }
}
