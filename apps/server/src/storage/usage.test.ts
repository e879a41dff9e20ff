import type { StorageUse } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAlbum,
  jpegBytes,
  putBlob,
  uploadImageWithRendition,
  verifyEmail,
} from '../../test/albums-factories.ts';
import { databaseKind } from '../../test/database.ts';
import { signedUpVisitor, siteAdmin } from '../../test/factories.ts';
import { filesMember, putUpload, uploadFile } from '../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../test/support.ts';
import { unusedAfterMs, sweepAbandonedUploads } from './sweep-uploads.ts';
import { countStorage } from './usage.ts';

const MiB = 1024 ** 2;
let site: TestSite;
let admin: Visitor;

beforeAll(async () => {
  site = await startSite({ quota: { defaultBytes: 64 * MiB, unverifiedBytes: 4 * MiB } });
  admin = (await siteAdmin(site)).visitor;
});
afterAll(() => site.close());

const useOf = async (visitor: Visitor) =>
  (await visitor.get('/api/me/storage').expect(200)).body as StorageUse;

/** The counter equals what the rows hold, summed: the invariant every change keeps. */
async function expectExact(userId: string) {
  const { storageUsed } = await site.deps.db.user.findUniqueOrThrow({ where: { id: userId } });
  expect(storageUsed).toBe(await countStorage(site.deps.db, userId));
  return Number(storageUsed);
}

