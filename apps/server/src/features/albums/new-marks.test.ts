import type { Image, PhotoAlbum } from '@site/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAlbum,
  sharedAlbum,
  uploadImage,
  verifiedMember,
  type Member,
} from '../../../test/albums-factories.ts';
import { databaseKind, raceDatabase, raceServerUrl } from '../../../test/database.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { visitGapMs } from './album-visits.ts';

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
const imagesOf = async (member: Member, albumId: string) =>
  (await member.visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body as Image[];
/** The ids of the photos marked new to `member` inside the album. */
const marked = async (member: Member, albumId: string) =>
  (await imagesOf(member, albumId)).filter((i) => i.isNew).map((i) => i.imageId);

/** Lets twice the visit gap pass over an album: its views and photos all move that far into the past. */
async function timePasses(albumId: string) {
  const gap = `${(2 * visitGapMs) / 1000} seconds`;
  const { db } = site.deps;
  await db.$executeRaw`UPDATE "AlbumView" SET "viewedAt" = "viewedAt" - ${gap}::interval,
    "marksSince" = "marksSince" - ${gap}::interval WHERE "albumId" = ${albumId}::uuid`;
  await db.$executeRaw`UPDATE "Image" SET "createdAt" = "createdAt" - ${gap}::interval
    WHERE "albumId" = ${albumId}::uuid`;
}

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

describe(`what is new inside an album (${databaseKind})`, () => {
  it("marks none of the photos in the owner's own album as new, not even ones from before contributors", async () => {
    const { owner, album } = await sharedAlbum(site);
    await uploadImage(owner.visitor, album.photoAlbumId);
    await open(owner, album.photoAlbumId);
    await timePasses(album.photoAlbumId);
    const legacy = await uploadImage(owner.visitor, album.photoAlbumId, 60);
    await site.deps.db.image.update({ where: { id: legacy.imageId }, data: { addedById: null } });

    const images = await imagesOf(owner, album.photoAlbumId);
    expect(images.map((i) => i.isNew)).toEqual([false, false]);
  });

  it('marks every photo of an album never opened, and keeps the marks through the opening and its visit', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const first = await uploadImage(owner.visitor, album.photoAlbumId);
    const second = await uploadImage(owner.visitor, album.photoAlbumId, 60);
    const both = [first.imageId, second.imageId];

    expect(await marked(viewer, album.photoAlbumId)).toEqual(both);
    await open(viewer, album.photoAlbumId);
    expect(await marked(viewer, album.photoAlbumId)).toEqual(both);
    // Coming back from the image viewer opens the album again within the same visit.
    await open(viewer, album.photoAlbumId);
    expect(await marked(viewer, album.photoAlbumId)).toEqual(both);
    expect(await entry(viewer, album.photoAlbumId)).toMatchObject({ newImages: 0 });
  });

  it('marks the photos added since the last visit, the ones the album list counted, before and after the opening', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await uploadImage(owner.visitor, album.photoAlbumId);
    await open(viewer, album.photoAlbumId);
    await timePasses(album.photoAlbumId);
    const added = [
      (await uploadImage(owner.visitor, album.photoAlbumId, 30)).imageId,
      (await uploadImage(owner.visitor, album.photoAlbumId, 200)).imageId,
    ];

    expect(await entry(viewer, album.photoAlbumId)).toMatchObject({ newImages: 2 });
    // The web app reads the list and sends the opening at the same time: either order gives the same marks.
    expect(await marked(viewer, album.photoAlbumId)).toEqual(added);
    await open(viewer, album.photoAlbumId);
    expect(await marked(viewer, album.photoAlbumId)).toEqual(added);
  });

  it('marks only the photos the list counted when more were added since the last opening, however soon', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await uploadImage(owner.visitor, album.photoAlbumId);
    await open(viewer, album.photoAlbumId);
    const added = [
      (await uploadImage(owner.visitor, album.photoAlbumId, 30)).imageId,
      (await uploadImage(owner.visitor, album.photoAlbumId, 200)).imageId,
    ];

    expect(await entry(viewer, album.photoAlbumId)).toMatchObject({ newImages: 2 });
    expect(await marked(viewer, album.photoAlbumId)).toEqual(added);
    await open(viewer, album.photoAlbumId);
    expect(await marked(viewer, album.photoAlbumId)).toEqual(added);
  });

  it('clears the marks once the visit is over and the album is opened again', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await uploadImage(owner.visitor, album.photoAlbumId);
    await open(viewer, album.photoAlbumId);
    await timePasses(album.photoAlbumId);
    await uploadImage(owner.visitor, album.photoAlbumId, 30);
    await open(viewer, album.photoAlbumId);
    expect(await marked(viewer, album.photoAlbumId)).toHaveLength(1);

    await timePasses(album.photoAlbumId);
    expect(await marked(viewer, album.photoAlbumId)).toEqual([]);
    await open(viewer, album.photoAlbumId);
    expect(await marked(viewer, album.photoAlbumId)).toEqual([]);
    const late = await uploadImage(owner.visitor, album.photoAlbumId, 90);
    expect(await marked(viewer, album.photoAlbumId)).toEqual([late.imageId]);
  });

  it('never marks or counts the photos a contributor added themselves as new to them', async () => {
    const { owner, album } = await sharedAlbum(site);
    const contributor = await verifiedMember(site);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, {
        emailAddress: contributor.user.emailAddress,
        role: 'contributor',
      })
      .expect(200);
    await open(contributor, album.photoAlbumId);
    await timePasses(album.photoAlbumId);
    await uploadImage(contributor.visitor, album.photoAlbumId);
    const others = await uploadImage(owner.visitor, album.photoAlbumId, 60);

    expect(await entry(contributor, album.photoAlbumId)).toMatchObject({ newImages: 1 });
    expect(await marked(contributor, album.photoAlbumId)).toEqual([others.imageId]);
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

  it('answers the image list with its new marks in three statements: session, album with role, images', async () => {
    const { owner, viewer, album } = await sharedAlbum(pgSite);
    for (const shade of [30, 90, 150]) await uploadImage(owner.visitor, album.photoAlbumId, shade);
    const images = () => viewer.visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200);
    await images();
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    try {
      expect(((await images()).body as Image[]).map((i) => i.isNew)).toEqual([true, true, true]);
      expect(statements).toHaveBeenCalledTimes(3);
    } finally {
      statements.mockRestore();
    }
  });
});
