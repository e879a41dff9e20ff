import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoAlbum } from '@site/contract';
import {
  albumOwner,
  type Call,
  createAlbum,
  reserveUpload,
  send,
  sharedAlbum,
  uploadImage,
  verifiedMember,
  verifyEmail,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor, uniqueEmail } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const sharesOf = (albumId: string) => `/api/photo-albums/${albumId}/share`;

describe(`album sharing (${databaseKind})`, () => {
  it('shares with a normalised address, once, and answers the updated list', async () => {
    const { owner, album } = await albumOwner(site);
    const url = sharesOf(album.photoAlbumId);
    expect((await owner.visitor.get(url).expect(200)).body).toEqual([]);
    const first = await owner.visitor.post(url, { emailAddress: '  Friend.One@Example.COM ' }).expect(200);
    expect(first.body).toEqual(['friend.one@example.com']);
    const again = await owner.visitor.post(url, { emailAddress: 'friend.one@example.com' }).expect(200);
    expect(again.body).toEqual(['friend.one@example.com']);
    const second = await owner.visitor.post(url, { emailAddress: 'second@example.com' }).expect(200);
    expect(second.body).toEqual(['friend.one@example.com', 'second@example.com']);
    expect((await owner.visitor.get(url)).body).toEqual(second.body);
    // Sharing twice mails once.
    expect(await site.mailsTo('friend.one@example.com')).toHaveLength(1);
  });

  it("doesn't mail a member who turned album_shared off, and shares all the same", async () => {
    const { owner, album } = await albumOwner(site, 'Garden');
    const quiet = await verifiedMember(site);
    await quiet.visitor.patch('/api/me/notifications', { album_shared: true }).expect(200);
    await owner.visitor
      .post(sharesOf(album.photoAlbumId), { emailAddress: quiet.user.emailAddress })
      .expect(200);
    expect(await site.mailsTo(quiet.user.emailAddress)).toEqual([]);
    expect((await owner.visitor.get(sharesOf(album.photoAlbumId))).body).toContain(quiet.user.emailAddress);
  });

  it('sends nothing when the share is withdrawn before its mail goes out', async () => {
    const { owner, album } = await albumOwner(site);
    const invited = uniqueEmail('withdrawn');
    await owner.visitor.post(sharesOf(album.photoAlbumId), { emailAddress: invited }).expect(200);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/unshare`, { emailAddress: invited })
      .expect(200);
    expect(await site.mailsTo(invited)).toEqual([]);
  });

  it('refuses sharing with yourself or with something that is not an address (400)', async () => {
    const { owner, album } = await albumOwner(site);
    const url = sharesOf(album.photoAlbumId);
    const self = await owner.visitor.post(url, {
      emailAddress: ` ${owner.user.emailAddress.toUpperCase()} `,
    });
    expect(self.status).toBe(400);
    for (const body of [
      { emailAddress: 'not an address' },
      { emailAddress: '' },
      {},
      { email: 'a@example.com' },
    ]) {
      expect((await owner.visitor.post(url, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await owner.visitor.get(url)).body).toEqual([]);
  });

  it('refuses sharing by an owner whose address is not verified (403 email_not_verified)', async () => {
    const owner = await signedUpVisitor(site);
    const album = await createAlbum(owner.visitor);
    const res = await owner.visitor.post(sharesOf(album.photoAlbumId), {
      emailAddress: 'friend@example.com',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('email_not_verified');
    const unshare = await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}/unshare`, {
      emailAddress: 'friend@example.com',
    });
    expect(unshare.body.error.code).toBe('email_not_verified');
    expect((await owner.visitor.get(sharesOf(album.photoAlbumId)).expect(200)).body).toEqual([]);
    expect(await site.mailsTo('friend@example.com')).toEqual([]);
  });

  it('unshares, answering the updated list, after which the viewer no longer finds the album', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await viewer.visitor.get(`/api/photo-albums/${album.photoAlbumId}`).expect(200);
    const unshare = `/api/photo-albums/${album.photoAlbumId}/unshare`;
    const res = await owner.visitor
      .post(unshare, { emailAddress: viewer.user.emailAddress.toUpperCase() })
      .expect(200);
    expect(res.body).toEqual([]);
    expect(
      (await owner.visitor.post(unshare, { emailAddress: 'never@example.com' }).expect(200)).body,
    ).toEqual([]);
    expect((await owner.visitor.post(unshare, { emailAddress: 'nope' })).status).toBe(400);
    expect((await viewer.visitor.get(`/api/photo-albums/${album.photoAlbumId}`)).status).toBe(404);
    expect((await viewer.visitor.get('/api/photo-albums')).body).toEqual([]);
  });

  it('lets a verified viewer read the album, its images, URLs and comments, and comment', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const id = album.photoAlbumId;
    const image = await uploadImage(owner.visitor, id);
    await createAlbum(viewer.visitor, 'Mine');

    const list = (await viewer.visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[];
    expect(list.map((a) => [a.name, a.ownerId])).toEqual([
      ['Mine', viewer.user.userId],
      ['Summer', owner.user.userId],
    ]);
    expect((await viewer.visitor.get(`/api/photo-albums/${id}`).expect(200)).body).toMatchObject({
      name: 'Summer',
      thumbnailId: image.thumbnailId,
    });
    expect((await viewer.visitor.get(`/api/photo-albums/${id}/images`).expect(200)).body).toEqual([
      { ...image, isNew: true },
    ]);
    const urls = (
      await viewer.visitor
        .post('/api/photo-albums/signed-urls', [image.imageId, image.thumbnailId])
        .expect(200)
    ).body;
    expect(Object.keys(urls)).toHaveLength(2);
    await viewer.visitor
      .post(`/api/photo-albums/${id}/images/${image.imageId}/comments`, { comment: 'Lovely' })
      .expect(200);
    expect(
      (await viewer.visitor.get(`/api/photo-albums/${id}/images/${image.imageId}/comments`).expect(200)).body,
    ).toHaveLength(1);
    await viewer.visitor.put(`/api/photo-albums/${id}/viewed`).expect(204);
    await viewer.visitor.put(`/api/photo-albums/${id}/${image.imageId}/viewed`).expect(204);
    expect(await site.deps.db.albumView.count({ where: { userId: viewer.user.userId, albumId: id } })).toBe(
      1,
    );
  });

  it('refuses every change by a viewer with 403, changing nothing', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const id = album.photoAlbumId;
    const image = await uploadImage(owner.visitor, id);
    const [uploadId] = await reserveUpload(owner.visitor, id);
    const base = `/api/photo-albums/${id}`;
    const changes: Call[] = [
      ['patch', base, { name: 'Hijacked' }],
      ['patch', base, { description: 'Hijacked' }],
      ['patch', base, { position: 0 }],
      ['patch', base, { imageRank: [image.imageId, 0] }],
      ['post', `${base}/upload`],
      ['post', base, { imageId: uploadId, thumbnailId: image.thumbnailId }],
      ['delete', `${base}/${image.imageId}`],
      ['get', `${base}/share`],
      ['post', `${base}/share`, { emailAddress: 'another@example.com' }],
      ['post', `${base}/unshare`, { emailAddress: viewer.user.emailAddress }],
      ['delete', base],
    ];
    for (const call of changes) {
      const res = await send(viewer.visitor, call);
      expect(res.status, `${call[0]} ${call[1]}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await owner.visitor.get(base)).body).toEqual({
      ...album,
      thumbnailId: image.thumbnailId,
      isEmpty: false,
    });
    expect((await owner.visitor.get(`${base}/images`)).body).toEqual([{ ...image, isNew: false }]);
    expect((await owner.visitor.get(`${base}/share`)).body).toEqual([viewer.user.emailAddress]);
  });

  it('refuses a shared album to a viewer whose address is not verified (403 email_not_verified)', async () => {
    const owner = await verifiedMember(site);
    const viewer = await signedUpVisitor(site);
    const album = await createAlbum(owner.visitor);
    const image = await uploadImage(owner.visitor, album.photoAlbumId);
    await owner.visitor
      .post(sharesOf(album.photoAlbumId), { emailAddress: viewer.user.emailAddress })
      .expect(200);
    const base = `/api/photo-albums/${album.photoAlbumId}`;
    const reads: Call[] = [
      ['get', base],
      ['get', `${base}/images`],
      ['get', `${base}/images/${image.imageId}/comments`],
      ['post', `${base}/images/${image.imageId}/comments`, { comment: 'Hi' }],
      ['put', `${base}/viewed`],
      ['put', `${base}/${image.imageId}/viewed`],
      ['patch', base, { name: 'x' }],
    ];
    for (const call of reads) {
      const res = await send(viewer.visitor, call);
      expect(res.status, `${call[0]} ${call[1]}`).toBe(403);
      expect(res.body.error.code).toBe('email_not_verified');
    }
    expect((await viewer.visitor.get('/api/photo-albums')).body).toEqual([]);
    expect(
      (await viewer.visitor.post('/api/photo-albums/signed-urls', [image.imageId]).expect(200)).body,
    ).toEqual({});

    await verifyEmail(site, viewer.user.userId);
    expect((await viewer.visitor.get('/api/photo-albums')).body).toHaveLength(1);
    expect(
      Object.keys((await viewer.visitor.post('/api/photo-albums/signed-urls', [image.imageId])).body),
    ).toEqual([image.imageId]);
  });

  it('opens an album shared with an address before its account existed, once verified', async () => {
    const { owner, album } = await albumOwner(site, 'For later');
    const address = uniqueEmail('newcomer');
    await owner.visitor.post(sharesOf(album.photoAlbumId), { emailAddress: address }).expect(200);
    const newcomer = await verifiedMember(site, address);
    expect(
      (await newcomer.visitor.get(`/api/photo-albums/${album.photoAlbumId}`).expect(200)).body.name,
    ).toBe('For later');
  });

  it('answers 404 to members the album is not shared with, and for unknown albums', async () => {
    const { album } = await sharedAlbum(site);
    const stranger = await verifiedMember(site);
    expect((await stranger.visitor.get(sharesOf(album.photoAlbumId))).status).toBe(404);
    expect(
      (
        await stranger.visitor.post(sharesOf(album.photoAlbumId), {
          emailAddress: stranger.user.emailAddress,
        })
      ).status,
    ).toBe(404);
    expect((await stranger.visitor.get(sharesOf('5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69'))).status).toBe(404);
  });
});
