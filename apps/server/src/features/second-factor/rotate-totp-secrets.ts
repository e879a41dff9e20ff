import type { Db } from '../../db/database.ts';
import { isSealed, openTotpSecret, sealTotpSecret } from './totp-secret.ts';

/** Some sealed TOTP secrets open with neither the old key given nor the new one; nothing was changed. */
export class WrongOldKeyError extends Error {
  constructor(readonly unopened: number) {
    super(
      `${unopened} authenticator-app secret${unopened === 1 ? '' : 's'} open${unopened === 1 ? 's' : ''} with` +
        ' neither the old key given nor the configured one: that old key is not the one they were encrypted' +
        ' with. Nothing was changed.',
    );
  }
}

/** The secret `stored` holds when it opens under `key`, else null. */
function tryOpen(key: string, userId: string, stored: string): string | null {
  try {
    return openTotpSecret(key, userId, stored);
  } catch {
    return null;
  }
}

/**
 * Seals every TOTP secret anew under `newKey`, in one transaction: those sealed under `oldKey` (and any left in
 * plain) are opened and sealed again; one that already opens under `newKey` (a second run) is left as it is. When
 * any opens under neither key, throws WrongOldKeyError and changes nothing. Answers how many were sealed anew.
 */
export async function rotateTotpSecrets(db: Db, oldKey: string, newKey: string): Promise<number> {
  return db.$transaction(async (tx) => {
    const rows = await tx.totpFactor.findMany({
      select: { userId: true, secret: true },
      orderBy: { userId: 'asc' },
    });
    const changes: { userId: string; stored: string; secret: string }[] = [];
    let unopened = 0;
    for (const { userId, secret: stored } of rows) {
      if (isSealed(stored) && tryOpen(newKey, userId, stored) !== null) continue;
      const secret = tryOpen(oldKey, userId, stored);
      if (secret === null) unopened += 1;
      else changes.push({ userId, stored, secret });
    }
    if (unopened > 0) throw new WrongOldKeyError(unopened);
    for (const { userId, stored, secret } of changes) {
      // A row changed meanwhile (a server left running) would otherwise be overwritten with a stale secret.
      const { count } = await tx.totpFactor.updateMany({
        where: { userId, secret: stored },
        data: { secret: sealTotpSecret(newKey, userId, secret) },
      });
      if (count !== 1)
        throw new Error('An authenticator-app secret changed meanwhile; stop the server first');
    }
    return changes.length;
  });
}
