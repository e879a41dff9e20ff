import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoAlbum } from '@site/contract';
import {
  albumScopedRoutes,
  type Call,
  createAlbum,
  everyAlbumRoute,
  send,
  uploadImage,
  verifiedMember,
  unknownId,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const names = (albums: PhotoAlbum[]) => albums.map((a) => a.name);

describe(`photo albums (${databaseKind})`, () => {
  it('refuses every album route with 401 when not logged in, changing nothing', async () => {
    const { visitor: owner } = await signedUpVisitor(site);
    const album = await createAlbum(owner, 'Private');
    const image = await uploadImage(owner, album.photoAlbumId);
    const anonymous = await site.visitor();
    for (const call of everyAlbumRoute(album.photoAlbumId, image.imageId)) {
      const res = await send(anonymous, call);
      expect(res.status, `${call[0]} ${call[1]}`).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    expect(names((await owner.get('/api/photo-albums').expect(200)).body)).toEqual(['Private']);
    expect((await owner.get(`/api/photo-albums/${album.photoAlbumId}/images`)).body).toHaveLength(1);
  });

  it("answers 404 on every route of someone else's unshared album, never revealing it", async () => {
    const { visitor: owner } = await signedUpVisitor(site);
    const album = await createAlbum(owner, 'Diary');
    const image = await uploadImage(owner, album.photoAlbumId);
    const stranger = await verifiedMember(site);
    const calls: Call[] = [
      ...albumScopedRoutes(album.photoAlbumId, image.imageId),
      ['delete', `/api/photo-albums/${album.photoAlbumId}`],
    ];
    for (const call of calls) {
      const res = await send(stranger.visitor, call);
      expect(res.status, `${call[0]} ${call[1]}`).toBe(404);
    }
    const unknown = await send(stranger.visitor, ['get', `/api/photo-albums/${unknownId}`]);
    expect(unknown.body).toEqual(
      (await stranger.visitor.get(`/api/photo-albums/${album.photoAlbumId}`)).body,
    );
    expect((await owner.get(`/api/photo-albums/${album.photoAlbumId}`).expect(200)).body.name).toBe('Diary');
  });

  it('answers 400 on every album route when an id in the path is not a UUID', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor, 'Untouched');
    const image = await uploadImage(visitor, album.photoAlbumId);
    const calls: Call[] = [
      ...albumScopedRoutes('not-a-uuid', image.imageId),
      ...albumScopedRoutes(album.photoAlbumId, 'not-a-uuid').filter(([, url]) => url.includes('not-a-uuid')),
      ['delete', '/api/photo-albums/not-a-uuid'],
    ];
    for (const call of calls) {
      const res = await send(visitor, call);
      expect(res.status, `${call[0]} ${call[1]}`).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    expect((await visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`)).body).toEqual([
      { ...image, isNew: false },
    ]);
  });

  it('creates albums at the end of the list, empty, with the name trimmed', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const first = await createAlbum(visitor, '  Holidays  ');
    const second = await createAlbum(visitor);
    expect(first).toMatchObject({
      name: 'Holidays',
      ownerId: user.userId,
      description: '',
      thumbnailId: null,
      rank: 0,
    });
    expect(second).toMatchObject({ name: 'New album', rank: 1 });
    expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await visitor.get(`/api/photo-albums/${first.photoAlbumId}`).expect(200)).body).toEqual(first);
  });

  it('refuses a blank, missing or overlong album name with 400', async () => {
    const { visitor } = await signedUpVisitor(site);
    for (const body of [{ name: '   ' }, {}, { name: 'x'.repeat(201) }, { name: 7 }]) {
      const res = await visitor.post('/api/photo-albums', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    expect((await visitor.get('/api/photo-albums')).body).toEqual([]);
  });

  it("lists only the caller's own albums, by rank", async () => {
    const a = await signedUpVisitor(site);
    const b = await signedUpVisitor(site);
    await createAlbum(a.visitor, 'One');
    await createAlbum(b.visitor, 'Not yours');
    await createAlbum(a.visitor, 'Two');
    const list = (await a.visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[];
    expect(names(list)).toEqual(['One', 'Two']);
    expect(list.map((x) => x.rank)).toEqual([0, 1]);
    expect(names((await b.visitor.get('/api/photo-albums')).body)).toEqual(['Not yours']);
  });

  it('answers 404 for an unknown album and 400 for an id that is not a UUID', async () => {
    const { visitor } = await signedUpVisitor(site);
    expect((await visitor.get(`/api/photo-albums/${unknownId}`)).status).toBe(404);
    expect((await visitor.get('/api/photo-albums/not-an-id')).status).toBe(400);
    expect((await visitor.patch(`/api/photo-albums/${unknownId}`, { name: 'x' })).status).toBe(404);
    expect((await visitor.delete(`/api/photo-albums/${unknownId}`)).status).toBe(404);
  });

  it('renames and describes an album, answering the updated album', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    const renamed = await visitor.patch(url, { name: ' Trip to Rome ' }).expect(200);
    expect(renamed.body).toEqual({ ...album, name: 'Trip to Rome' });
    const described = await visitor.patch(url, { description: 'Five days in May.' }).expect(200);
    expect(described.body).toEqual({ ...album, name: 'Trip to Rome', description: 'Five days in May.' });
    expect((await visitor.patch(url, { description: '' }).expect(200)).body.description).toBe('');
    expect((await visitor.get(url)).body.name).toBe('Trip to Rome');
  });

  it('refuses a PATCH with no change, two changes, an unknown field or a blank name with 400, changing nothing', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor, 'Kept');
    const url = `/api/photo-albums/${album.photoAlbumId}`;
    for (const body of [
      {},
      { name: 'A', description: 'B' },
      { colour: 'red' },
      { name: '' },
      { position: -1 },
      { position: 0.5 },
    ]) {
      expect((await visitor.patch(url, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await visitor.get(url)).body).toEqual(album);
  });

  it('deletes an album (to the trash, then forever) with its images, comments, shares, uploads and blobs, and closes the gap in ranks', async () => {
    const owner = await verifiedMember(site);
    const [first, doomed, last] = [
      await createAlbum(owner.visitor, 'First'),
      await createAlbum(owner.visitor, 'Doomed'),
      await createAlbum(owner.visitor, 'Last'),
    ];
    const id = doomed.photoAlbumId;
    const image = await uploadImage(owner.visitor, id);
    await owner.visitor
      .post(`/api/photo-albums/${id}/images/${image.imageId}/comments`, { comment: 'Mine' })
      .expect(200);
    await owner.visitor
      .post(`/api/photo-albums/${id}/share`, { emailAddress: 'friend@example.com' })
      .expect(200);
    const [pendingId] = (await owner.visitor.post(`/api/photo-albums/${id}/upload`).expect(200)).body;
    const { blobs, db } = site.deps;

    await owner.visitor.delete(`/api/photo-albums/${id}`).expect(204);

    expect((await owner.visitor.get(`/api/photo-albums/${id}`)).status).toBe(404);
    const list = (await owner.visitor.get('/api/photo-albums')).body as PhotoAlbum[];
    expect(list.map((a) => [a.photoAlbumId, a.rank])).toEqual([
      [first.photoAlbumId, 0],
      [last.photoAlbumId, 1],
    ]);
    await site.runJobs();
    expect(await blobs.size(image.imageId)).not.toBeNull();
    await owner.visitor.delete(`/api/trash/album/${id}`).expect(204);
    await site.runJobs();
    expect(await blobs.size(image.imageId)).toBeNull();
    expect(await blobs.size(image.thumbnailId)).toBeNull();
    expect(await db.image.count({ where: { albumId: id } })).toBe(0);
    expect(await db.imageComment.count({ where: { imageId: image.imageId } })).toBe(0);
    expect(await db.albumShare.count({ where: { albumId: id } })).toBe(0);
    expect(await db.pendingUpload.count({ where: { id: pendingId } })).toBe(0);
    expect((await owner.visitor.delete(`/api/photo-albums/${id}`)).status).toBe(404);
  });

  it('records when the owner opens an album or an image, updating the time on each visit', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const image = await uploadImage(visitor, album.photoAlbumId);
    const { db } = site.deps;
    await visitor.put(`/api/photo-albums/${album.photoAlbumId}/viewed`).expect(204);
    const firstView = await db.albumView.findUniqueOrThrow({
      where: { userId_albumId: { userId: user.userId, albumId: album.photoAlbumId } },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await visitor.put(`/api/photo-albums/${album.photoAlbumId}/viewed`).expect(204);
    const again = await db.albumView.findUniqueOrThrow({
      where: { userId_albumId: { userId: user.userId, albumId: album.photoAlbumId } },
    });
    expect(again.viewedAt.getTime()).toBeGreaterThan(firstView.viewedAt.getTime());

    await visitor.put(`/api/photo-albums/${album.photoAlbumId}/${image.imageId}/viewed`).expect(204);
    expect(await db.imageView.count({ where: { userId: user.userId, imageId: image.imageId } })).toBe(1);
  });

  it('refuses a viewed notice for an unknown album, an image of another album, or a bad id', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const other = await createAlbum(visitor);
    const image = await uploadImage(visitor, other.photoAlbumId);
    expect((await visitor.put(`/api/photo-albums/${unknownId}/viewed`)).status).toBe(404);
    expect(
      (await visitor.put(`/api/photo-albums/${album.photoAlbumId}/${image.imageId}/viewed`)).status,
    ).toBe(404);
    expect((await visitor.put(`/api/photo-albums/${album.photoAlbumId}/nope/viewed`)).status).toBe(400);
    expect(await site.deps.db.imageView.count({ where: { imageId: image.imageId } })).toBe(0);
  });
});
