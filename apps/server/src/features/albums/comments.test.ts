import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageComment } from '@site/contract';
import {
  createAlbum,
  sharedAlbum,
  uploadImage,
  verifiedMember,
  type Member,
  unknownId,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { elapse, minutes } from '../../../test/notice-time.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const commentsUrl = (albumId: string, imageId: string) =>
  `/api/photo-albums/${albumId}/images/${imageId}/comments`;

async function comment(member: Member, url: string, text: string): Promise<ImageComment> {
  return (await member.visitor.post(url, { comment: text }).expect(200)).body;
}

/** Subjects of the comment notices `member` got, oldest first (sharing notices left out). */
const subjectsFor = async (member: Member) =>
  (await site.mailsTo(member.user.emailAddress)).map((m) => m.subject).filter((s) => /comment/.test(s));

/** Comment notices are batched: past the quiet period, the pending ones are due. */
const quietPeriodPasses = () => elapse(site, minutes(11));

describe(`image comments (${databaseKind})`, () => {
  it('answers no comments at first, then each with its author name, oldest first', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const image = await uploadImage(owner.visitor, album.photoAlbumId);
    const url = commentsUrl(album.photoAlbumId, image.imageId);
    expect((await owner.visitor.get(url).expect(200)).body).toEqual([]);

    await viewer.visitor.patch('/api/me/display-name', { displayName: 'Vera' }).expect(200);
    const first = await comment(viewer, url, '  What a view!  ');
    expect(first).toMatchObject({
      imageId: image.imageId,
      displayName: 'Vera',
      comment: 'What a view!',
      modifiedAt: null,
    });
    expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const second = await comment(owner, url, 'Thanks');

    const listed = (await viewer.visitor.get(url).expect(200)).body as ImageComment[];
    expect(listed).toEqual([first, second]);
    expect(listed[1]!.displayName).toBe(owner.user.displayName);
  });

  it('refuses an empty, blank, missing or overlong comment with 400', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const image = await uploadImage(visitor, album.photoAlbumId);
    const url = commentsUrl(album.photoAlbumId, image.imageId);
    for (const body of [
      { comment: '' },
      { comment: ' \n ' },
      {},
      { comment: 'x'.repeat(5001) },
      { comment: 42 },
    ]) {
      expect((await visitor.post(url, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await visitor.get(url)).body).toEqual([]);
  });

  it('answers 404 for an image of another album, an unknown image, or an album not shared with you', async () => {
    const { visitor } = await signedUpVisitor(site);
    const album = await createAlbum(visitor);
    const other = await createAlbum(visitor);
    const image = await uploadImage(visitor, other.photoAlbumId);
    for (const url of [
      commentsUrl(album.photoAlbumId, image.imageId),
      commentsUrl(album.photoAlbumId, unknownId),
    ]) {
      expect((await visitor.get(url)).status).toBe(404);
      expect((await visitor.post(url, { comment: 'Hi' })).status).toBe(404);
    }
    const stranger = await verifiedMember(site);
    const url = commentsUrl(other.photoAlbumId, image.imageId);
    expect((await stranger.visitor.get(url)).status).toBe(404);
    expect((await stranger.visitor.post(url, { comment: 'Hi' })).status).toBe(404);
    expect((await visitor.get(url)).body).toEqual([]);
  });

  it('tells the owner about a comment on their photo, but not about their own', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const image = await uploadImage(owner.visitor, album.photoAlbumId);
    const url = commentsUrl(album.photoAlbumId, image.imageId);
    await comment(owner, url, 'My own photo');
    await quietPeriodPasses();
    expect(await subjectsFor(owner)).toEqual([]);

    await comment(viewer, url, 'Beautiful light');
    expect(await subjectsFor(owner)).toEqual([]);
    await quietPeriodPasses();
    const mails = await site.mailsTo(owner.user.emailAddress);
    expect(mails).toHaveLength(1); // the owner gets no other mail
    expect(mails[0]!.subject).toMatch(/commented on a photo in your album Summer$/);
    expect(mails[0]!.links.some((l) => l.endsWith(`/albums/${album.photoAlbumId}/${image.imageId}`))).toBe(
      true,
    );
    // The owner's own earlier comment does not add a second, comment_after_mine notice.
    expect(await subjectsFor(viewer)).toEqual([]);
  });

  it('tells each earlier commenter once, never the one writing', async () => {
    const { owner, viewer: ada, album } = await sharedAlbum(site);
    const bob = await verifiedMember(site);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: bob.user.emailAddress })
      .expect(200);
    const image = await uploadImage(owner.visitor, album.photoAlbumId);
    const url = commentsUrl(album.photoAlbumId, image.imageId);

    await comment(ada, url, 'First');
    await comment(ada, url, 'Second thought');
    await quietPeriodPasses();
    expect(await subjectsFor(ada)).toEqual([]);
    expect(await subjectsFor(owner)).toEqual([
      expect.stringMatching(/wrote 2 comments in your album Summer$/),
    ]);

    await comment(bob, url, 'Me too');
    await quietPeriodPasses();
    const adaMails = await subjectsFor(ada);
    expect(adaMails).toHaveLength(1);
    expect(adaMails[0]).toMatch(/also commented on a photo/);
    expect(await subjectsFor(bob)).toEqual([]);
    // At most one digest an hour: Bob's comment reaches the owner an hour after the first.
    expect(await subjectsFor(owner)).toHaveLength(1);
    await elapse(site, minutes(50));
    expect(await subjectsFor(owner)).toHaveLength(2);

    // The owner commenting notifies both viewers, and not the owner.
    await comment(owner, url, 'Thanks all');
    await quietPeriodPasses();
    expect(await subjectsFor(ada)).toHaveLength(2);
    expect(await subjectsFor(bob)).toHaveLength(1);
    expect(await subjectsFor(owner)).toHaveLength(2);
  });

  it('sends no comment notice to a recipient who turned that type off', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const image = await uploadImage(owner.visitor, album.photoAlbumId);
    const url = commentsUrl(album.photoAlbumId, image.imageId);
    await owner.visitor.patch('/api/me/notifications', { comment_on_my_photo: true }).expect(200);
    await viewer.visitor.patch('/api/me/notifications', { comment_after_mine: true }).expect(200);
    await comment(viewer, url, 'Nice');
    await comment(owner, url, 'Thanks');
    await comment(viewer, url, 'Welcome');
    await quietPeriodPasses();
    expect(await subjectsFor(owner)).toEqual([]);
    expect(await subjectsFor(viewer)).toEqual([]);
  });

  it('does not mail an earlier commenter the album is no longer shared with', async () => {
    const { owner, viewer, album } = await sharedAlbum(site);
    const image = await uploadImage(owner.visitor, album.photoAlbumId);
    const url = commentsUrl(album.photoAlbumId, image.imageId);
    await comment(viewer, url, 'Before I left');
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/unshare`, { emailAddress: viewer.user.emailAddress })
      .expect(200);
    await comment(owner, url, 'After');
    await quietPeriodPasses();
    expect(await subjectsFor(viewer)).toEqual([]);
  });
});
