import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@site/contract';
import {
  albumOwner,
  createAlbum,
  reserveUpload,
  uploadedPair,
  uploadImage,
  verifiedMember,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

const images = async (visitor: Visitor, albumId: string): Promise<Image[]> =>
  (await visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body;

const present = (visitor: Visitor, albumId: string, hashes: unknown) =>
  visitor.post(`/api/photo-albums/${albumId}/present-hashes`, { hashes });

const usedBytes = async (userId: string) =>
  Number((await site.deps.db.user.findUniqueOrThrow({ where: { id: userId } })).storageUsed);

describe(`duplicate photos (${databaseKind})`, () => {
  it("answers which hashes the album's live photos have, never another album's or a trashed photo's", async () => {
    const { owner, album } = await albumOwner(site, 'Here');
    const other = await createAlbum(owner.visitor, 'Elsewhere');
    const [kept, trashed, elsewhere, unknown] = ['kept', 'trashed', 'elsewhere', 'unknown'].map(hashOf);
    await uploadImage(owner.visitor, album.photoAlbumId, 10, { contentHash: kept });
    const gone = await uploadImage(owner.visitor, album.photoAlbumId, 20, { contentHash: trashed });
    await owner.visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${gone.imageId}`).expect(204);
    await uploadImage(owner.visitor, other.photoAlbumId, 30, { contentHash: elsewhere });

    const res = await present(owner.visitor, album.photoAlbumId, [unknown, kept, trashed, elsewhere, kept]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([kept]);
    // A photo in the trash may be added again.
    await uploadImage(owner.visitor, album.photoAlbumId, 20, { contentHash: trashed });
  });

  it('refuses a malformed hash or too many hashes with 400', async () => {
    const { owner, album } = await albumOwner(site);
    const good = hashOf('x');
    for (const hashes of [
      [good.toUpperCase()],
      [good.slice(1)],
      [`${good}0`],
      ['z'.repeat(64)],
      [],
      Array(501).fill(good),
    ]) {
      const res = await present(owner.visitor, album.photoAlbumId, hashes);
      expect(res.status, JSON.stringify(hashes).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    const body = await uploadedPair(owner.visitor, album.photoAlbumId, 120, {
      contentHash: good.toUpperCase(),
    });
    expect((await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}`, body)).status).toBe(400);
    expect(await images(owner.visitor, album.photoAlbumId)).toEqual([]);
  });

  it('refuses a viewer the lookup with 403 and answers a stranger 404', async () => {
    const owner = await verifiedMember(site);
    const viewer = await verifiedMember(site);
    const stranger = await verifiedMember(site);
    const album = await createAlbum(owner.visitor);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: viewer.user.emailAddress })
      .expect(200);
    expect((await present(viewer.visitor, album.photoAlbumId, [hashOf('a')])).status).toBe(403);
    expect((await present(stranger.visitor, album.photoAlbumId, [hashOf('a')])).status).toBe(404);
  });

  it('refuses a duplicate before reading its bytes: 409 even when they never arrived, its reservations freed', async () => {
    const owner = await verifiedMember(site);
    const album = await createAlbum(owner.visitor);
    const contentHash = hashOf('already here');
    await uploadImage(owner.visitor, album.photoAlbumId, 70, { contentHash });
    const before = await usedBytes(owner.user.userId);
    const [imageId] = await reserveUpload(owner.visitor, album.photoAlbumId, 1000);
    const [thumbnailId] = await reserveUpload(owner.visitor, album.photoAlbumId, 100);
    expect(await usedBytes(owner.user.userId)).toBe(before + 1100);

    const res = await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}`, {
      imageId,
      thumbnailId,
      contentHash,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This photo is already in this album.');
    expect(await site.deps.db.pendingUpload.count({ where: { albumId: album.photoAlbumId } })).toBe(0);
    expect(await usedBytes(owner.user.userId)).toBe(before);
    expect(await images(owner.visitor, album.photoAlbumId)).toHaveLength(1);
  });

  it('adds only one of two concurrent adds of the same photo: the other is a 409 whose uploads are given up', async () => {
    const { owner, album } = await albumOwner(site);
    const contentHash = hashOf('the same photo');
    const first = await uploadedPair(owner.visitor, album.photoAlbumId, 50, { contentHash });
    const second = await uploadedPair(owner.visitor, album.photoAlbumId, 60, { contentHash });
    const url = `/api/photo-albums/${album.photoAlbumId}`;

    const answers = await Promise.all([owner.visitor.post(url, first), owner.visitor.post(url, second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.error).toMatchObject({
      code: 'conflict',
      message: 'This photo is already in this album.',
    });

    const listed = await images(owner.visitor, album.photoAlbumId);
    expect(listed).toHaveLength(1);
    const kept = listed[0]!;
    const stored = await site.deps.db.image.findUniqueOrThrow({ where: { id: kept.imageId } });
    expect(stored.contentHash).toBe(contentHash);
    // Nothing of the refused photo is reserved or charged: only the kept photo's bytes count.
    expect(await site.deps.db.pendingUpload.count({ where: { albumId: album.photoAlbumId } })).toBe(0);
    expect(await usedBytes(owner.user.userId)).toBe(stored.size! + stored.thumbnailSize!);
  });
});
