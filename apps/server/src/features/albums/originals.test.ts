import type { Image } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  albumOwner,
  createAlbum,
  jpegBytes,
  type Member,
  putBlob,
  reserveUpload,
  sharedAlbum,
  uploadImage,
  uploadOriginal,
  uploadPicked,
  verifiedMember,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { phonePhoto } from '../../../test/phone-photo.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { unzip } from '../../../test/unzip.ts';
import { referencedKeys } from '../../storage/referenced-keys.ts';
import { countStorage } from '../../storage/usage.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

/** The original's download as the browser gets it: the signed URL, then the bytes and how they are served. */
async function downloadOriginal(visitor: Visitor, albumId: string, imageId: string) {
  const res = await visitor.get(`/api/photo-albums/${albumId}/${imageId}/original`);
  if (res.status !== 200) return { status: res.status, message: res.body.error?.message as string };
  const file = await visitor.agent.get(res.body.url).buffer(true).expect(200);
  return {
    status: 200,
    bytes: file.body as Buffer,
    type: file.headers['content-type'],
    disposition: file.headers['content-disposition'],
  };
}

/** The counter of `userId`, checked against the sum of what the rows hold. */
async function exactStorage(userId: string): Promise<number> {
  const { storageUsed } = await site.deps.db.user.findUniqueOrThrow({ where: { id: userId } });
  expect(storageUsed).toBe(await countStorage(site.deps.db, userId));
  return Number(storageUsed);
}

async function withContributor(owner: Member, albumId: string): Promise<Member> {
  const contributor = await verifiedMember(site);
  await owner.visitor
    .post(`/api/photo-albums/${albumId}/share`, {
      emailAddress: contributor.user.emailAddress,
      role: 'contributor',
    })
    .expect(200);
  return contributor;
}

const allowOriginals = (owner: Member, albumId: string, allow: boolean) =>
  owner.visitor.patch(`/api/photo-albums/${albumId}`, { allowOriginals: allow }).expect(200);

