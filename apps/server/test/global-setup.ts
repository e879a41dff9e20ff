import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/**
 * PGlite's initdb costs seconds (9 s on a busy 2-core machine) and ran once per test file and per server process
 * a test started. It runs once here instead (test/pglite-templates.ts): test/database.ts starts each PGlite from
 * these tarballs of a data directory, one right after initdb and one with every migration applied.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'pglite-templates-'));
  const script = path.join(import.meta.dirname, 'pglite-templates.ts');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', script, dir]);
  project.provide('pgliteEmpty', path.join(dir, 'empty.tar'));
  project.provide('pgliteMigrated', path.join(dir, 'migrated.tar'));
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory as initdb leaves it, as a tar file. */
    pgliteEmpty: string;
    /** The same with every migration applied. */
    pgliteMigrated: string;
  }
}
