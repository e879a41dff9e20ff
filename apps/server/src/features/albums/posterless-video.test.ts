import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, PhotoAlbum, TrashItem } from '@site/contract';
import {
  albumOwner,
  createAlbum,
  sharedAlbum,
  uploadImage,
  uploadOriginal,
  uploadedPair,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { hevcMov } from '../../../test/hevc-sample.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { unzip } from '../../../test/unzip.ts';
import { checkBlobRows } from '../../doctor/blob-rows.ts';
import { countStorage } from '../../storage/usage.ts';

/**
 * A video the browser could not decode (an HEVC MOV in desktop Chromium) is kept without a poster: no JPEGs, its
 * original and the length its header says.
 */
describe(`albums: a video kept without a poster (${databaseKind})`, () => {
  let site: TestSite;
  const mov = hevcMov();

  beforeAll(async () => {
    site = await startSite();
  }, 60_000);
  afterAll(() => site.close());

  /** The web app's flow for a video it could not play: the video as its original, then the add, without JPEGs. */
  async function addPosterless(visitor: Visitor, albumId: string, body: object = { durationMs: 2000 }) {
    const uploadId = await uploadOriginal(visitor, albumId, mov);
    return visitor.post(`/api/photo-albums/${albumId}`, {
      original: { uploadId, name: 'IMG_0042.MOV', type: 'video/quicktime' },
      ...body,
    });
  }

  async function added(visitor: Visitor, albumId: string): Promise<Image> {
    const res = await addPosterless(visitor, albumId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Image;
  }

  const exactStorage = async (userId: string) => {
    const { storageUsed } = await site.deps.db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(storageUsed).toBe(await countStorage(site.deps.db, userId));
    return Number(storageUsed);
  };

  it('adds it with no thumbnail, charges only its bytes, and skips it for the cover', async () => {
    const { owner, album } = await albumOwner(site, 'Party');
    const res = await addPosterless(owner.visitor, album.photoAlbumId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const video = res.body as Image;
    expect(video).toMatchObject({
      thumbnailId: null,
      renditionId: null,
      video: { videoId: expect.any(String), durationMs: 2000 },
      original: { name: 'IMG_0042.MOV', type: 'video/quicktime', size: mov.length },
    });
    expect(await exactStorage(owner.user.userId)).toBe(mov.length);
    // Its id names no blob, and the doctor does not miss one.
    expect(await checkBlobRows({ db: site.deps.db, blobs: site.deps.blobs, repair: false })).toEqual([]);

    // Listed as it was added; the album has no cover (yet is not empty) until a photo comes, then that photo's.
    const listed = (await owner.visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200))
      .body as Image[];
    expect(listed).toEqual([expect.objectContaining({ imageId: video.imageId, thumbnailId: null })]);
    expect(album.isEmpty).toBe(true);
    const cover = async () => {
      const one = (await owner.visitor.get(`/api/photo-albums/${album.photoAlbumId}`).expect(200))
        .body as PhotoAlbum;
      const [listedAlbum] = (await owner.visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[];
      expect(listedAlbum).toMatchObject({ thumbnailId: one.thumbnailId, isEmpty: one.isEmpty });
      return { thumbnailId: one.thumbnailId, isEmpty: one.isEmpty };
    };
    expect(await cover()).toEqual({ thumbnailId: null, isEmpty: false });
    const photo = await uploadImage(owner.visitor, album.photoAlbumId);
    expect(await cover()).toEqual({ thumbnailId: photo.thumbnailId, isEmpty: false });
  });

  it('signs and serves the video to a viewer, never its id as a picture, and zips and downloads it whole', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const video = await added(owner.visitor, album.photoAlbumId);
    const urls = (
      await viewer.visitor
        .post('/api/photo-albums/signed-urls', [video.imageId, video.video!.videoId])
        .expect(200)
    ).body as Record<string, string>;
    expect(Object.keys(urls)).toEqual([video.video!.videoId]);
    const base = `/api/photo-albums/${album.photoAlbumId}`;
    await viewer.visitor.get(`${base}/photos/${video.imageId}`).expect(404);
    const played = await viewer.visitor.agent
      .get(`${base}/photos/${video.video!.videoId}`)
      .buffer(true)
      .expect(200);
    expect(Buffer.compare(played.body as Buffer, mov)).toBe(0);

    const { url } = (await viewer.visitor.get(`${base}/${video.imageId}/download`).expect(200)).body as {
      url: string;
    };
    const saved = await viewer.visitor.agent.get(url).buffer(true).expect(200);
    expect(saved.headers['content-disposition']).toMatch(/Summer%201\.mov/);
    expect(Buffer.compare(saved.body as Buffer, mov)).toBe(0);

    const zip = await viewer.visitor.get(`${base}/zip`).responseType('blob').expect(200);
    const entries = await unzip(zip.body as Buffer);
    expect([...entries.keys()]).toEqual(['Summer/', 'Summer/IMG_0042.MOV']);
    expect(Buffer.compare(entries.get('Summer/IMG_0042.MOV')!, mov)).toBe(0);
  });

  it('copies it to another album as the video alone, and trashes and purges it, storage exact throughout', async () => {
    const { owner, album } = await albumOwner(site, 'From');
    const video = await added(owner.visitor, album.photoAlbumId);
    const other = await createAlbum(owner.visitor, 'To');
    await owner.visitor
      .post(`/api/photo-albums/${other.photoAlbumId}/copy-photos`, {
        fromAlbumId: album.photoAlbumId,
        imageIds: [video.imageId],
      })
      .expect(200, { added: 1, duplicates: 0 });
    const [copy] = (await owner.visitor.get(`/api/photo-albums/${other.photoAlbumId}/images`).expect(200))
      .body as Image[];
    expect(copy).toMatchObject({ thumbnailId: null, video: { durationMs: 2000 } });
    expect(copy!.video!.videoId).not.toBe(video.video!.videoId);
    expect(await exactStorage(owner.user.userId)).toBe(2 * mov.length);

    await owner.visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${video.imageId}`).expect(204);
    const trash = (await owner.visitor.get('/api/trash').expect(200)).body as TrashItem[];
    expect(trash).toEqual([expect.objectContaining({ id: video.imageId, thumbnailUrl: null })]);
    await owner.visitor.delete(`/api/trash/photo/${video.imageId}`).expect(204);
    await site.runJobs();
    expect(await site.deps.blobs.size(video.video!.videoId)).toBeNull();
    expect(await site.deps.blobs.size(copy!.video!.videoId)).toBe(mov.length);
    expect(await exactStorage(owner.user.userId)).toBe(mov.length);
  });

  it('refuses a photo without its JPEGs, and an image without its thumbnail; nothing is added', async () => {
    const { owner, album } = await albumOwner(site);
    const uploadId = await uploadOriginal(owner.visitor, album.photoAlbumId, mov);
    const base = `/api/photo-albums/${album.photoAlbumId}`;
    const photo = await owner.visitor
      .post(base, { original: { uploadId, name: 'IMG_0001.HEIC', type: 'image/heic' } })
      .expect(400);
    expect(photo.body.error.message).toMatch(/Only a video may come without its JPEGs/);
    const { imageId } = await uploadedPair(owner.visitor, album.photoAlbumId);
    const half = await owner.visitor
      .post(base, {
        imageId,
        original: { uploadId, name: 'IMG_0042.MOV', type: 'video/quicktime' },
        durationMs: 2000,
      })
      .expect(400);
    expect(half.body.error.message).toMatch(/come together/);
    expect(await owner.visitor.get(`${base}/images`).expect(200)).toHaveProperty('body', []);
  });
});