describe(`originals kept beside the photos (${databaseKind})`, () => {
  it('keeps the picked file byte for byte, metadata and all, and gives it to the owner under its name', async () => {
    const { owner, album } = await sharedAlbum(site);
    const bytes = await phonePhoto();
    expect(bytes.includes(Buffer.from('SpyCam'))).toBe(true);
    const image = await uploadPicked(owner.visitor, album.photoAlbumId, {
      bytes,
      name: 'IMG_0001 été.jpg',
      type: 'image/jpeg',
    });
    expect(image.original).toEqual({ name: 'IMG_0001 été.jpg', type: 'image/jpeg', size: bytes.length });

    const got = await downloadOriginal(owner.visitor, album.photoAlbumId, image.imageId);
    expect(got.status).toBe(200);
    expect(got.bytes!.equals(bytes)).toBe(true);
    expect(got.type).toBe('image/jpeg');
    expect(got.disposition).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('IMG_0001 été.jpg')}`);
    // The JPEG everyone else sees stays the clean one.
    const listed = (await owner.visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200))
      .body as Image[];
    expect(listed[0]!.original).toEqual(image.original);
  });

  it('gives a contributor their own photos, a viewer none unless the owner allows originals, then all', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const albumId = album.photoAlbumId;
    const contributor = await withContributor(owner, albumId);
    const picked = { bytes: await phonePhoto(), name: 'IMG_0002.HEIC', type: 'image/heic' };
    const theirs = await uploadPicked(contributor.visitor, albumId, picked);
    const owners = await uploadPicked(owner.visitor, albumId, { ...picked, name: 'IMG_0003.HEIC' });

    expect((await downloadOriginal(contributor.visitor, albumId, theirs.imageId)).status).toBe(200);
    expect((await downloadOriginal(contributor.visitor, albumId, owners.imageId)).status).toBe(403);
    expect((await downloadOriginal(owner.visitor, albumId, theirs.imageId)).status).toBe(200);
    const refused = await downloadOriginal(viewer.visitor, albumId, owners.imageId);
    expect(refused.status).toBe(403);
    // The JPEG download is theirs as before.
    await viewer.visitor.get(`/api/photo-albums/${albumId}/${owners.imageId}/download`).expect(200);

    const allowed = await allowOriginals(owner, albumId, true);
    expect(allowed.body.allowOriginals).toBe(true);
    const got = await downloadOriginal(viewer.visitor, albumId, owners.imageId);
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/heic');
    expect(got.bytes!.equals(picked.bytes)).toBe(true);
    expect((await downloadOriginal(contributor.visitor, albumId, owners.imageId)).status).toBe(200);

    // Only the owner changes the setting.
    await viewer.visitor.patch(`/api/photo-albums/${albumId}`, { allowOriginals: false }).expect(403);
    await contributor.visitor.patch(`/api/photo-albums/${albumId}`, { allowOriginals: false }).expect(403);
    await allowOriginals(owner, albumId, false);
    expect((await downloadOriginal(viewer.visitor, albumId, owners.imageId)).status).toBe(403);
  });

  it('says a photo from before originals were kept has none (404), to the owner too', async () => {
    const { owner, album } = await sharedAlbum(site);
    const old = await uploadImage(owner.visitor, album.photoAlbumId);
    expect(old.original).toBeNull();
    const got = await downloadOriginal(owner.visitor, album.photoAlbumId, old.imageId);
    expect(got.status).toBe(404);
    expect(got.message).toBe('The original of this photo was not kept');
  });

  it('zips originals under their own names, made unique, and others the JPEGs named after them', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const albumId = album.photoAlbumId;
    const first = { bytes: await phonePhoto(), name: 'IMG_0001.HEIC', type: 'image/heic' };
    const second = { bytes: await phonePhoto(80, 60), name: 'img_0001.heic', type: 'image/heic' };
    const a = await uploadPicked(owner.visitor, albumId, first);
    const b = await uploadPicked(owner.visitor, albumId, second);
    await uploadImage(owner.visitor, albumId);
    const zip = async (visitor: Visitor) => {
      const res = await visitor.get(`/api/photo-albums/${albumId}/zip`).responseType('blob').expect(200);
      expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
      return unzip(res.body as Buffer);
    };

    const owners = await zip(owner.visitor);
    expect([...owners.keys()]).toEqual([
      'Summer/',
      'Summer/IMG_0001.HEIC',
      'Summer/img_0001 (2).heic',
      'Summer/003.jpg',
    ]);
    expect(owners.get('Summer/IMG_0001.HEIC')!.equals(first.bytes)).toBe(true);
    expect(owners.get('Summer/img_0001 (2).heic')!.equals(second.bytes)).toBe(true);

    const viewers = await zip(viewer.visitor);
    expect([...viewers.keys()]).toEqual([
      'Summer/',
      'Summer/IMG_0001.jpg',
      'Summer/img_0001 (2).jpg',
      'Summer/003.jpg',
    ]);
    const jpeg = async (imageId: string) =>
      (
        await viewer.visitor.agent
          .get((await viewer.visitor.get(`/api/photo-albums/${albumId}/${imageId}/download`)).body.url)
          .buffer(true)
      ).body as Buffer;
    expect(viewers.get('Summer/IMG_0001.jpg')!.equals(await jpeg(a.imageId))).toBe(true);
    expect(viewers.get('Summer/img_0001 (2).jpg')!.equals(await jpeg(b.imageId))).toBe(true);
  });

  it("counts the original in its adder's storage until the photo is purged, and reconcile keeps it", async () => {
    const { owner, album } = await albumOwner(site);
    const bytes = await phonePhoto(200, 150);
    const image = await uploadPicked(owner.visitor, album.photoAlbumId, {
      bytes,
      name: 'a.jpg',
      type: 'image/jpeg',
    });
    const row = await site.deps.db.image.findUniqueOrThrow({ where: { id: image.imageId } });
    expect(Number(row.originalSize)).toBe(bytes.length);
    expect(await exactStorage(owner.user.userId)).toBe(row.size! + row.thumbnailSize! + bytes.length);
    expect(await referencedKeys(site.deps.db, [row.originalId!])).toEqual(new Set([row.originalId]));

    await owner.visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${image.imageId}`).expect(204);
    expect(await exactStorage(owner.user.userId)).toBe(row.size! + row.thumbnailSize! + bytes.length);
    await owner.visitor.delete(`/api/trash/photo/${image.imageId}`).expect(204);
    expect(await exactStorage(owner.user.userId)).toBe(0);
    // Its bytes go with the others', by the queued deletion.
    const jobs = await site.deps.db.job.findMany({ where: { kind: 'delete-blobs', state: 'PENDING' } });
    const queued = jobs.flatMap((j) => (j.payload as { keys: string[] }).keys);
    expect(queued).toEqual(expect.arrayContaining([row.id, row.thumbnailId, row.originalId]));
  });

  it('refuses a bad name or type, or an original not reserved by the uploader, with 400 and changes nothing', async () => {
    const { owner, album } = await sharedAlbum(site);
    const albumId = album.photoAlbumId;
    const other = await createAlbum(owner.visitor, 'Other');
    const jpeg = await jpegBytes(64, 48);
    const thumb = await jpegBytes(16, 12);
    const [imageId, imageUrl] = await reserveUpload(owner.visitor, albumId, jpeg.length);
    const [thumbnailId, thumbnailUrl] = await reserveUpload(owner.visitor, albumId, thumb.length);
    await putBlob(owner.visitor, imageUrl, jpeg).expect(204);
    await putBlob(owner.visitor, thumbnailUrl, thumb).expect(204);
    const uploadId = await uploadOriginal(owner.visitor, albumId, await phonePhoto());
    const elsewhere = await uploadOriginal(owner.visitor, other.photoAlbumId, await phonePhoto());
    const storage = await exactStorage(owner.user.userId);
    const add = (original: object) =>
      owner.visitor.post(`/api/photo-albums/${albumId}`, { imageId, thumbnailId, original });

    for (const name of ['../etc/passwd', 'a\\b.jpg', 'tab\there.jpg', '', '..', 'x'.repeat(256)]) {
      const res = await add({ uploadId, name, type: 'image/jpeg' });
      expect([name, res.status]).toEqual([name, 400]);
    }
    for (const type of ['text/html', 'image/svg+xml', 'application/octet-stream', 'IMAGE/JPEG']) {
      const res = await add({ uploadId, name: 'a.jpg', type });
      expect([type, res.status]).toEqual([type, 400]);
    }
    const foreign = await add({ uploadId: elsewhere, name: 'a.jpg', type: 'image/jpeg' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toContain('reserved for this album');
    const twice = await add({ uploadId: imageId, name: 'a.jpg', type: 'image/jpeg' });
    expect(twice.status).toBe(400);

    expect((await owner.visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body).toEqual([]);
    expect(await exactStorage(owner.user.userId)).toBe(storage);
    // Everything still there, the same request with good values goes through.
    await add({ uploadId, name: 'a.jpg', type: 'image/jpeg' }).expect(200);
  });

  it('refuses an original larger than MAX_UPLOAD_BYTES with 413 before any byte moves', async () => {
    const { owner, album } = await sharedAlbum(site);
    const res = await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}/original-upload`, {
      size: site.deps.config.uploads.maxBytes + 1,
      name: 'IMG_0001.DNG',
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('too_large');
  });
});
