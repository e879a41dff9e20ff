import type { Prisma } from '../../db/generated/client.ts';

/**
 * Ends every session of the account but `keepRowId`: its own, and those in which it acts as someone else as an
 * admin (they began with its credentials too). Answers how many ended.
 */
export async function endOtherSessions(
  tx: Pick<Prisma.TransactionClient, 'userSession'>,
  userId: string,
  keepRowId: string,
): Promise<number> {
  const { count } = await tx.userSession.deleteMany({
    where: { OR: [{ userId }, { adminId: userId }], id: { not: keepRowId } },
  });
  return count;
}
