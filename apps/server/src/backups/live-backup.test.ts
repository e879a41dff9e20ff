import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInstallation, readArchiveManifest, sha256 } from '../../test/backup-archives.ts';
import { restoreBackup } from '../cli/restore.ts';
import { openDatabase } from '../db/database.ts';
import { blobPath } from './archive-format.ts';
import { runBackup } from './run-backup.ts';

let site: Awaited<ReturnType<typeof embeddedInstallation>>;
beforeAll(async () => {
  site = await embeddedInstallation();
});
afterAll(() => site.close());

describe('the live backup (PGlite)', { timeout: 240_000 }, () => {
  it('should hold exactly a moment of the site while a writer adds and removes files throughout', async () => {
    const removed = new Set<string>();
    for (let i = 0; i < 40; i++) await site.addFile();

    let backingUp = true;
    let duringBackup = 0;
    const writer = (async () => {
      for (let i = 0; backingUp; i++) {
        await site.addFile();
        duringBackup++;
        if (i % 3 === 0) {
          const victim = [...site.written.keys()].find((k) => !removed.has(k))!;
          await site.removeFile(victim);
          removed.add(victim);
        }
      }
    })();
    const started = Date.now();
    const status = await runBackup({
      pglite: site.database.pglite!,
      config: site.config,
      logger: pino({ level: 'silent' }),
    });
    const tookMs = Date.now() - started;
    backingUp = false;
    await writer;

    expect(status.lastAttempt).toMatchObject({ verified: true, problems: [] });
    expect(duringBackup).toBeGreaterThan(0);
    console.log(
      `live backup of ${site.written.size} files took ${tookMs} ms with ${duringBackup} writes under way`,
    );

    const archive = path.join(site.config.backups.dir, status.lastAttempt!.file);
    const manifest = await readArchiveManifest(archive);
    const target = await mkdtemp(path.join(tmpdir(), 'live-restore-'));
    try {
      await restoreBackup(archive, target);
      const restored = await openDatabase({ pgliteDir: path.join(target, 'db') });
      try {
        const rows = await restored.prisma.fileNode.findMany();
        expect(rows.length).toBe(manifest.counts!.FileNode);
        expect(await restored.prisma.user.count()).toBe(1);
        // Every restored row has its bytes, unless the writer deleted them after the snapshot.
        for (const row of rows) {
          const key = row.blobKey!;
          if (manifest.absent!.includes(key)) expect(removed.has(key)).toBe(true);
          else
            expect(sha256(await readFile(path.join(target, 'blobs', blobPath(key))))).toBe(
              site.written.get(key),
            );
        }
        // Files added after the snapshot are neither rows nor bytes in it.
        const keys = new Set(rows.map((r) => r.blobKey));
        for (const key of site.written.keys())
          if (!keys.has(key)) expect(existsSync(path.join(target, 'blobs', blobPath(key)))).toBe(false);
      } finally {
        await restored.close();
      }
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  });
});
