import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoAlbum } from '@site/contract';
import { sharedAlbum, uploadImage, verifiedMember, type Member } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { elapse, minutes } from '../../../test/notice-time.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const photoMails = async (member: Member) =>
  (await site.mailsTo(member.user.emailAddress)).filter((m) => / photos? to |New photos in /.test(m.subject));

const commentMails = async (member: Member) =>
  (await site.mailsTo(member.user.emailAddress)).filter((m) => /comment/.test(m.subject));

const named = (member: Member, displayName: string) =>
  member.visitor.patch('/api/me/display-name', { displayName }).expect(200);

const share = (owner: Member, album: PhotoAlbum, emailAddress: string) =>
  owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress });

/** An album "Summer" of Ada's, shared with two verified members and one address not yet verified. */
async function familyAlbum() {
  const { owner, viewer, album } = await sharedAlbum(site);
  await named(owner, 'Ada');
  const second = await verifiedMember(site);
  await share(owner, album, second.user.emailAddress).expect(200);
  const unverified = await signedUpVisitor(site);
  await share(owner, album, unverified.user.emailAddress).expect(200);
  return { owner, viewers: [viewer, second], unverified, album };
}

describe(`album notice digests (${databaseKind})`, () => {
  it('mails each other member one digest of 30 added photos after the quiet period, none before', async () => {
    const { owner, viewers, unverified, album } = await familyAlbum();
    for (let i = 0; i < 30; i++) await uploadImage(owner.visitor, album.photoAlbumId, 10 + i);

    await elapse(site, minutes(9));
    for (const viewer of viewers) expect(await photoMails(viewer)).toEqual([]);

    await elapse(site, minutes(2));
    for (const viewer of viewers) {
      const mails = await photoMails(viewer);
      expect(mails.map((m) => m.subject)).toEqual(['Ada added 30 photos to Summer']);
      expect(mails[0]!.links.some((l) => l.endsWith(`/albums/${album.photoAlbumId}`))).toBe(true);
    }
    expect(await photoMails(owner)).toEqual([]);
    expect(await photoMails(unverified)).toEqual([]);
    expect(await site.deps.db.job.count({ where: { kind: 'notice-digest' } })).toBe(0);
  });

  it('pushes the digest back while photos keep coming, 5 minutes apart', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await named(owner, 'Ada');
    for (let i = 0; i < 3; i++) {
      await uploadImage(owner.visitor, album.photoAlbumId);
      await elapse(site, minutes(5));
      expect(await photoMails(viewer)).toEqual([]);
    }
    await elapse(site, minutes(4));
    expect(await photoMails(viewer)).toEqual([]);
    await elapse(site, minutes(2));
    expect((await photoMails(viewer)).map((m) => m.subject)).toEqual(['Ada added 3 photos to Summer']);
  });

  it('sends at most one digest an hour per recipient and album', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await named(owner, 'Ada');
    await uploadImage(owner.visitor, album.photoAlbumId);
    await elapse(site, minutes(11));
    expect(await photoMails(viewer)).toHaveLength(1);

    await uploadImage(owner.visitor, album.photoAlbumId);
    await uploadImage(owner.visitor, album.photoAlbumId);
    await elapse(site, minutes(11));
    expect(await photoMails(viewer)).toHaveLength(1);
    await elapse(site, minutes(47));
    expect(await photoMails(viewer)).toHaveLength(1);
    await elapse(site, minutes(3));
    expect((await photoMails(viewer)).map((m) => m.subject)).toEqual([
      'Ada added 1 photo to Summer',
      'Ada added 2 photos to Summer',
    ]);
  });

  it('keeps one pending digest job per recipient when two photos are added at once', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await named(owner, 'Ada');
    await Promise.all([
      uploadImage(owner.visitor, album.photoAlbumId, 40),
      uploadImage(owner.visitor, album.photoAlbumId, 80),
    ]);
    const jobs = await site.deps.db.job.findMany({
      where: { kind: 'notice-digest', payload: { path: ['albumId'], equals: album.photoAlbumId } },
    });
    expect(jobs).toHaveLength(1);
    await elapse(site, minutes(11));
    expect((await photoMails(viewer)).map((m) => m.subject)).toEqual(['Ada added 2 photos to Summer']);
  });

  it('mails the owner one notice for a burst of 10 comments, however many came at once', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    await named(viewer, 'Vera');
    const image = await uploadImage(owner.visitor, album.photoAlbumId);
    const url = `/api/photo-albums/${album.photoAlbumId}/images/${image.imageId}/comments`;
    await Promise.all(
      Array.from({ length: 4 }, (_, i) => viewer.visitor.post(url, { comment: `Nice ${i}` }).expect(200)),
    );
    for (let i = 4; i < 10; i++) await viewer.visitor.post(url, { comment: `Nice ${i}` }).expect(200);
    expect(await commentMails(owner)).toEqual([]);
    await elapse(site, minutes(11));
    expect((await commentMails(owner)).map((m) => m.subject)).toEqual([
      'Vera wrote 10 comments in your album Summer',
    ]);
  });

  it('sends no photo digest to a member who turned "New photos" off', async () => {
    const { owner, viewers, album } = await familyAlbum();
    const [quiet, other] = viewers as [Member, Member];
    const types = (await quiet.visitor.get('/api/me/notification-types').expect(200)).body;
    expect(types.album_photos_added).toBe('New photos in an album shared with you');
    await quiet.visitor.patch('/api/me/notifications', { album_photos_added: true }).expect(200);

    await uploadImage(owner.visitor, album.photoAlbumId);
    await elapse(site, minutes(11));
    expect(await photoMails(quiet)).toEqual([]);
    expect(await photoMails(other)).toHaveLength(1);
  });
});
