import { blobColumns, namesBlobText } from '../db/blob-columns.ts';
import { reconcileBlobs, reconcileGraceMs } from '../storage/reconcile.ts';
import { referencedKeys } from '../storage/referenced-keys.ts';
import type { CheckContext, Finding } from './finding.ts';

/**
 * Every blob a row names is stored (a pending upload's bytes may not be sent yet, so its row is left out), and
 * every stored blob is named by something. A missing blob cannot be repaired: its bytes are gone, so the doctor
 * only says which row lost them. An unreferenced one is removed by a repair once older than the reconciler's grace
 * period (an upload under way writes its bytes before its row).
 */
export async function checkBlobRows({ db, blobs, repair }: CheckContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const column of blobColumns) {
    const { table, key } = column;
    if (table === 'PendingUpload') continue;
    // A data export's zip is written before its row says it is ready.
    const written = table === 'DataExport' ? ' AND "readyAt" IS NOT NULL' : '';
    const rows = await db.$queryRawUnsafe<{ id: string; key: string }[]>(
      `SELECT id::text AS id, "${key}"::text AS key FROM "${table}" WHERE ${namesBlobText(column)}${written}`,
    );
    for (const row of rows)
      if ((await blobs.size(row.key)) === null)
        findings.push({
          problem: `${table} ${row.id} names blob ${row.key} (${key}), which is not stored`,
          repaired: false,
        });
  }
  const unreferenced: string[] = [];
  let batch: string[] = [];
  const sift = async () => {
    const referenced = await referencedKeys(db, batch);
    unreferenced.push(...batch.filter((k) => !referenced.has(k)));
    batch = [];
  };
  for await (const { key } of blobs.list()) {
    batch.push(key);
    if (batch.length >= 500) await sift();
  }
  if (batch.length > 0) await sift();
  if (unreferenced.length === 0) return findings;
  const removed = new Set(repair ? (await reconcileBlobs({ db, blobs })).orphans : []);
  for (const key of unreferenced) {
    const young =
      repair && !removed.has(key) ? ` (younger than ${reconcileGraceMs / 60_000} minutes: kept)` : '';
    findings.push({
      problem: `blob ${key} is stored but nothing refers to it${young}`,
      repaired: removed.has(key),
    });
  }
  return findings;
}
