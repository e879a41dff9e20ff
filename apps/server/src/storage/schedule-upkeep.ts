import type { AppDeps } from '../deps.ts';
import { purgeExpired } from '../features/trash/purge.ts';
import { reconcileBlobs } from './reconcile.ts';
import { sweepAbandonedUploads } from './sweep-uploads.ts';

/**
 * Purges trash older than TRASH_DAYS, sweeps abandoned uploads and reconciles the blob store now and then every hour, logging what went; the timer
 * does not keep the process alive. Both are idempotent, so several servers may each run it.
 */
export function scheduleStorageUpkeep(deps: Pick<AppDeps, 'db' | 'blobs' | 'logger' | 'config'>): () => void {
  const { logger } = deps;
  const upkeep = async () => {
    try {
      const purged = await purgeExpired(deps.db, new Date(Date.now() - deps.config.trashMs));
      if (purged > 0) logger.info({ purged }, 'expired trash purged');
      const swept = await sweepAbandonedUploads(deps);
      if (swept > 0) logger.info({ swept }, 'abandoned uploads removed');
      const { orphans, parts } = await reconcileBlobs(deps);
      if (orphans.length + parts.length > 0) logger.warn({ orphans, parts }, 'unreferenced blobs removed');
    } catch (err) {
      logger.error({ err }, 'storage upkeep failed');
    }
  };
  void upkeep();
  const timer = setInterval(() => void upkeep(), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
