import { truncate } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Image } from '@site/contract';
import {
  createAlbum,
  jpegBytes,
  putBlob,
  reserveUpload,
  uploadImage,
  unknownId,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { LocalBlobStore } from '../../storage/local-blob-store.ts';
import { imageMaxBytes } from '@site/contract';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function images(visitor: Visitor, albumId: string): Promise<Image[]> {
  return (await visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body;
}

/** Reserves an image and a thumbnail upload and PUTs the given bytes to each. */
async function uploadPair(visitor: Visitor, albumId: string, image: Buffer, thumbnail: Buffer) {
  const [imageId, imageUrl] = await reserveUpload(visitor, albumId);
  const [thumbnailId, thumbnailUrl] = await reserveUpload(visitor, albumId);
  await putBlob(visitor, imageUrl, image).expect(204);
  await putBlob(visitor, thumbnailUrl, thumbnail).expect(204);
  return { imageId, thumbnailId };
}

describe(`image uploads (${databaseKind})`, () => {
  it('reserves a JPEG upload for the owner and answers its id and a signed URL', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const [id, url] = await reserveUpload(visitor, album.photoAlbumId);
    expect(id).toMatch(uuid);
    expect(url).toMatch(new RegExp(`^/blobs/${id}\\?`));
    expect(new URL(url, 'http://x').searchParams.get('ct')).toBe('image/jpeg');
    expect(Number(new URL(url, 'http://x').searchParams.get('max'))).toBe(25 * 1024 * 1024);
    const pending = await site.deps.db.pendingUpload.findUniqueOrThrow({ where: { id } });
    expect(pending).toMatchObject({ ownerId: user.userId, kind: 'IMAGE', albumId: album.photoAlbumId });
  });

  it('refuses to reserve an upload for an unknown album (404) or a malformed id (400)', async () => {
    const { visitor } = await signedUpVisitor(site);
    expect((await visitor.post(`/api/photo-albums/${unknownId}/upload`)).status).toBe(404);
    expect((await visitor.post('/api/photo-albums/123/upload')).status).toBe(400);
  });

  it('adds an uploaded image and thumbnail at the end of the album: the full round trip', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const full = await jpegBytes(64, 48);
    const { imageId, thumbnailId } = await uploadPair(
      visitor,
      album.photoAlbumId,
      full,
      await jpegBytes(16, 12),
    );

    const added = await visitor
      .post(`/api/photo-albums/${album.photoAlbumId}`, { imageId, thumbnailId })
      .expect(200);
    expect(added.body).toEqual({
      imageId,
      thumbnailId,
      photoAlbumId: album.photoAlbumId,
      rank: 0,
      renditionId: null,
      takenAt: null,
      addedBy: { userId: user.userId, displayName: user.displayName },
      original: null,
      video: null,
    });
    expect(await images(visitor, album.photoAlbumId)).toEqual([{ ...added.body, isNew: false }]);
    expect(await site.deps.db.pendingUpload.count({ where: { id: { in: [imageId, thumbnailId] } } })).toBe(0);
    expect((await visitor.get(`/api/photo-albums/${album.photoAlbumId}`)).body.thumbnailId).toBe(thumbnailId);

    const second = await uploadImage(visitor, album.photoAlbumId);
    expect(second.rank).toBe(1);

    // The stored photo comes back through a signed URL: the same picture, re-encoded on the server.
    const urls = (await visitor.post('/api/photo-albums/signed-urls', [imageId]).expect(200)).body;
    const served = await visitor.agent.get(urls[imageId]).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({
      format: 'jpeg',
      width: 64,
      height: 48,
    });
  });

  it('refuses a file that is not a JPEG with 400 and adds nothing', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const cases = [
      await uploadPair(visitor, album.photoAlbumId, png, await jpegBytes()),
      await uploadPair(
        visitor,
        album.photoAlbumId,
        await jpegBytes(),
        Buffer.from('just some text, not a picture'),
      ),
      await uploadPair(visitor, album.photoAlbumId, await jpegBytes(), Buffer.alloc(0)),
    ];
    for (const body of cases) {
      const res = await visitor.post(`/api/photo-albums/${album.photoAlbumId}`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/not a JPEG/);
    }
    expect(await images(visitor, album.photoAlbumId)).toEqual([]);
    expect((await visitor.get(`/api/photo-albums/${album.photoAlbumId}`)).body.thumbnailId).toBeNull();
  });

  it('refuses uploads that were never sent, are the same id twice, or were not reserved for this album', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const other = await createAlbum(visitor);
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    const [notSent] = await reserveUpload(visitor, album.photoAlbumId);
    const sent = await uploadPair(visitor, album.photoAlbumId, await jpegBytes(), await jpegBytes());
    const elsewhere = await uploadPair(visitor, other.photoAlbumId, await jpegBytes(), await jpegBytes());

    const refused = [
      { imageId: notSent, thumbnailId: sent.thumbnailId },
      { imageId: sent.imageId, thumbnailId: sent.imageId },
      { imageId: elsewhere.imageId, thumbnailId: elsewhere.thumbnailId },
      { imageId: sent.imageId, thumbnailId: unknownId },
      { imageId: sent.imageId, thumbnailId: 'not-a-uuid' },
      { imageId: sent.imageId },
    ];
    for (const body of refused)
      expect((await visitor.post(url, body)).status, JSON.stringify(body)).toBe(400);
    expect(await images(visitor, album.photoAlbumId)).toEqual([]);

    // The good pair still works once, and only once.
    await visitor.post(url, sent).expect(200);
    expect((await visitor.post(url, sent)).status).toBe(400);
    expect(await images(visitor, album.photoAlbumId)).toHaveLength(1);
  });

  it("gives up a photo's sent slot that was not added: its charge goes, and it can no longer be added", async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const used = async () =>
      Number((await site.deps.db.user.findUniqueOrThrow({ where: { id: user.userId } })).storageUsed);
    const before = await used();
    const sent = await uploadPair(visitor, album.photoAlbumId, await jpegBytes(), await jpegBytes());
    expect(await used()).toBeGreaterThan(before);

    const slot = (id: string) => `/api/photo-albums/${album.photoAlbumId}/uploads/${id}`;
    await visitor.delete(slot(sent.imageId)).expect(204);
    await visitor.delete(slot(sent.thumbnailId)).expect(204);
    expect(await used()).toBe(before);
    expect((await visitor.delete(slot(sent.imageId))).status).toBe(404);
    expect((await visitor.post(`/api/photo-albums/${album.photoAlbumId}`, sent)).status).toBe(400);
    expect(await images(visitor, album.photoAlbumId)).toEqual([]);
  });

  it("refuses another member's uploads and an upload over 25 MiB, which S3 presigned PUTs cannot cap", async () => {
    const owner = await signedUpVisitor(site);
    const album = await createAlbum(owner.visitor);
    const intruder = await signedUpVisitor(site);
    const theirs = await uploadPair(
      intruder.visitor,
      (await createAlbum(intruder.visitor)).photoAlbumId,
      await jpegBytes(),
      await jpegBytes(),
    );
    expect((await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}`, theirs)).status).toBe(400);

    const pair = await uploadPair(owner.visitor, album.photoAlbumId, await jpegBytes(), await jpegBytes());
    const store = site.deps.blobs as LocalBlobStore;
    // Grown in place (sparse), as if a client had PUT more than it was allowed to.
    await truncate(store.pathOf(pair.imageId), imageMaxBytes + 1);
    const res = await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}`, pair);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/25 MiB/);
    expect(await images(owner.visitor, album.photoAlbumId)).toEqual([]);
  });

  it('accepts a JPEG larger than the 1 MiB read to identify it', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const big = await sharp({
      create: {
        width: 2400,
        height: 1600,
        channels: 3,
        background: 'black',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const pair = await uploadPair(visitor, album.photoAlbumId, big, await jpegBytes());
    await visitor.post(`/api/photo-albums/${album.photoAlbumId}`, pair).expect(200);
  });
});
