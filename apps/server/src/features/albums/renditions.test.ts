import { utimes } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@site/contract';
import {
  createAlbum,
  jpegBytes,
  putBlob,
  reserveUpload,
  sharedAlbum,
  unknownId,
  uploadImage,
  uploadImageWithRendition,
  verifiedMember,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import type { LocalBlobStore } from '../../storage/local-blob-store.ts';
import { reconcileBlobs } from '../../storage/reconcile.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

async function signedUrls(visitor: Visitor, ids: string[]): Promise<Record<string, string>> {
  return (await visitor.post('/api/photo-albums/signed-urls', ids).expect(200)).body;
}

async function widthAt(visitor: Visitor, url: string): Promise<number | undefined> {
  const res = await visitor.agent.get(url).buffer(true).expect(200);
  return (await sharp(res.body as Buffer).metadata()).width;
}

async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await site.deps.blobs.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Reserves and PUTs one upload per buffer, answering their ids. */
async function uploads(visitor: Visitor, albumId: string, ...bytes: Buffer[]): Promise<string[]> {
  const ids: string[] = [];
  for (const b of bytes) {
    const [id, url] = await reserveUpload(visitor, albumId);
    await putBlob(visitor, url, b).expect(204);
    ids.push(id);
  }
  return ids;
}

describe(`screen-sized renditions (${databaseKind})`, () => {
  it('adds an image with its rendition, lists it, and serves the rendition through a signed URL', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const image = await uploadImageWithRendition(visitor, album.photoAlbumId);

    expect(image.renditionId).toEqual(expect.any(String));
    expect(await site.deps.db.pendingUpload.count({ where: { albumId: album.photoAlbumId } })).toBe(0);
    const listed = (await visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200))
      .body as Image[];
    expect(listed).toEqual([{ ...image, isNew: false }]);

    const urls = await signedUrls(visitor, [image.imageId, image.renditionId!]);
    expect(await widthAt(visitor, urls[image.renditionId!]!)).toBe(200);
    expect(await widthAt(visitor, urls[image.imageId]!)).toBe(400);
  });

  it('stores the rendition clean, without the GPS position a phone wrote into it', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const located = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'green' } })
      .jpeg()
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(located).metadata()).exif).toBeDefined();
    const [imageId, renditionId, thumbnailId] = await uploads(
      visitor,
      album.photoAlbumId,
      await jpegBytes(80, 60),
      located,
      await jpegBytes(),
    );
    await visitor
      .post(`/api/photo-albums/${album.photoAlbumId}`, { imageId, thumbnailId, renditionId })
      .expect(200);
    expect((await sharp(await stored(renditionId!)).metadata()).exif).toBeUndefined();
  });

  it('refuses a rendition that is not a JPEG, is another part of the image, or was not reserved, adding nothing', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    const [imageId, thumbnailId, text] = await uploads(
      visitor,
      album.photoAlbumId,
      await jpegBytes(),
      await jpegBytes(),
      Buffer.from('not a picture'),
    );
    const refused = [
      { renditionId: text, message: /rendition is not a JPEG/ },
      { renditionId: imageId, message: /separate uploads/ },
      { renditionId: thumbnailId, message: /separate uploads/ },
      { renditionId: unknownId, message: /reserved for this album/ },
      { renditionId: 'not-a-uuid', message: /renditionId/ },
    ];
    for (const { renditionId, message } of refused) {
      const res = await visitor.post(url, { imageId, thumbnailId, renditionId });
      expect(res.status, renditionId).toBe(400);
      expect(JSON.stringify(res.body.error), renditionId).toMatch(message);
    }
    expect((await visitor.get(`${url}/images`).expect(200)).body).toEqual([]);
    // The refused rendition's bytes are gone; the image and thumbnail are still waiting to be added.
    expect(await site.deps.blobs.size(text!)).toBeNull();
    expect(await site.deps.db.pendingUpload.count({ where: { id: { in: [imageId!, thumbnailId!] } } })).toBe(
      2,
    );
  });

  it('keeps showing an image added without a rendition: null, with its full size signed as before', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const old = await uploadImage(visitor, album.photoAlbumId);
    expect(old.renditionId).toBeNull();
    const urls = await signedUrls(visitor, [old.imageId, old.thumbnailId]);
    expect(await widthAt(visitor, urls[old.imageId]!)).toBe(64);
  });

  it('signs a rendition for a verified sharee but never for a stranger', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const image = await uploadImageWithRendition(owner.visitor, album.photoAlbumId);
    const stranger = await verifiedMember(site);
    expect(Object.keys(await signedUrls(viewer.visitor, [image.renditionId!]))).toEqual([image.renditionId]);
    expect(await signedUrls(stranger.visitor, [image.renditionId!])).toEqual({});
  });

  it('downloads the full size as an attachment named for the album, for the owner and a sharee alike', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await uploadImage(owner.visitor, album.photoAlbumId);
    const second = await uploadImageWithRendition(owner.visitor, album.photoAlbumId);
    for (const visitor of [owner.visitor, viewer.visitor]) {
      const { url } = (
        await visitor.get(`/api/photo-albums/${album.photoAlbumId}/${second.imageId}/download`).expect(200)
      ).body as { url: string };
      const file = await visitor.agent.get(url).buffer(true).expect(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Summer%202.jpg`);
      expect((await sharp(file.body as Buffer).metadata()).width).toBe(400);
    }
    const stranger = await verifiedMember(site);
    const res = await stranger.visitor.get(
      `/api/photo-albums/${album.photoAlbumId}/${second.imageId}/download`,
    );
    expect(res.status).toBe(404);
  });

  it('removes the rendition when its image, or its album, is deleted from the trash for good', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const gone = await uploadImageWithRendition(visitor, album.photoAlbumId);
    const kept = await uploadImageWithRendition(visitor, album.photoAlbumId);
    await visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${gone.imageId}`).expect(204);
    await site.runJobs();
    expect(await site.deps.blobs.size(gone.renditionId!)).not.toBeNull();
    await visitor.delete(`/api/trash/photo/${gone.imageId}`).expect(204);
    await site.runJobs();
    expect(await site.deps.blobs.size(gone.renditionId!)).toBeNull();
    expect(await site.deps.blobs.size(kept.renditionId!)).not.toBeNull();

    await visitor.delete(`/api/photo-albums/${album.photoAlbumId}`).expect(204);
    await visitor.delete(`/api/trash/album/${album.photoAlbumId}`).expect(204);
    await site.runJobs();
    expect(await site.deps.blobs.size(kept.renditionId!)).toBeNull();
  });

  it('is kept by the blob reconciler, which removes only what nothing refers to', async () => {
    const { visitor } = await signedUpVisitor(site);
    const image = await uploadImageWithRendition(visitor, (await createAlbum(visitor)).photoAlbumId);
    const store = site.deps.blobs as LocalBlobStore;
    const longAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await utimes(store.pathOf(image.renditionId!), longAgo, longAgo);
    expect((await reconcileBlobs(site.deps, { dryRun: true })).orphans).not.toContain(image.renditionId);
  });
});
