import type { AppDeps } from '../../deps.ts';

/**
 * Removes blobs whose rows are already gone. Runs after the commit, so a failure here only leaves unreachable
 * bytes behind; it is logged, never answered as an error for a change that did happen.
 */
export async function discardBlobs(
  { blobs, logger }: Pick<AppDeps, 'blobs' | 'logger'>,
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  try {
    await blobs.remove(keys);
  } catch (err) {
    logger.error({ err, keys: keys.length }, 'removing album blobs failed');
  }
}
