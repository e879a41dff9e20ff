import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Image } from '@site/contract';
import { createAlbum, uploadImage, verifiedMember, unknownId } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

async function images(visitor: Visitor, albumId: string): Promise<Image[]> {
  return (await visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body;
}

describe(`album images and their signed URLs (${databaseKind})`, () => {
  it('lists images by rank and answers 404 for an album that is not yours', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const added = [
      await uploadImage(visitor, album.photoAlbumId, 10),
      await uploadImage(visitor, album.photoAlbumId, 200),
    ];
    // The list also says whether each is new to the caller: never, in their own album.
    expect(await images(visitor, album.photoAlbumId)).toEqual(added.map((i) => ({ ...i, isNew: false })));
    const stranger = await signedUpVisitor(site);
    expect((await stranger.visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`)).status).toBe(404);
    expect((await visitor.get(`/api/photo-albums/${unknownId}/images`)).status).toBe(404);
  });

  it('removes an image (to the trash, then forever) and its blobs, moving later images up so ranks stay dense', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const [a, b, c] = [
      await uploadImage(visitor, album.photoAlbumId, 10),
      await uploadImage(visitor, album.photoAlbumId, 100),
      await uploadImage(visitor, album.photoAlbumId, 200),
    ];
    await visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${b.imageId}`).expect(204);
    const left = await images(visitor, album.photoAlbumId);
    expect(left.map((i) => [i.imageId, i.rank])).toEqual([
      [a.imageId, 0],
      [c.imageId, 1],
    ]);
    await site.runJobs();
    expect(await site.deps.blobs.size(b.imageId)).not.toBeNull();
    await visitor.delete(`/api/trash/photo/${b.imageId}`).expect(204);
    await site.runJobs();
    expect(await site.deps.blobs.size(b.imageId)).toBeNull();
    expect(await site.deps.blobs.size(b.thumbnailId)).toBeNull();
    expect(await site.deps.blobs.size(a.imageId)).not.toBeNull();
    expect((await visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${b.imageId}`)).status).toBe(404);
  });

  it('refuses to remove an image through another album (404) or by a malformed id (400)', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const other = await createAlbum(visitor);
    const image = await uploadImage(visitor, other.photoAlbumId);
    expect((await visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${image.imageId}`)).status).toBe(
      404,
    );
    expect((await visitor.delete(`/api/photo-albums/${album.photoAlbumId}/nope`)).status).toBe(400);
    expect(await images(visitor, other.photoAlbumId)).toEqual([{ ...image, isNew: false }]);
  });

  it('signs URLs for image and thumbnail ids the caller may view, silently leaving out the rest', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const image = await uploadImage(visitor, album.photoAlbumId);
    const stranger = await verifiedMember(site);
    const theirs = await uploadImage(stranger.visitor, (await createAlbum(stranger.visitor)).photoAlbumId);

    const res = await visitor
      .post('/api/photo-albums/signed-urls', [
        image.imageId,
        image.thumbnailId,
        theirs.imageId,
        theirs.thumbnailId,
        unknownId,
      ])
      .expect(200);
    expect(Object.keys(res.body).sort()).toEqual([image.imageId, image.thumbnailId].sort());
    expect(res.body[image.thumbnailId]).toMatch(new RegExp(`^/blobs/${image.thumbnailId}\\?`));
    const thumbnail = await visitor.agent.get(res.body[image.thumbnailId]).buffer(true).expect(200);
    expect((await sharp(thumbnail.body as Buffer).metadata()).width).toBe(16);
  });

  it('refuses an empty or malformed id list for signed URLs with 400', async () => {
    const { visitor } = await signedUpVisitor(site);
    for (const body of [[], ['nope'], {}]) {
      expect((await visitor.post('/api/photo-albums/signed-urls', body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
  });
});
