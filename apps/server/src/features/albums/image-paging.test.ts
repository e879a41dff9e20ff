import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  nextPageHeader,
  pageStartHeader,
  previousPageHeader,
  totalCountHeader,
  type Image,
} from '@site/contract';
import { albumOwner, createAlbum, uploadImage, verifiedMember } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const imagesPath = (albumId: string) => `/api/photo-albums/${albumId}/images`;

/** Every page of the album's photos, following x-next-page, with each page's size and total header. */
async function allPages(visitor: Visitor, albumId: string, limit: number) {
  const pages: { ids: string[]; total: string | undefined }[] = [];
  let after: string | undefined;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(after ? { after } : {}) });
    const res = await visitor.get(`${imagesPath(albumId)}?${query}`).expect(200);
    pages.push({ ids: (res.body as Image[]).map((i) => i.imageId), total: res.headers[totalCountHeader] });
    after = res.headers[nextPageHeader];
  } while (after);
  return pages;
}

/**
 * The page of `limit` photos around `imageId`, then every page before it (following x-previous-page) and after it
 * (x-next-page): the photos in order, where the first page said it starts, and its total.
 */
async function aroundAndOut(visitor: Visitor, albumId: string, imageId: string, limit: number) {
  const page = async (query: Record<string, string>) => {
    const res = await visitor
      .get(`${imagesPath(albumId)}?${new URLSearchParams({ limit: String(limit), ...query })}`)
      .expect(200);
    const previous = res.headers[previousPageHeader];
    const next = res.headers[nextPageHeader];
    return { ids: (res.body as Image[]).map((i) => i.imageId), previous, next, headers: res.headers };
  };
  const middle = await page({ around: imageId });
  let ids = middle.ids;
  for (let { previous } = middle; previous;) {
    const before = await page({ before: previous });
    expect(before.ids.length).toBeLessThanOrEqual(limit);
    ids = [...before.ids, ...ids];
    previous = before.previous;
  }
  for (let { next } = middle; next;) {
    const after = await page({ after: next });
    ids = [...ids, ...after.ids];
    next = after.next;
  }
  return {
    around: middle.ids,
    start: Number(middle.headers[pageStartHeader]),
    total: middle.headers[totalCountHeader],
    ids,
  };
}

const wholeList = async (visitor: Visitor, albumId: string) =>
  ((await visitor.get(imagesPath(albumId)).expect(200)).body as Image[]).map((i) => i.imageId);

