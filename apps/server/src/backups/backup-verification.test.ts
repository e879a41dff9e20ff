import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { damagedCopy, embeddedInstallation } from '../../test/backup-archives.ts';
import { registry } from '../metrics/registry.ts';
import { archiveEntries, blobPath } from './archive-format.ts';
import { registerBackupMetrics } from './metrics.ts';
import { failedDir, pruneBackups } from './prune.ts';
import { runBackup } from './run-backup.ts';
import { nextBackupAt } from './schedule.ts';
import { verifyBackup } from './verify-backup.ts';

let site: Awaited<ReturnType<typeof embeddedInstallation>>;
let archive: string;
let blobDir: string;
const logger = pino({ level: 'silent' });
beforeAll(async () => {
  site = await embeddedInstallation();
  for (let i = 0; i < 5; i++) await site.addFile();
  const status = await runBackup({ pglite: site.database.pglite!, config: site.config, logger });
  archive = path.join(site.config.backups.dir, status.lastAttempt!.file);
  blobDir = path.join(site.dataDir, 'blobs');
}, 120_000);
afterAll(() => site.close());

const damaged = () => path.join(site.dataDir, `damaged-${Date.now()}.tar`);
const aKey = () => [...site.written.keys()][0]!;

describe('backup verification', { timeout: 120_000 }, () => {
  it('should pass a whole archive, comparing every blob with the original', async () => {
    expect(await verifyBackup(archive, blobDir)).toEqual({ problems: [], blobsCompared: 5 });
  });

  it('should fail an archive whose database part has bytes flipped', async () => {
    const out = damaged();
    await damagedCopy(archive, out, async (dir) => {
      const file = path.join(dir, archiveEntries.database);
      const bytes = await readFile(file);
      for (let i = 0; i < 64; i++) bytes[Math.floor(bytes.length / 2) + i]! ^= 0xff;
      await writeFile(file, bytes);
    });
    const { problems } = await verifyBackup(out, blobDir);
    expect(problems.join('\n')).toMatch(/database does not restore/);
  });

  it('should fail an archive missing a blob', async () => {
    const out = damaged();
    await damagedCopy(archive, out, (dir) => rm(path.join(dir, archiveEntries.blobs, blobPath(aKey()))));
    expect((await verifyBackup(out, blobDir)).problems).toEqual([
      `blob ${aKey()} is missing from the archive`,
    ]);
  });

  it("should fail an archive whose blob differs from the site's", async () => {
    const out = damaged();
    await damagedCopy(archive, out, async (dir) => {
      const file = path.join(dir, archiveEntries.blobs, blobPath(aKey()));
      const bytes = await readFile(file);
      bytes[0]! ^= 1;
      await writeFile(file, bytes);
    });
    expect((await verifyBackup(out, blobDir)).problems).toEqual([
      `blob ${aKey()} differs from the site's (SHA-256)`,
    ]);
  });

  it('should keep a failed backup aside, count it, and keep the last good one as the last success', async () => {
    registerBackupMetrics(site.config.backups.dir);
    const before = await runBackup({ pglite: site.database.pglite!, config: site.config, logger });
    expect(before.lastAttempt!.verified).toBe(true);
    const failures = async () =>
      (await registry.getSingleMetric('backup_failures_total')!.get()).values[0]!.value;
    const counted = await failures();

    const status = await runBackup({
      pglite: site.database.pglite!,
      config: site.config,
      logger,
      verify: async () => ({
        problems: ['table User restores with 0 rows, the snapshot held 1'],
        blobsCompared: 0,
      }),
    });
    expect(status.lastAttempt).toMatchObject({
      verified: false,
      problems: [expect.stringMatching(/table User/)],
    });
    expect(status.lastSuccess).toEqual(before.lastSuccess);
    expect(await readdir(failedDir(site.config.backups.dir))).toEqual([status.lastAttempt!.file]);
    expect(existsSync(path.join(site.config.backups.dir, status.lastAttempt!.file))).toBe(false);
    expect(await failures()).toBe(counted + 1);
    const text = await registry.metrics();
    expect(text).toContain(
      `backup_last_success_timestamp_seconds ${Date.parse(before.lastSuccess!.at) / 1000}`,
    );
  });
});

describe('keeping backups', () => {
  it('should keep the newest 14 good backups and the newest 2 failed ones, and clear leftovers', async () => {
    const dir = path.join(site.dataDir, 'pruned');
    await mkdir(failedDir(dir), { recursive: true });
    const names = Array.from(
      { length: 16 },
      (_, i) => `site-2026-11-${String(i + 1).padStart(2, '0')}T03-00-00Z.tar`,
    );
    for (const name of names) await writeFile(path.join(dir, name), '');
    for (const name of names.slice(0, 3)) await writeFile(path.join(failedDir(dir), name), '');
    await writeFile(path.join(dir, 'status.json'), '{}');
    await mkdir(path.join(dir, '.staging-x1y2'));
    await writeFile(path.join(dir, 'site-2026-11-17T03-00-00Z.tar.partial'), '');

    await pruneBackups(dir, 14);
    expect((await readdir(dir)).sort()).toEqual([...names.slice(2), 'failed', 'status.json'].sort());
    expect((await readdir(failedDir(dir))).sort()).toEqual(names.slice(1, 3));
  });
});

describe('the backup schedule', () => {
  it('should run daily at the hour, or every interval', () => {
    const now = new Date(2026, 10, 27, 13, 5);
    expect(nextBackupAt(now, { hour: 3, intervalMs: null })).toEqual(new Date(2026, 10, 28, 3, 0));
    expect(nextBackupAt(now, { hour: 20, intervalMs: null })).toEqual(new Date(2026, 10, 27, 20, 0));
    expect(nextBackupAt(now, { hour: 3, intervalMs: 6 * 3600_000 })).toEqual(new Date(2026, 10, 27, 19, 5));
  });
});
