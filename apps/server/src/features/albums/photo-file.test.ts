import path from 'node:path';
import { photoUrl } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAlbum,
  jpegBytes,
  reserveUpload,
  sharedAlbum,
  unknownId,
  uploadImage,
  uploadImageWithRendition,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startS3rverBucket, type S3rverBucket } from '../../../test/s3rver-bucket.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import type { LocalBlobStore } from '../../storage/local-blob-store.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await site.deps.blobs.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const fetchPhoto = (visitor: Visitor, url: string) => visitor.agent.get(url).buffer(true);

describe(`photos at URLs the browser keeps (${databaseKind})`, () => {
  it('serves each JPEG of a photo at a URL that never changes, to be kept for a year', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const image = await uploadImageWithRendition(visitor, album.photoAlbumId);
    for (const id of [image.imageId, image.renditionId!, image.thumbnailId]) {
      const res = await fetchPhoto(visitor, photoUrl(album.photoAlbumId, id)).expect(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(res.headers['content-disposition']).toBe('inline');
      expect(Buffer.compare(res.body as Buffer, await stored(id))).toBe(0);
    }
  });

  it('answers a range of the bytes', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const image = await uploadImage(visitor, album.photoAlbumId);
    const res = await fetchPhoto(visitor, photoUrl(album.photoAlbumId, image.imageId))
      .set('range', 'bytes=2-5')
      .expect(206);
    expect(Buffer.compare(res.body as Buffer, (await stored(image.imageId)).subarray(2, 6))).toBe(0);
  });

  it('checks access on every request: a withdrawn share stops the next one at once', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const image = await uploadImage(owner.visitor, album.photoAlbumId);
    const url = photoUrl(album.photoAlbumId, image.thumbnailId);
    await fetchPhoto(viewer.visitor, url).expect(200);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/unshare`, { emailAddress: viewer.user.emailAddress })
      .expect(200);
    const refused = await fetchPhoto(viewer.visitor, url).expect(404);
    expect(refused.headers['cache-control']).not.toContain('immutable');
    await fetchPhoto(await site.visitor(), url).expect(401);
  });

  it('has nothing for a photo of another album, in the trash, or an id that is no photo', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const other = await createAlbum(visitor, 'Other');
    const image = await uploadImage(visitor, album.photoAlbumId);
    const elsewhere = await uploadImage(visitor, other.photoAlbumId);
    await fetchPhoto(visitor, photoUrl(album.photoAlbumId, elsewhere.thumbnailId)).expect(404);
    await fetchPhoto(visitor, photoUrl(album.photoAlbumId, unknownId)).expect(404);
    await fetchPhoto(visitor, photoUrl(album.photoAlbumId, 'not-an-id')).expect(400);
    await visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${image.imageId}`).expect(204);
    await fetchPhoto(visitor, photoUrl(album.photoAlbumId, image.thumbnailId)).expect(404);
  });
});

describe(`photos handed to the proxy (DOWNLOAD_OFFLOAD, ${databaseKind})`, () => {
  const offloaded = async (offload: 'nginx' | 'sendfile') => {
    const proxied = await startSite({ downloadOffload: offload });
    try {
      const { visitor } = await signedUpVisitor(proxied);
      const album = await createAlbum(visitor);
      const image = await uploadImage(visitor, album.photoAlbumId);
      const res = await fetchPhoto(visitor, photoUrl(album.photoAlbumId, image.thumbnailId)).expect(200);
      return { res, image, store: proxied.deps.blobs as LocalBlobStore };
    } finally {
      await proxied.close();
    }
  };

  it('names the file for nginx or Caddy under the internal prefix, with no bytes and the same headers', async () => {
    const { res, image } = await offloaded('nginx');
    expect(res.headers['x-accel-redirect']).toBe(
      `/_site_blobs/${image.thumbnailId.slice(0, 2)}/${image.thumbnailId}`,
    );
    expect(res.headers['x-sendfile']).toBeUndefined();
    expect((res.body as Buffer).length).toBe(0);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe('sandbox');
  });

  it('names the file inside the blobs folder for X-Sendfile', async () => {
    const { res, image, store } = await offloaded('sendfile');
    const file = res.headers['x-sendfile'] as string;
    expect(file).toBe(store.pathOf(image.thumbnailId));
    expect(path.relative(store.dir, file).startsWith('..')).toBe(false);
    expect(res.headers['x-accel-redirect']).toBeUndefined();
  });

  it('hands signed downloads over too, and names nothing for a link that is refused', async () => {
    const proxied = await startSite({ downloadOffload: 'nginx' });
    try {
      const { visitor } = await signedUpVisitor(proxied);
      const album = await createAlbum(visitor);
      const image = await uploadImage(visitor, album.photoAlbumId);
      const store = proxied.deps.blobs as LocalBlobStore;
      const signed = await store.downloadUrl(image.imageId, {
        fileName: 'Summer 1.jpg',
        contentType: 'image/jpeg',
      });
      const res = await visitor.agent.get(signed).expect(200);
      expect(res.headers['x-accel-redirect']).toBe(
        `/_site_blobs/${image.imageId.slice(0, 2)}/${image.imageId}`,
      );
      expect(res.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Summer%201.jpg");
      const query = signed.split('?')[1];
      for (const escape of ['..%2F..%2Fsession-secret', '%2e%2e', `${image.imageId}%2F..%2F..`, '..']) {
        const refused = await visitor.agent.get(`/blobs/${escape}?${query}`);
        expect(refused.status, escape).toBeGreaterThanOrEqual(400);
        expect(refused.headers['x-accel-redirect'], escape).toBeUndefined();
      }
      const forged = await visitor.agent.get(signed.replace(image.imageId, image.thumbnailId)).expect(403);
      expect(forged.headers['x-accel-redirect']).toBeUndefined();
      await fetchPhoto(
        visitor,
        `/api/photo-albums/${album.photoAlbumId}/photos/..%2F..%2Fsession-secret`,
      ).expect(400);
    } finally {
      await proxied.close();
    }
  });
});

describe(`photos on S3 (${databaseKind})`, () => {
  let bucket: S3rverBucket;
  let s3Site: TestSite;
  beforeAll(async () => {
    bucket = await startS3rverBucket();
    s3Site = await startSite({ storage: bucket.storage });
  });
  afterAll(async () => {
    await s3Site.close();
    await bucket.close();
  });

  it('redirects to a presigned URL that stays the same, and may keep the redirect until it changes', async () => {
    const { visitor } = await signedUpVisitor(s3Site);
    const album = await createAlbum(visitor);
    const [imageId, imageUrl] = await reserveUpload(visitor, album.photoAlbumId);
    const [thumbnailId, thumbnailUrl] = await reserveUpload(visitor, album.photoAlbumId);
    for (const [url, bytes] of [
      [imageUrl, await jpegBytes(64, 48)],
      [thumbnailUrl, await jpegBytes()],
    ] as const) {
      const put = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(bytes),
      });
      expect(put.status).toBe(200);
    }
    await visitor.post(`/api/photo-albums/${album.photoAlbumId}`, { imageId, thumbnailId }).expect(200);
    const url = photoUrl(album.photoAlbumId, thumbnailId);
    const first = await visitor.agent.get(url).redirects(0).expect(302);
    const second = await visitor.agent.get(url).redirects(0).expect(302);
    expect(second.headers.location).toBe(first.headers.location);
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers['cache-control'] as string)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(3.5 * 24 * 60 * 60);
    const bytes = await fetch(first.headers.location as string);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('image/jpeg');
  });
});
