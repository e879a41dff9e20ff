import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSiteDatabase } from '../../test/database.ts';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const cli = path.resolve(import.meta.dirname, 'admin.ts');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'doctor-cli-'));
  await migratedPgliteDir(path.join(dataDir, 'db'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function doctor(...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '' };
  try {
    return { code: 0, out: (await run(tsx, [cli, 'doctor', ...args], { env })).stdout.trim() };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: `${err.stdout}${err.stderr}`.trim() };
  }
}

describe('pnpm admin doctor (embedded database)', { timeout: 120_000 }, () => {
  it('should exit 1 while something is wrong, and 0 once --repair has fixed it', async () => {
    expect(await doctor()).toMatchObject({ code: 0, out: expect.stringMatching(/Nothing wrong found\.$/) });
    await withSiteDatabase({ dataDir }, (db) =>
      db.user.create({ data: { email: 'someone@example.com', storageUsed: 42 } }),
    );
    const found = await doctor();
    expect(found.code).toBe(1);
    expect(found.out).toContain(
      'storage counters: someone@example.com is counted as using 42 bytes, their blobs hold 0\n',
    );
    expect(found.out).toMatch(/1 of 1 finding\(s\) not repaired \(run with --repair\)\.$/);
    expect(await doctor('--repair')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/Repaired all 1 finding\(s\)\.$/),
    });
    expect(await doctor()).toMatchObject({ code: 0 });
    expect((await doctor('--fix')).code).toBe(2);
  });
});
