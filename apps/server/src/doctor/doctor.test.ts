import { randomUUID } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumOwner, uploadImage } from '../../test/albums-factories.ts';
import { databaseKind } from '../../test/database.ts';
import { createFolder, filesMember, uploadFile } from '../../test/files-factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { blobPath } from '../backups/archive-format.ts';
import { runDoctor } from './run-doctor.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const doctor = async (repair: boolean) =>
  (await runDoctor({ db: site.deps.db, blobs: site.deps.blobs, repair })).flatMap(({ check, findings }) =>
    findings.map((f) => ({ check, ...f })),
  );

describe(`pnpm admin doctor (${databaseKind})`, { timeout: 60_000 }, () => {
  it('should find nothing wrong on a site the app has kept', async () => {
    const member = await filesMember(site);
    const folder = await createFolder(member.visitor, 'Papers');
    await uploadFile(member.visitor, { name: 'a.txt', bytes: Buffer.from('hello'), parentId: folder.nodeId });
    const { owner, album } = await albumOwner(site);
    for (let i = 0; i < 3; i++) await uploadImage(owner.visitor, album.photoAlbumId, 40 * i);
    expect(await doctor(false)).toEqual([]);
  });

  it('should find each kind of damage, repair what it can, and report the missing blob it cannot invent', async () => {
    const db = site.deps.db;
    const member = await filesMember(site);
    const outer = await createFolder(member.visitor, 'Outer');
    const inner = await createFolder(member.visitor, 'Inner', outer.nodeId);
    const kept = await uploadFile(member.visitor, {
      name: 'kept.txt',
      bytes: Buffer.alloc(300, 1),
      parentId: inner.nodeId,
    });
    const lost = await uploadFile(member.visitor, {
      name: 'lost.txt',
      bytes: Buffer.alloc(50, 2),
      parentId: outer.nodeId,
    });
    const { owner, album } = await albumOwner(site);
    const images = [];
    for (let i = 0; i < 3; i++) images.push(await uploadImage(owner.visitor, album.photoAlbumId, 50 * i));

    await db.fileNode.update({ where: { id: outer.nodeId }, data: { size: 7 } });
    await db.image.update({ where: { id: images[1]!.imageId }, data: { rank: 5 } });
    await db.user.update({ where: { id: owner.user.userId }, data: { storageUsed: 1 } });
    const lostKey = (await db.fileNode.findUniqueOrThrow({ where: { id: lost.nodeId } })).blobKey!;
    await site.deps.blobs.remove([lostKey]);
    const stray = randomUUID();
    await site.deps.blobs.write(stray, Buffer.from('nobody'), 'text/plain');
    const storage = site.deps.config.storage;
    if (storage.kind !== 'local') throw new Error('the test site keeps blobs locally');
    const dayAgo = new Date(Date.now() - 24 * 3600_000);
    await utimes(path.join(storage.dir, blobPath(stray)), dayAgo, dayAgo);

    const found = await doctor(false);
    expect(found.map((f) => [f.check, f.repaired])).toEqual([
      ['folder sizes', false],
      ['image ranks', false],
      ['storage counters', false],
      ['rows and blobs', false],
      ['rows and blobs', false],
    ]);
    expect(found[0]!.problem).toBe(`folder ${outer.nodeId} "Outer" has size 7, its files hold 350`);
    expect(found[1]!.problem).toBe(`album ${album.photoAlbumId} ranks its images 0, 2, 5 instead of 0 to 2`);
    expect(found[3]!.problem).toBe(
      `FileNode ${lost.nodeId} names blob ${lostKey} (blobKey), which is not stored`,
    );
    expect(found[4]!.problem).toBe(`blob ${stray} is stored but nothing refers to it`);
    // Looking changes nothing.
    expect((await db.fileNode.findUniqueOrThrow({ where: { id: outer.nodeId } })).size).toBe(7n);

    const repaired = await doctor(true);
    expect(repaired.map((f) => f.repaired)).toEqual([true, true, true, false, true]);
    expect((await db.fileNode.findUniqueOrThrow({ where: { id: outer.nodeId } })).size).toBe(350n);
    const ranks = await db.image.findMany({
      where: { albumId: album.photoAlbumId },
      orderBy: { rank: 'asc' },
    });
    expect(ranks.map((i) => [i.id, i.rank])).toEqual([
      [images[0]!.imageId, 0],
      [images[2]!.imageId, 1],
      [images[1]!.imageId, 2],
    ]);
    expect(await site.deps.blobs.size(stray)).toBeNull();
    expect(
      await site.deps.blobs.size(
        (await db.fileNode.findUniqueOrThrow({ where: { id: kept.nodeId } })).blobKey!,
      ),
    ).toBe(300);

    expect(await doctor(false)).toEqual([
      {
        check: 'rows and blobs',
        problem: `FileNode ${lost.nodeId} names blob ${lostKey} (blobKey), which is not stored`,
        repaired: false,
      },
    ]);
  });
});
