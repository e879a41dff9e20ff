import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, PhotoAlbum } from '@site/contract';
import {
  albumOwner,
  createAlbum,
  type Member,
  uploadedPair,
  uploadImage,
  verifiedMember,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { unzip } from '../../../test/unzip.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const images = async (visitor: Visitor, albumId: string): Promise<Image[]> =>
  (await visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body;

const setOrder = (visitor: Visitor, albumId: string, order: unknown) =>
  visitor.patch(`/api/photo-albums/${albumId}`, { order });

/** An owner's album shared with a contributor and a viewer. */
async function family(): Promise<{ owner: Member; contributor: Member; viewer: Member; album: PhotoAlbum }> {
  const [owner, contributor, viewer] = [
    await verifiedMember(site),
    await verifiedMember(site),
    await verifiedMember(site),
  ];
  const album = await createAlbum(owner.visitor, 'Summer');
  const share = `/api/photo-albums/${album.photoAlbumId}/share`;
  await owner.visitor
    .post(share, { emailAddress: contributor.user.emailAddress, role: 'contributor' })
    .expect(200);
  await owner.visitor.post(share, { emailAddress: viewer.user.emailAddress }).expect(200);
  return { owner, contributor, viewer, album };
}

describe(`capture dates and the order by date (${databaseKind})`, () => {
  it('stores the capture date an add carries, lists it, and answers null for a photo without one', async () => {
    const { owner, album } = await albumOwner(site);
    const dated = await uploadImage(owner.visitor, album.photoAlbumId, 100, {
      takenAt: '2025-06-14T18:32:00+02:00',
    });
    const undated = await uploadImage(owner.visitor, album.photoAlbumId, 140);
    expect(dated.takenAt).toBe('2025-06-14T16:32:00.000Z');
    expect(undated.takenAt).toBeNull();
    expect((await images(owner.visitor, album.photoAlbumId)).map((i) => i.takenAt)).toEqual([
      '2025-06-14T16:32:00.000Z',
      null,
    ]);
  });

  it('refuses a capture date that is not a time, before 1900 or more than a day ahead with 400, adding nothing', async () => {
    const { owner, album } = await albumOwner(site);
    const tomorrowAndAHalf = new Date(Date.now() + 36 * 60 * 60 * 1000).toISOString();
    for (const takenAt of [
      'yesterday',
      '2025-13-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      tomorrowAndAHalf,
      5,
    ]) {
      const body = await uploadedPair(owner.visitor, album.photoAlbumId, 120, { takenAt });
      const res = await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}`, body);
      expect(res.status, String(takenAt)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    expect(await images(owner.visitor, album.photoAlbumId)).toEqual([]);
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    expect((await uploadImage(owner.visitor, album.photoAlbumId, 120, { takenAt: soon })).takenAt).toBe(soon);
  });

  it('lets only the owner switch the order: 403 for a contributor or viewer, 400 for an unknown order', async () => {
    const { owner, contributor, viewer, album } = await family();
    const id = album.photoAlbumId;
    expect(album.order).toBe('manual');
    for (const other of [contributor, viewer]) {
      const res = await setOrder(other.visitor, id, 'taken');
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await setOrder(owner.visitor, id, 'newest')).status).toBe(400);
    expect((await owner.visitor.get(`/api/photo-albums/${id}`).expect(200)).body.order).toBe('manual');

    expect((await setOrder(owner.visitor, id, 'taken').expect(200)).body.order).toBe('taken');
    expect((await viewer.visitor.get(`/api/photo-albums/${id}`).expect(200)).body.order).toBe('taken');
    const listed = (await viewer.visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[];
    expect(listed.find((a) => a.photoAlbumId === id)?.order).toBe('taken');
  });

  it('lists and zips by capture date, undated photos last by when they were added, and by hand again after', async () => {
    const { owner, contributor, viewer, album } = await family();
    const id = album.photoAlbumId;
    const add = (who: Member, shade: number, takenAt?: string) =>
      uploadImage(who.visitor, id, shade, takenAt ? { takenAt } : {});
    const undatedFirst = await add(owner, 10);
    const june = await add(contributor, 40, '2025-06-14T18:32:00Z');
    const undatedSecond = await add(owner, 70);
    const may = await add(owner, 100, '2025-05-01T08:00:00Z');
    const byHand = [undatedFirst, june, undatedSecond, may].map((i) => i.imageId);
    const byDate = [may, june, undatedFirst, undatedSecond].map((i) => i.imageId);

    await setOrder(owner.visitor, id, 'taken').expect(200);
    expect((await images(viewer.visitor, id)).map((i) => i.imageId)).toEqual(byDate);
    const zip = await viewer.visitor.get(`/api/photo-albums/${id}/zip`).responseType('blob').expect(200);
    const entries = [...(await unzip(zip.body as Buffer))].filter(([name]) => name.endsWith('.jpg'));
    const stored = await Promise.all(byDate.map(async (key) => buffer(await site.deps.blobs.read(key))));
    expect(entries.map(([name]) => name)).toEqual([
      'Summer/001.jpg',
      'Summer/002.jpg',
      'Summer/003.jpg',
      'Summer/004.jpg',
    ]);
    expect(entries.map(([, bytes]) => bytes)).toEqual(stored);

    await setOrder(owner.visitor, id, 'manual').expect(200);
    expect((await images(viewer.visitor, id)).map((i) => i.imageId)).toEqual(byHand);
  });
});
