import { isBackup } from './prune.ts';

/**
 * Names of a backup place's objects, relative to its prefix. Only a verified archive is ever at the top level: an
 * archive is written under `unverified/` and copied up once its verification passes, so whatever a failure cuts
 * short, nothing at the top claims to be a whole backup.
 */
export const bucketLayout = {
  /** A verified archive (database, manifest, secrets; its blobs are beside it). */
  archive: (name: string) => name,
  /** The manifest of verified archive `name`, kept apart so pruning reads it without fetching the archive. */
  manifest: (name: string) => `manifests/${name}.json`,
  /** An archive written and not verified yet. */
  unverified: (name: string) => `unverified/${name}`,
  /** An archive that failed its verification, kept aside for a look. */
  failed: (name: string) => `failed/${name}`,
  /**
   * Blob `key`, shared by every backup that refers to it: keys are never reused and blobs never change, so a
   * blob already here is not copied again.
   */
  blob: (key: string) => `blobs/${key}`,
  /** Whether object `name` is a verified archive (at the top level, named as backupName names them). */
  isArchive: (name: string) => !name.includes('/') && isBackup(name),
  blobs: 'blobs/',
  /**
   * The bucket's copy of blob `key` that differed from the site's when archive `name` was verified: replaced by
   * the site's, and kept here for the operator, as either side may be the damaged one. Never pruned.
   */
  setAside: (key: string, name: string) => `set-aside/${name}/${key}`,
} as const;
