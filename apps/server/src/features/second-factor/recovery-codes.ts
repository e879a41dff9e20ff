import { createHash, randomBytes } from 'node:crypto';
import type { Prisma } from '../../db/generated/client.ts';

type Tx = Prisma.TransactionClient;

/** How many recovery codes a member gets each time TOTP is turned on. */
export const recoveryCodeCount = 10;

/** Letters a person reads back without mix-ups (no 0/o, 1/l/i). */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** A code as typed: case, spaces and dashes do not matter. */
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** One code: 10 characters from `alphabet` (about 49 bits), shown as two groups of five. */
function newCode(): string {
  const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the member's recovery codes with new ones; answers them, the only time they are seen in clear. */
export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({
    data: codes.map((code) => ({ userId, codeHash: hash(normalize(code)) })),
  });
  return codes;
}

/** Uses up one of the member's recovery codes, in a conditional update; false when it is not one, or was used. */
export async function useRecoveryCode(tx: Tx, userId: string, code: string): Promise<boolean> {
  const { count } = await tx.recoveryCode.updateMany({
    where: { userId, codeHash: hash(normalize(code)), usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}