describe(`storage quotas (${databaseKind})`, () => {
  it("refuses a file that would pass an unverified account's small quota before any byte moves, in words", async () => {
    const { visitor, user } = await filesMember(site);
    const res = await visitor.post('/api/files/create-upload', { size: 5 * MiB });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({
      code: 'quota_exceeded',
      message:
        'This needs 5 MiB but you have 4 MiB left of your 4 MiB of storage. Empty the trash or delete something to make room.',
    });
    expect(await site.deps.db.pendingUpload.count({ where: { ownerId: user.userId } })).toBe(0);
    expect(await useOf(visitor)).toEqual({ usedBytes: 0, quotaBytes: 4 * MiB });

    await verifyEmail(site, user.userId);
    expect((await visitor.post('/api/files/create-upload', { size: 5 * MiB })).status).toBe(200);
    expect(await useOf(visitor)).toEqual({ usedBytes: 5 * MiB, quotaBytes: 64 * MiB });
  });

  it('charges photo slots at once, so reserving more than the quota holds is refused', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const reserve = (body?: object) => visitor.post(`/api/photo-albums/${album.photoAlbumId}/upload`, body);
    expect((await reserve({ size: 3 * MiB })).status).toBe(200);
    const over = await reserve({ size: 2 * MiB });
    expect(over.status).toBe(413);
    expect(over.body.error.message).toMatch(/you have 1 MiB left of your 4 MiB/);
    // Without a size, a slot is charged at the most a JPEG may be.
    expect((await reserve()).status).toBe(413);
    expect((await useOf(visitor)).usedBytes).toBe(3 * MiB);
  });

  it("caps a photo slot's PUT at its announced size", async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const jpeg = await jpegBytes(64, 48);
    const [, url] = (
      await visitor
        .post(`/api/photo-albums/${album.photoAlbumId}/upload`, { size: jpeg.length - 1 })
        .expect(200)
    ).body as [string, string];
    expect((await putBlob(visitor, url, jpeg)).status).toBe(413);
  });

  it('keeps the counter exact through uploads, photos, the trash, purges, aborts and album removal', async () => {
    const { visitor, user } = await filesMember(site);
    await verifyEmail(site, user.userId);
    const file = await uploadFile(visitor, { name: 'a.txt', bytes: Buffer.alloc(1000, 1) });
    expect(await expectExact(user.userId)).toBe(1000);

    const album = await createAlbum(visitor);
    const image = await uploadImageWithRendition(visitor, album.photoAlbumId);
    const withPhoto = await expectExact(user.userId);
    const stored = await site.deps.db.image.findUniqueOrThrow({ where: { id: image.imageId } });
    // What is charged is the re-encoded JPEGs as stored, not the slots' announced sizes.
    expect(withPhoto).toBe(1000 + stored.size! + stored.thumbnailSize! + stored.renditionSize!);

    // The trash still counts; deleting for good frees.
    await visitor.delete(`/api/files/${file.nodeId}`).expect(204);
    await visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${image.imageId}`).expect(204);
    expect(await expectExact(user.userId)).toBe(withPhoto);
    await visitor.delete(`/api/trash/node/${file.nodeId}`).expect(204);
    await visitor.delete(`/api/trash/photo/${image.imageId}`).expect(204);
    expect(await expectExact(user.userId)).toBe(0);

    // An upload given up, and the slots of an album that goes to the trash, are freed.
    const { uploadId } = await putUpload(visitor, Buffer.alloc(500, 2));
    expect(await expectExact(user.userId)).toBe(500);
    await visitor.delete(`/api/files/uploads/${uploadId}`).expect(204);
    const second = await createAlbum(visitor);
    await visitor.post(`/api/photo-albums/${second.photoAlbumId}/upload`, { size: 700 }).expect(200);
    expect(await expectExact(user.userId)).toBe(700);
    await visitor.delete(`/api/photo-albums/${second.photoAlbumId}`).expect(204);
    expect(await expectExact(user.userId)).toBe(0);
  });

  it('forgets photo slots and single-PUT uploads an hour after they were reserved, and frees their bytes', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const [slot] = (
      await visitor.post(`/api/photo-albums/${album.photoAlbumId}/upload`, { size: 1000 }).expect(200)
    ).body as [string, string];
    await site.deps.db.pendingUpload.update({
      where: { id: slot },
      data: { touchedAt: new Date(Date.now() - unusedAfterMs - 1000) },
    });
    await sweepAbandonedUploads(site.deps);
    expect(await site.deps.db.pendingUpload.count({ where: { id: slot } })).toBe(0);
    expect(await expectExact(user.userId)).toBe(0);
  });

  it('lets two uploads racing for the last bytes take them only once', async () => {
    const { visitor, user } = await filesMember(site);
    const sizes = Array.from({ length: 6 }, () => MiB);
    const answers = await Promise.all(
      sizes.map((size) => visitor.post('/api/files/create-upload', { size })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 413)).toHaveLength(2);
    expect(await expectExact(user.userId)).toBe(4 * MiB);
  });

  it("lets the admin see every member's use and set a member's own quota, and nobody else", async () => {
    const { visitor, user } = await filesMember(site);
    await putUpload(visitor, Buffer.alloc(2 * MiB, 3));
    const overview = (await admin.get('/api/admin/storage').expect(200)).body as { userId: string }[];
    expect(overview.find((m) => m.userId === user.userId)).toEqual({
      userId: user.userId,
      emailAddress: user.emailAddress,
      displayName: user.displayName,
      usedBytes: 2 * MiB,
      quotaBytes: 4 * MiB,
    });

    const set = await admin.patch('/api/admin/storage-quota', { userId: user.userId, quotaBytes: 10 * MiB });
    expect(set.status).toBe(200);
    expect(set.body.storage).toEqual({ usedBytes: 2 * MiB, quotaBytes: 10 * MiB, ownQuotaBytes: 10 * MiB });
    expect((await visitor.post('/api/files/create-upload', { size: 7 * MiB })).status).toBe(200);

    // Lower than the use: nothing is taken away, the next upload is refused.
    await admin.patch('/api/admin/storage-quota', { userId: user.userId, quotaBytes: MiB }).expect(200);
    expect((await visitor.post('/api/files/create-upload', { size: 1 })).status).toBe(413);
    expect((await useOf(visitor)).usedBytes).toBe(9 * MiB);

    const back = await admin.patch('/api/admin/storage-quota', { userId: user.userId, quotaBytes: null });
    expect(back.body.storage.ownQuotaBytes).toBeNull();
    expect((await visitor.get('/api/admin/storage')).status).toBe(403);
    expect(
      (await visitor.patch('/api/admin/storage-quota', { userId: user.userId, quotaBytes: null })).status,
    ).toBe(403);
    expect(
      (await admin.patch('/api/admin/storage-quota', { userId: user.userId, quotaBytes: -1 })).status,
    ).toBe(400);
  });
});
