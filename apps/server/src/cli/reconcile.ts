import { createBlobStore } from '../storage/create-blob-store.ts';
import { reconcileBlobs, reconcileGraceMs } from '../storage/reconcile.ts';
import { withDatabase, type CliCommand } from './command.ts';

/** `reconcile [--dry-run]`: removes (or lists) blobs nothing refers to and abandoned upload parts. */
export const reconcileCommand: CliCommand = {
  usage: 'pnpm admin reconcile [--dry-run] (removes blobs nothing refers to, and abandoned upload parts)',
  async run([flag, ...rest]) {
    if (rest.length > 0 || (flag !== undefined && flag !== '--dry-run')) return 2;
    const dryRun = flag === '--dry-run';
    const { orphans, parts } = await withDatabase('pnpm admin reconcile', ({ config, db }) =>
      reconcileBlobs({ db, blobs: createBlobStore(config) }, { dryRun }),
    );
    const verb = dryRun ? 'would remove' : 'removed';
    for (const key of orphans) console.log(`${verb} blob ${key}`);
    for (const part of parts) console.log(`${verb} part ${part}`);
    console.log(
      `${verb} ${orphans.length} unreferenced blob(s) and ${parts.length} upload part(s) older than ${reconcileGraceMs / 60_000} minutes`,
    );
    return 0;
  },
};
