import { storageSumSql } from '../db/blob-columns.ts';
import type { CheckContext, Finding } from './finding.ts';

/** Each member's storage counter must equal the bytes of the blobs they hold; a repair sets it so. */
export async function checkStorageCounters({ db, repair }: CheckContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const user of await db.user.findMany({ select: { id: true, email: true, storageUsed: true } })) {
    const [sum] = await db.$queryRaw<{ bytes: bigint }[]>(storageSumSql(user.id));
    const want = sum?.bytes ?? 0n;
    if (want === user.storageUsed) continue;
    if (repair) await db.user.update({ where: { id: user.id }, data: { storageUsed: want } });
    findings.push({
      problem: `${user.email} is counted as using ${user.storageUsed} bytes, their blobs hold ${want}`,
      repaired: repair,
    });
  }
  return findings;
}
