import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image, PhotoAlbum } from '@site/contract';
import { createAlbum, uploadImage } from '../../../test/albums-factories.ts';
import { databaseKind, describeRaces, raceDatabase } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const albumNames = async (visitor: Visitor) =>
  ((await visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[]).map(
    (a) => `${a.rank}:${a.name}`,
  );

const imageOrder = async (visitor: Visitor, albumId: string, byId: Map<string, string>) =>
  ((await visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body as Image[]).map(
    (i) => `${i.rank}:${byId.get(i.imageId)}`,
  );

/** An album holding images labelled A, B, C, ... in that order. */
async function albumWithImages(visitor: Visitor, count: number) {
  const album = await createAlbum(visitor);
  const images: Image[] = [];
  for (let i = 0; i < count; i++) images.push(await uploadImage(visitor, album.photoAlbumId, 20 + i * 40));
  const byId = new Map(images.map((img, i) => [img.imageId, String.fromCharCode(65 + i)]));
  return { album, images, byId };
}

describe(`album and image ranks (${databaseKind})`, () => {
  it('moves an album down and up, shifting the ones between by one and keeping ranks dense', async () => {
    const { visitor } = await signedUpVisitor(site);
    const albums: PhotoAlbum[] = [];
    for (const name of ['A', 'B', 'C', 'D']) albums.push(await createAlbum(visitor, name));
    const [a, , , d] = albums;

    const moved = await visitor.patch(`/api/photo-albums/${a!.photoAlbumId}`, { position: 2 }).expect(200);
    expect(moved.body).toMatchObject({ name: 'A', rank: 2 });
    expect(await albumNames(visitor)).toEqual(['0:B', '1:C', '2:A', '3:D']);

    await visitor.patch(`/api/photo-albums/${d!.photoAlbumId}`, { position: 0 }).expect(200);
    expect(await albumNames(visitor)).toEqual(['0:D', '1:B', '2:C', '3:A']);

    await visitor.patch(`/api/photo-albums/${d!.photoAlbumId}`, { position: 0 }).expect(200);
    expect(await albumNames(visitor)).toEqual(['0:D', '1:B', '2:C', '3:A']);
  });

  it('puts an album wherever it is moved, as moving an item in a list would, for every from and to', async () => {
    const { visitor } = await signedUpVisitor(site);
    for (const name of ['A', 'B', 'C', 'D']) await createAlbum(visitor, name);
    const ids = new Map(
      ((await visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[]).map((a) => [
        a.name,
        a.photoAlbumId,
      ]),
    );
    let order = ['A', 'B', 'C', 'D'];
    for (const from of [0, 1, 2, 3]) {
      for (const to of [0, 1, 2, 3]) {
        const name = order[from]!;
        await visitor.patch(`/api/photo-albums/${ids.get(name)}`, { position: to }).expect(200);
        order = order.filter((n) => n !== name);
        order.splice(to, 0, name);
        expect(await albumNames(visitor), `${name} from ${from} to ${to}`).toEqual(
          order.map((n, i) => `${i}:${n}`),
        );
      }
    }
  });

  it("keeps each owner's album ranks to themselves", async () => {
    const ann = await signedUpVisitor(site);
    const ben = await signedUpVisitor(site);
    const first = await createAlbum(ann.visitor, 'A1');
    await createAlbum(ben.visitor, 'B1');
    await createAlbum(ann.visitor, 'A2');
    await createAlbum(ben.visitor, 'B2');
    await ann.visitor.patch(`/api/photo-albums/${first.photoAlbumId}`, { position: 1 }).expect(200);
    expect(await albumNames(ann.visitor)).toEqual(['0:A2', '1:A1']);
    expect(await albumNames(ben.visitor)).toEqual(['0:B1', '1:B2']);
  });

  it('refuses an album position past the end with 400, changing nothing', async () => {
    const { visitor } = await signedUpVisitor(site);
    const a = await createAlbum(visitor, 'A');
    await createAlbum(visitor, 'B');
    const res = await visitor.patch(`/api/photo-albums/${a.photoAlbumId}`, { position: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/from 0 to 1/);
    expect(await albumNames(visitor)).toEqual(['0:A', '1:B']);
  });

  it('moves an image later and earlier within its album, with dense ranks', async () => {
    const { visitor } = await signedUpVisitor(site);
    const { album, images, byId } = await albumWithImages(visitor, 4);
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    expect(await imageOrder(visitor, album.photoAlbumId, byId)).toEqual(['0:A', '1:B', '2:C', '3:D']);

    await visitor.patch(url, { imageRank: [images[0]!.imageId, 3] }).expect(200);
    expect(await imageOrder(visitor, album.photoAlbumId, byId)).toEqual(['0:B', '1:C', '2:D', '3:A']);

    await visitor.patch(url, { imageRank: [images[2]!.imageId, 0] }).expect(200);
    expect(await imageOrder(visitor, album.photoAlbumId, byId)).toEqual(['0:C', '1:B', '2:D', '3:A']);

    await visitor.patch(url, { imageRank: [images[3]!.imageId, 1] }).expect(200);
    expect(await imageOrder(visitor, album.photoAlbumId, byId)).toEqual(['0:C', '1:D', '2:B', '3:A']);
  });

  it('refuses an image rank past the end (400) and an image of another album (404), changing nothing', async () => {
    const { visitor } = await signedUpVisitor(site);
    const { album, images, byId } = await albumWithImages(visitor, 2);
    const other = await albumWithImages(visitor, 1);
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    expect((await visitor.patch(url, { imageRank: [images[0]!.imageId, 2] })).status).toBe(400);
    expect((await visitor.patch(url, { imageRank: [other.images[0]!.imageId, 0] })).status).toBe(404);
    expect((await visitor.patch(url, { imageRank: ['not-an-id', 0] })).status).toBe(400);
    expect((await visitor.patch(url, { imageRank: [images[0]!.imageId] })).status).toBe(400);
    expect(await imageOrder(visitor, album.photoAlbumId, byId)).toEqual(['0:A', '1:B']);
    expect(await imageOrder(visitor, other.album.photoAlbumId, other.byId)).toEqual(['0:A']);
  });

  it("shows the first image's thumbnail as the album's, following moves and removals", async () => {
    const { visitor } = await signedUpVisitor(site);
    const { album, images } = await albumWithImages(visitor, 3);
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    const thumbnail = async () => (await visitor.get(url).expect(200)).body.thumbnailId;
    expect(await thumbnail()).toBe(images[0]!.thumbnailId);

    const moved = await visitor.patch(url, { imageRank: [images[2]!.imageId, 0] }).expect(200);
    expect(moved.body.thumbnailId).toBe(images[2]!.thumbnailId);
    const listed = ((await visitor.get('/api/photo-albums')).body as PhotoAlbum[]).find(
      (a) => a.photoAlbumId === album.photoAlbumId,
    );
    expect(listed!.thumbnailId).toBe(images[2]!.thumbnailId);

    await visitor.delete(`${url}/${images[2]!.imageId}`).expect(204);
    expect(await thumbnail()).toBe(images[0]!.thumbnailId);
    await visitor.delete(`${url}/${images[0]!.imageId}`).expect(204);
    await visitor.delete(`${url}/${images[1]!.imageId}`).expect(204);
    expect(await thumbnail()).toBeNull();
  });

  it('closes the gap when an album or an image in the middle is deleted', async () => {
    const { visitor } = await signedUpVisitor(site);
    const { album, images, byId } = await albumWithImages(visitor, 3);
    await visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${images[1]!.imageId}`).expect(204);
    expect(await imageOrder(visitor, album.photoAlbumId, byId)).toEqual(['0:A', '1:C']);
    const added = await uploadImage(visitor, album.photoAlbumId);
    expect(added.rank).toBe(2);

    const b = await createAlbum(visitor, 'B');
    await createAlbum(visitor, 'C');
    await visitor.delete(`/api/photo-albums/${b.photoAlbumId}`).expect(204);
    expect(await albumNames(visitor)).toEqual(['0:New album', '1:C']);
    expect((await createAlbum(visitor, 'D')).rank).toBe(2);
  });
});

// The owner's and the album's row locks (ranks.ts) only matter when requests really run at once.
describeRaces('album and image ranks under concurrent changes', () => {
  let raceSite: TestSite;
  beforeAll(async () => {
    raceSite = await startSite({}, { openDatabase: raceDatabase });
  });
  afterAll(() => raceSite.close());

  it('keeps ranks dense when albums are created at the same time', async () => {
    const { visitor } = await signedUpVisitor(raceSite);
    await Promise.all(['P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W'].map((name) => createAlbum(visitor, name)));
    const ranks = ((await visitor.get('/api/photo-albums')).body as PhotoAlbum[]).map((a) => a.rank);
    expect(ranks).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps image ranks dense when images are added and moved at the same time', async () => {
    const { visitor } = await signedUpVisitor(raceSite);
    const { album, images } = await albumWithImages(visitor, 3);
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    // Rank 1 stays in range whatever order these run in: at least two images remain throughout.
    await Promise.all([
      uploadImage(visitor, album.photoAlbumId),
      uploadImage(visitor, album.photoAlbumId),
      visitor.patch(url, { imageRank: [images[0]!.imageId, 1] }).expect(200),
      visitor.patch(url, { imageRank: [images[2]!.imageId, 0] }).expect(200),
      visitor.delete(`${url}/${images[1]!.imageId}`).expect(204),
    ]);
    const ranks = ((await visitor.get(`${url}/images`)).body as Image[]).map((i) => i.rank);
    expect(ranks).toEqual([0, 1, 2, 3]);
  });
});
