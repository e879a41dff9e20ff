import { checkBlobRows } from './blob-rows.ts';
import type { CheckContext, Finding } from './finding.ts';
import { checkFolderSizes } from './folder-sizes.ts';
import { checkImageRanks } from './image-ranks.ts';
import { checkStorageCounters } from './storage-counters.ts';

/** Every check, by the name the doctor prints. Blobs last: a repair of the others changes no blob. */
const checks = {
  'folder sizes': checkFolderSizes,
  'image ranks': checkImageRanks,
  'storage counters': checkStorageCounters,
  'rows and blobs': checkBlobRows,
} as const;

/** Runs every check (repairing with `repair`), answering each one's findings. */
export async function runDoctor(context: CheckContext): Promise<{ check: string; findings: Finding[] }[]> {
  const results = [];
  for (const [check, run] of Object.entries(checks)) results.push({ check, findings: await run(context) });
  return results;
}