describe(`an album's photos page by page (${databaseKind})`, () => {
  it('pages through both orders, ties and undated photos included, exactly as the whole list', async () => {
    const { owner, album } = await albumOwner(site);
    const id = album.photoAlbumId;
    for (const takenAt of [
      '2024-05-01T10:00:00Z',
      undefined,
      '2023-01-01T10:00:00Z',
      '2024-05-01T10:00:00Z',
      undefined,
      '2022-07-04T10:00:00Z',
      '2024-05-01T10:00:00Z',
    ])
      await uploadImage(owner.visitor, id, 100, takenAt ? { takenAt } : {});

    for (const order of ['manual', 'taken']) {
      await owner.visitor.patch(`/api/photo-albums/${id}`, { order }).expect(200);
      const whole = await wholeList(owner.visitor, id);
      const pages = await allPages(owner.visitor, id, 2);
      expect(pages.map((p) => p.ids.length)).toEqual([2, 2, 2, 1]);
      expect(pages.flatMap((p) => p.ids)).toEqual(whole);
      expect(pages.map((p) => p.total)).toEqual(['7', undefined, undefined, undefined]);
    }
  });

  it('opens a page around any photo, saying where it starts, and reads on both ways as the whole list', async () => {
    const owner = await verifiedMember(site);
    const album = await createAlbum(owner.visitor);
    const id = album.photoAlbumId;
    for (const takenAt of [
      '2024-05-01T10:00:00Z',
      undefined,
      '2023-01-01T10:00:00Z',
      '2024-05-01T10:00:00Z',
      undefined,
      '2022-07-04T10:00:00Z',
      '2024-05-01T10:00:00Z',
    ])
      await uploadImage(owner.visitor, id, 100, takenAt ? { takenAt } : {});

    for (const order of ['manual', 'taken']) {
      await owner.visitor.patch(`/api/photo-albums/${id}`, { order }).expect(200);
      const whole = await wholeList(owner.visitor, id);
      for (const [at, imageId] of whole.entries()) {
        const read = await aroundAndOut(owner.visitor, id, imageId, 3);
        expect(read.ids).toEqual(whole);
        expect(read.total).toBe('7');
        expect(read.around).toEqual(whole.slice(read.start, read.start + read.around.length));
        // The photo asked for is in the middle of its page, or as near as the album's ends allow.
        expect(read.around.indexOf(imageId)).toBe(Math.min(at, 1));
        expect(read.around).toHaveLength(Math.min(at, 1) + Math.min(2, 7 - at));
      }
    }
  });

  it('refuses around a photo not in the album with 404, and mixed or unbounded cursors with 400', async () => {
    const owner = await verifiedMember(site);
    const album = await createAlbum(owner.visitor);
    const other = await createAlbum(owner.visitor);
    const path = imagesPath(album.photoAlbumId);
    const mine = await uploadImage(owner.visitor, album.photoAlbumId, 100);
    const elsewhere = await uploadImage(owner.visitor, other.photoAlbumId, 100);
    const gone = await owner.visitor.get(`${path}?limit=5&around=${elsewhere.imageId}`).expect(404);
    expect(gone.body.error.message).toMatch(/no photo of this album/);
    await owner.visitor.delete(`${path.replace('/images', '')}/${mine.imageId}`).expect(204);
    await owner.visitor.get(`${path}?limit=5&around=${mine.imageId}`).expect(404);
    const second = await uploadImage(owner.visitor, album.photoAlbumId, 100);
    const first = await owner.visitor.get(`${path}?limit=1`).expect(200);
    const after = first.headers[nextPageHeader] ?? 'x';
    const mixed = await owner.visitor
      .get(`${path}?limit=5&around=${second.imageId}&after=${after}`)
      .expect(400);
    expect(mixed.body.error.message).toMatch(/at most one of after, before and around/);
    await owner.visitor.get(`${path}?around=${second.imageId}`).expect(400);
    await owner.visitor.get(`${path}?limit=5&around=not-an-id`).expect(400);
    await owner.visitor.get(`${path}?limit=5&before=not-a-cursor`).expect(400);
  });

  it('answers an exact last page without a next cursor, and an empty album with none', async () => {
    const { owner, album } = await albumOwner(site);
    const empty = await owner.visitor.get(`${imagesPath(album.photoAlbumId)}?limit=5`).expect(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers[nextPageHeader]).toBeUndefined();
    expect(empty.headers[totalCountHeader]).toBe('0');
    await uploadImage(owner.visitor, album.photoAlbumId, 100);
    await uploadImage(owner.visitor, album.photoAlbumId, 100);
    expect((await allPages(owner.visitor, album.photoAlbumId, 2)).map((p) => p.ids.length)).toEqual([2]);
  });

  it("refuses a cursor it did not give, or one of the album's former order, with 400", async () => {
    const { owner, album } = await albumOwner(site);
    const path = imagesPath(album.photoAlbumId);
    for (let n = 0; n < 3; n++) await uploadImage(owner.visitor, album.photoAlbumId, 100);
    const first = await owner.visitor.get(`${path}?limit=1`).expect(200);
    const manualCursor = first.headers[nextPageHeader] as string;
    await owner.visitor.patch(`/api/photo-albums/${album.photoAlbumId}`, { order: 'taken' }).expect(200);
    const stale = await owner.visitor.get(`${path}?limit=1&after=${manualCursor}`).expect(400);
    expect(stale.body.error.message).toMatch(/list them again from the start/);
    await owner.visitor.get(`${path}?limit=1&after=not-a-cursor`).expect(400);
    await owner.visitor.get(`${path}?limit=0`).expect(400);
    await owner.visitor.get(`${path}?limit=1001`).expect(400);
  });

  it('pages only albums the caller may see', async () => {
    const owner = await verifiedMember(site);
    const stranger = await verifiedMember(site);
    const album = await createAlbum(owner.visitor);
    await stranger.visitor.get(`${imagesPath(album.photoAlbumId)}?limit=1`).expect(404);
    const photo = await uploadImage(owner.visitor, album.photoAlbumId, 100);
    await stranger.visitor
      .get(`${imagesPath(album.photoAlbumId)}?limit=1&around=${photo.imageId}`)
      .expect(404);
  });
});
