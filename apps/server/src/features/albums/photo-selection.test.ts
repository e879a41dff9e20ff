import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '@site/contract';
import {
  createAlbum,
  unknownId,
  uploadImage,
  verifiedMember,
  type Member,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { unzip } from '../../../test/unzip.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const images = async (v: Visitor, albumId: string): Promise<Image[]> =>
  (await v.get(`/api/photo-albums/${albumId}/images`).expect(200)).body;
const remove = (v: Visitor, albumId: string, imageIds: string[]) =>
  v.post(`/api/photo-albums/${albumId}/remove-photos`, { imageIds });
const trashed = (ids: string[]) =>
  site.deps.db.image.count({ where: { id: { in: ids }, trashedAt: { not: null } } });

/** An owner's album of `count` photos, shared with a contributor who added one more and with a viewer. */
async function familyAlbum(count: number) {
  const owner = await verifiedMember(site);
  const contributor = await verifiedMember(site);
  const viewer = await verifiedMember(site);
  const album = await createAlbum(owner.visitor, 'Family');
  const albumId = album.photoAlbumId;
  for (const [who, role] of [
    [contributor, 'contributor'],
    [viewer, 'viewer'],
  ] as [Member, string][]) {
    await owner.visitor
      .post(`/api/photo-albums/${albumId}/share`, { emailAddress: who.user.emailAddress, role })
      .expect(200);
  }
  const photos: Image[] = [];
  for (let i = 0; i < count; i++) photos.push(await uploadImage(owner.visitor, albumId, 20 * i));
  const theirs = await uploadImage(contributor.visitor, albumId, 250);
  return { owner, contributor, viewer, albumId, photos, theirs };
}

describe(`several photos at once (${databaseKind})`, () => {
  it('moves the chosen photos to the trash together, the others ranked 0, 1, 2… again', async () => {
    const { owner, albumId, photos, theirs } = await familyAlbum(4);
    const gone = [photos[2]!.imageId, photos[0]!.imageId];
    expect((await remove(owner.visitor, albumId, gone)).status).toBe(204);
    const left = await images(owner.visitor, albumId);
    expect(left.map((i) => [i.imageId, i.rank])).toEqual([
      [photos[1]!.imageId, 0],
      [photos[3]!.imageId, 1],
      [theirs.imageId, 2],
    ]);
    expect(await trashed(gone)).toBe(2);
    // Each is in the trash, and restores from there.
    await owner.visitor.post(`/api/trash/photo/${gone[0]}/restore`).expect(200);
  });

  it('removes all or none: a contributor only their own (403), anyone only live photos of the album (404)', async () => {
    const { owner, contributor, viewer, albumId, photos, theirs } = await familyAlbum(2);
    const other = await createAlbum(owner.visitor, 'Other');
    const elsewhere = await uploadImage(owner.visitor, other.photoAlbumId);
    const stranger = await verifiedMember(site);
    const ids = photos.map((p) => p.imageId);

    expect((await remove(contributor.visitor, albumId, [theirs.imageId, ids[0]!])).status).toBe(403);
    expect((await remove(viewer.visitor, albumId, [ids[0]!])).status).toBe(403);
    expect((await remove(stranger.visitor, albumId, [ids[0]!])).status).toBe(404);
    expect((await remove(owner.visitor, albumId, [ids[0]!, unknownId])).status).toBe(404);
    expect((await remove(owner.visitor, albumId, [ids[0]!, elsewhere.imageId])).status).toBe(404);
    for (const bad of [
      [],
      ['nope'],
      [ids[0]!, ids[0]!],
      Array.from({ length: 201 }, () => crypto.randomUUID()),
    ])
      expect((await remove(owner.visitor, albumId, bad)).status).toBe(400);
    expect(await trashed([...ids, theirs.imageId, elsewhere.imageId])).toBe(0);

    expect((await remove(contributor.visitor, albumId, [theirs.imageId])).status).toBe(204);
    expect((await remove(owner.visitor, albumId, [theirs.imageId])).status).toBe(404);
    expect((await remove(owner.visitor, albumId, ids)).status).toBe(204);
    expect(await images(owner.visitor, albumId)).toEqual([]);
  });

  it('zips only the chosen photos, in the album order, and refuses any that is not a live photo of it', async () => {
    const { owner, viewer, albumId, photos } = await familyAlbum(3);
    const zip = (v: Visitor, ids: string) =>
      v.get(`/api/photo-albums/${albumId}/zip?ids=${ids}`).responseType('blob');
    const res = await zip(viewer.visitor, [photos[2]!.imageId, photos[0]!.imageId].join(','));
    expect(res.status).toBe(200);
    expect([...(await unzip(res.body)).keys()]).toEqual(['Family/', 'Family/001.jpg', 'Family/002.jpg']);
    const entries = await unzip(res.body);
    const stored = async (key: string) => buffer(await site.deps.blobs.read(key));
    expect(entries.get('Family/001.jpg')!.equals(await stored(photos[0]!.imageId))).toBe(true);
    expect(entries.get('Family/002.jpg')!.equals(await stored(photos[2]!.imageId))).toBe(true);

    expect((await zip(owner.visitor, `${photos[0]!.imageId},${unknownId}`)).status).toBe(404);
    await remove(owner.visitor, albumId, [photos[1]!.imageId]).expect(204);
    expect((await zip(owner.visitor, photos[1]!.imageId)).status).toBe(404);
    expect((await zip(owner.visitor, 'nope')).status).toBe(400);
  });

  it('removes a whole album but the photos unticked, in one call: the owner any, a contributor only their own', async () => {
    const { owner, contributor, viewer, albumId, photos, theirs } = await familyAlbum(3);
    const removeAll = (v: Visitor, allExcept: string[]) =>
      v.post(`/api/photo-albums/${albumId}/remove-photos`, { allExcept });
    const ids = photos.map((p) => p.imageId);

    expect((await removeAll(contributor.visitor, [])).status).toBe(403);
    expect((await removeAll(viewer.visitor, [])).status).toBe(403);
    expect((await removeAll(owner.visitor, ['nope'])).status).toBe(400);
    expect(await trashed([...ids, theirs.imageId])).toBe(0);
    // A contributor may when every photo left is theirs.
    expect((await removeAll(contributor.visitor, ids)).status).toBe(204);
    expect(await trashed([theirs.imageId])).toBe(1);

    expect((await removeAll(owner.visitor, [ids[1]!])).status).toBe(204);
    expect((await images(owner.visitor, albumId)).map((i) => [i.imageId, i.rank])).toEqual([[ids[1], 0]]);
    expect(await trashed([ids[0]!, ids[2]!])).toBe(2);
  });

  it('zips a whole album but the photos unticked', async () => {
    const { viewer, albumId, photos } = await familyAlbum(3);
    const path = `/api/photo-albums/${albumId}/zip`;
    const res = await viewer.visitor.get(`${path}?except=${photos[1]!.imageId}`).responseType('blob');
    expect(res.status).toBe(200);
    const entries = await unzip(res.body);
    // Three photos less one, and the contributor's.
    expect([...entries.keys()]).toEqual(['Family/', 'Family/001.jpg', 'Family/002.jpg', 'Family/003.jpg']);
    const stored = async (key: string) => buffer(await site.deps.blobs.read(key));
    expect(entries.get('Family/002.jpg')!.equals(await stored(photos[2]!.imageId))).toBe(true);
    const both = `ids=${photos[0]!.imageId}&except=${photos[1]!.imageId}`;
    expect((await viewer.visitor.get(`${path}?${both}`)).status).toBe(400);
  });
});
