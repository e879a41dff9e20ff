import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum, jpegBytes, reserveUpload } from '../../test/albums-factories.ts';
import { databaseKind } from '../../test/database.ts';
import { filesMember } from '../../test/files-factories.ts';
import { startS3rverBucket, type S3rverBucket } from '../../test/s3rver-bucket.ts';
import { startSite, type TestSite, type Visitor } from '../../test/support.ts';

let bucket: S3rverBucket;
beforeAll(async () => {
  bucket = await startS3rverBucket();
});
afterAll(() => bucket.close());

/** PUTs bytes to a signed URL the way a browser does: to the site (local store) or to the bucket (S3). */
async function putTo(site: TestSite, url: string, bytes: Buffer | string, type: string) {
  if (url.startsWith('/'))
    return (await request(site.app).put(url).set('Content-Type', type).send(bytes)).status;
  return (
    await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': type },
      body: new Uint8Array(Buffer.from(bytes)),
    })
  ).status;
}

/** GETs a signed URL's bytes. */
async function getFrom(site: TestSite, url: string): Promise<Buffer> {
  if (url.startsWith('/')) return (await request(site.app).get(url).responseType('blob')).body as Buffer;
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

const stores = {
  local: () => startSite(),
  s3: () => startSite({ storage: bucket.storage }),
};

describe.each(Object.entries(stores))(`upload links on the %s store (${databaseKind})`, (kind, start) => {
  let site: TestSite;
  let owner: Visitor;
  beforeAll(async () => {
    site = await start();
    owner = (await filesMember(site)).visitor;
  });
  afterAll(() => site.close());

  /** The refusal the local store gives; a presigned S3 URL cannot be refused, only made harmless. */
  const expectDeadLink = (status: number) => {
    if (kind === 'local') expect(status).toBe(403);
  };

  async function uploadText(text: string) {
    const bytes = Buffer.from(text);
    const uploadId = (await owner.post('/api/files/create-upload', { size: bytes.length }).expect(200)).body
      .contents as string;
    const url = (await owner.get(`/api/files/signed-url/${uploadId}`).expect(200)).body.url as string;
    expect(await putTo(site, url, bytes, 'application/octet-stream')).toBeLessThan(300);
    const file = await owner
      .post('/api/files/create-file', {
        name: 'a.txt',
        mimeType: 'text/plain',
        size: bytes.length,
        parentId: null,
        uploadId,
      })
      .expect(200);
    return { url, uploadId, nodeId: file.body.nodeId as string };
  }

  it('cannot replace the bytes of a committed file by replaying its upload URL', async () => {
    const { url, nodeId } = await uploadText('hello world');
    expectDeadLink(await putTo(site, url, 'hijacked!', 'application/octet-stream'));
    const download = (await owner.get(`/api/files/${nodeId}/download`).expect(200)).body.url as string;
    expect((await getFrom(site, download)).toString()).toBe('hello world');
  });

  it('cannot recreate a deleted file by replaying its upload URL', async () => {
    const { url, uploadId, nodeId } = await uploadText('soon gone');
    await owner.delete(`/api/files/${nodeId}`).expect(204);
    expectDeadLink(await putTo(site, url, 'an orphan', 'application/octet-stream'));
    await owner.delete(`/api/trash/node/${nodeId}`).expect(204);
    await site.runJobs();
    expectDeadLink(await putTo(site, url, 'an orphan', 'application/octet-stream'));
    expect(await site.deps.blobs.size(uploadId)).toBeNull();
  });

  it('cannot replace a committed album photo with a page by replaying its upload URL', async () => {
    const album = await createAlbum(owner);
    const [imageId, imageUrl] = await reserveUpload(owner, album.photoAlbumId);
    const [thumbnailId, thumbnailUrl] = await reserveUpload(owner, album.photoAlbumId);
    expect(await putTo(site, imageUrl, await jpegBytes(64, 48), 'image/jpeg')).toBeLessThan(300);
    expect(await putTo(site, thumbnailUrl, await jpegBytes(16, 12), 'image/jpeg')).toBeLessThan(300);
    await owner.post(`/api/photo-albums/${album.photoAlbumId}`, { imageId, thumbnailId }).expect(200);

    expectDeadLink(await putTo(site, imageUrl, '<html><script>alert(1)</script>', 'image/jpeg'));
    const urls = (await owner.post('/api/photo-albums/signed-urls', [imageId]).expect(200)).body;
    const served = await getFrom(site, urls[imageId]);
    expect((await sharp(served).metadata()).format).toBe('jpeg');
    expect(served.toString('latin1')).not.toContain('<script>');
  });

  it('cannot put bytes into an album upload once its album is deleted', async () => {
    const album = await createAlbum(owner);
    const [id, url] = await reserveUpload(owner, album.photoAlbumId);
    await owner.delete(`/api/photo-albums/${album.photoAlbumId}`).expect(204);
    expectDeadLink(await putTo(site, url, await jpegBytes(), 'image/jpeg'));
    expect(await site.deps.blobs.size(id)).toBeNull();
  });
});
