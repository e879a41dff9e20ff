import type { PasskeyInfo } from '@site/contract';
import type { Db } from '../../db/database.ts';
import type { Passkey } from '../../db/generated/client.ts';
import { notFound } from '../../http/app-error.ts';

/** A passkey as its owner sees it. */
export const presentPasskey = (p: Passkey): PasskeyInfo => ({
  passkeyId: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp,
});

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyInfo[]> {
  const passkeys = await db.passkey.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
  return passkeys.map(presentPasskey);
}

/** Renames one of the member's passkeys; 404 when it is not theirs. */
export async function renamePasskey(db: Db, userId: string, passkeyId: string, name: string) {
  const { count } = await db.passkey.updateMany({ where: { id: passkeyId, userId }, data: { name } });
  if (count === 0) throw notFound('No such passkey');
  return presentPasskey(await db.passkey.findUniqueOrThrow({ where: { id: passkeyId } }));
}

/** Removes one of the member's passkeys; 404 when it is not theirs. */
export async function removePasskey(db: Db, userId: string, passkeyId: string): Promise<void> {
  const { count } = await db.passkey.deleteMany({ where: { id: passkeyId, userId } });
  if (count === 0) throw notFound('No such passkey');
}
