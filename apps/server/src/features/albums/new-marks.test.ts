import type { PhotoAlbum } from '@site/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAlbum, sharedAlbum, uploadImage, type Member } from '../../../test/albums-factories.ts';
import { databaseKind, raceDatabase, raceServerUrl } from '../../../test/database.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const listOf = async (member: Member) =>
  (await member.visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[];
const entry = async (member: Member, albumId: string) =>
  (await listOf(member)).find((a) => a.photoAlbumId === albumId)!;
const open = (member: Member, albumId: string) =>
  member.visitor.put(`/api/photo-albums/${albumId}/viewed`).expect(204);

describe(`what is new in the album list (${databaseKind})`, () => {
  it('marks an album shared and never opened as new, with every photo new, until the viewer opens it', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await site.deps.db.user.update({ where: { id: owner.user.userId }, data: { displayName: 'Aunt Rosa' } });
    await uploadImage(owner.visitor, album.photoAlbumId);
    await uploadImage(owner.visitor, album.photoAlbumId, 60);

    expect(await entry(viewer, album.photoAlbumId)).toMatchObject({
      isNew: true,
      newImages: 2,
      ownerName: 'Aunt Rosa',
    });
    // The owner's own album is never new to them.
    expect(await entry(owner, album.photoAlbumId)).toMatchObject({ isNew: false, newImages: 0 });

    await open(viewer, album.photoAlbumId);
    expect(await entry(viewer, album.photoAlbumId)).toMatchObject({ isNew: false, newImages: 0 });
  });

  it('counts the photos added since the viewer last opened the album, and clears them when they open it again', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await uploadImage(owner.visitor, album.photoAlbumId);
    await open(viewer, album.photoAlbumId);
    await uploadImage(owner.visitor, album.photoAlbumId, 30);
    await uploadImage(owner.visitor, album.photoAlbumId, 200);

    expect(await entry(viewer, album.photoAlbumId)).toMatchObject({ isNew: false, newImages: 2 });
    await open(viewer, album.photoAlbumId);
    expect(await entry(viewer, album.photoAlbumId)).toMatchObject({ isNew: false, newImages: 0 });
  });

  it('keeps the list in order, own albums by rank then shared ones, each with its cover', async () => {
    const { owner, viewer, album: shared } = await sharedAlbum(site);
    const image = await uploadImage(owner.visitor, shared.photoAlbumId);
    const second = await createAlbum(viewer.visitor, 'Second');
    const first = await createAlbum(viewer.visitor, 'First');
    await viewer.visitor.patch(`/api/photo-albums/${first.photoAlbumId}`, { position: 0 }).expect(200);
    const list = await listOf(viewer);
    expect(list.map((a) => a.photoAlbumId)).toEqual([
      first.photoAlbumId,
      second.photoAlbumId,
      shared.photoAlbumId,
    ]);
    expect(list[2]!.thumbnailId).toBe(image.thumbnailId);
    expect(list[0]!.thumbnailId).toBeNull();
  });
});

// Every statement to PostgreSQL goes through pg's Client.query, so a spy on it counts the round trips.
describe.skipIf(!raceServerUrl)('the cost of the album list (postgresql)', () => {
  let pgSite: TestSite;
  beforeAll(async () => void (pgSite = await startSite({}, { openDatabase: raceDatabase })));
  afterAll(async () => pgSite.close());

  it('answers a logged-in list with new marks in two statements, however many albums are shared', async () => {
    const { owner, viewer, album } = await sharedAlbum(pgSite);
    await uploadImage(owner.visitor, album.photoAlbumId);
    for (const name of ['Two', 'Three']) {
      const more = await createAlbum(owner.visitor, name);
      await owner.visitor
        .post(`/api/photo-albums/${more.photoAlbumId}/share`, { emailAddress: viewer.user.emailAddress })
        .expect(200);
    }
    await listOf(viewer);
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    try {
      expect(await listOf(viewer)).toHaveLength(3);
      expect(statements).toHaveBeenCalledTimes(2);
    } finally {
      statements.mockRestore();
    }
  });
});
