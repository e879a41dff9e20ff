import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { normalizeEmail } from '../../mail/address.ts';
import { withPermissions } from './find-user.ts';

/**
 * Marks the address of the user holding it verified (now) or not, and answers the user; 404 when nobody holds it.
 * One statement, so the answer is the row as changed.
 */
export async function setEmailVerification(
  { db }: Pick<AppDeps, 'db'>,
  emailAddress: string,
  isVerified: boolean,
) {
  try {
    return await db.user.update({
      where: { email: normalizeEmail(emailAddress) },
      data: { emailVerifiedAt: isVerified ? new Date() : null },
      include: withPermissions,
    });
  } catch (error) {
    // P2025: no row matched.
    if ((error as { code?: string }).code === 'P2025') throw notFound('No such user');
    throw error;
  }
}
