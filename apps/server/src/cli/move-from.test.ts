import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { runDoctor } from '../doctor/run-doctor.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';
import { describeRaces, freshDatabase, raceServerUrl } from '../../test/database.ts';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';
import { defaultPassword } from '../../test/factories.ts';
import { createFolder, filesMember, uploadFile } from '../../test/files-factories.ts';
import { startS3rverBucket, type S3rverBucket } from '../../test/s3rver-bucket.ts';
import { startSite } from '../../test/support.ts';
import { moveEmbeddedSite, MoveError } from './move-from.ts';

/** Every row of every site table, as sorted JSON per table. */
async function rowsOf(db: Db): Promise<Record<string, string[]>> {
  const tables = await db.$queryRawUnsafe<{ tablename: string }[]>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'",
  );
  const rows: Record<string, string[]> = {};
  for (const { tablename } of tables) {
    const found = await db.$queryRawUnsafe<{ row: unknown }[]>(
      `SELECT to_jsonb(t) AS row FROM "${tablename}" t`,
    );
    rows[tablename] = found.map((r) => JSON.stringify(r.row)).sort();
  }
  return rows;
}

describeRaces('moving a site from the embedded defaults to PostgreSQL and S3', () => {
  let oldDir: string;
  let newDir: string;
  let bucket: S3rverBucket;
  let target: Awaited<ReturnType<typeof freshDatabase>>;
  let before: Record<string, string[]>;
  let email: string;
  const bytes = Buffer.from('the 2025 tax return, 42 pages\n');

  beforeAll(async () => {
    oldDir = await mkdtemp(path.join(tmpdir(), 'move-from-'));
    newDir = await mkdtemp(path.join(tmpdir(), 'move-to-'));
    await migratedPgliteDir(path.join(oldDir, 'db'));
    const old = await startSite(
      {},
      { dataDir: oldDir, openDatabase: () => openDatabase({ pgliteDir: path.join(oldDir, 'db') }) },
    );
    const member = await filesMember(old);
    email = member.user.emailAddress;
    const docs = await createFolder(member.visitor, 'Documents');
    const tax = await createFolder(member.visitor, 'Tax', docs.nodeId);
    await uploadFile(member.visitor, { name: 'return.txt', bytes, parentId: tax.nodeId });
    before = await rowsOf(old.deps.db);
    await old.close();
    bucket = await startS3rverBucket();
    target = await freshDatabase(raceServerUrl);
  });
  afterAll(async () => {
    await target?.close();
    await bucket?.close();
    await Promise.all([oldDir, newDir].map((d) => rm(d, { recursive: true, force: true })));
  });

  const targetConfig = () => ({
    ...testConfig(newDir),
    database: { url: target.url! },
    storage: bucket.storage,
  });

  it('copies every row and blob; the new site signs the member in and finds nothing wrong', async () => {
    const moved = await moveEmbeddedSite(oldDir, targetConfig(), () => {});
    expect(moved.blobs).toBe(1);
    expect(await rowsOf(target.prisma)).toEqual(before);

    const blobs = createBlobStore(targetConfig());
    const results = await runDoctor({ db: target.prisma, blobs, repair: false });
    expect(results.flatMap((r) => r.findings)).toEqual([]);
    const file = await target.prisma.fileNode.findFirstOrThrow({ where: { name: 'return.txt' } });
    const stored: Buffer[] = [];
    for await (const chunk of await blobs.read(file.blobKey!)) stored.push(chunk as Buffer);
    expect(Buffer.concat(stored)).toEqual(bytes);

    const site = await startSite(targetConfig(), { openDatabase: () => openDatabase({ url: target.url! }) });
    try {
      const visitor = await site.visitor();
      await visitor.post('/api/login', { emailAddress: email, password: defaultPassword }).expect(200);
    } finally {
      await site.close();
    }
  });

  it('refuses a database that already holds a site, changing nothing', async () => {
    const rows = await rowsOf(target.prisma);
    await expect(moveEmbeddedSite(oldDir, targetConfig(), () => {})).rejects.toThrow(MoveError);
    expect(await rowsOf(target.prisma)).toEqual(rows);
  });
});
