import type { Image, ShareRoles } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAlbum,
  sharedAlbum,
  uploadImage,
  verifiedMember,
  type Member,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { countStorage } from '../../storage/usage.ts';

let site: TestSite;

beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

/** An owner's album shared with a viewer and, as a contributor, with a third member. */
async function albumWithContributor() {
  const { owner, viewer, album } = await sharedAlbum(site);
  const contributor = await verifiedMember(site);
  await owner.visitor
    .post(`/api/photo-albums/${album.photoAlbumId}/share`, {
      emailAddress: contributor.user.emailAddress,
      role: 'contributor',
    })
    .expect(200);
  return { owner, viewer, contributor, albumId: album.photoAlbumId };
}

const shareRoles = async (owner: Member, albumId: string) =>
  (await owner.visitor.get(`/api/photo-albums/${albumId}/share-roles`).expect(200)).body as ShareRoles;

/** The counter of `userId`, checked against the sum of what the rows hold. */
async function exactStorage(userId: string): Promise<number> {
  const { storageUsed } = await site.deps.db.user.findUniqueOrThrow({ where: { id: userId } });
  expect(storageUsed).toBe(await countStorage(site.deps.db, userId));
  return Number(storageUsed);
}

const imageBytes = async (imageId: string) => {
  const row = await site.deps.db.image.findUniqueOrThrow({ where: { id: imageId } });
  return row.size! + row.thumbnailSize!;
};

describe(`album contributors (${databaseKind})`, () => {
  it('lets a contributor upload and add photos, which the image list says they added', async () => {
    const { owner, contributor, albumId } = await albumWithContributor();
    await site.deps.db.user.update({
      where: { id: contributor.user.userId },
      data: { displayName: 'Aunt May' },
    });
    const mine = await uploadImage(owner.visitor, albumId);
    const theirs = await uploadImage(contributor.visitor, albumId);

    const images = (await owner.visitor.get(`/api/photo-albums/${albumId}/images`).expect(200))
      .body as Image[];
    expect(images.map((i) => [i.imageId, i.addedBy?.displayName])).toEqual([
      [mine.imageId, owner.user.displayName],
      [theirs.imageId, 'Aunt May'],
    ]);
    expect(images[1]!.addedBy?.userId).toBe(contributor.user.userId);
    const album = await contributor.visitor.get(`/api/photo-albums/${albumId}`).expect(200);
    expect(album.body.role).toBe('contributor');
  });

  it('lets a contributor comment and remove a photo they added, but not one the owner added (403)', async () => {
    const { owner, contributor, albumId } = await albumWithContributor();
    const ownerPhoto = await uploadImage(owner.visitor, albumId);
    const theirPhoto = await uploadImage(contributor.visitor, albumId);
    await contributor.visitor
      .post(`/api/photo-albums/${albumId}/images/${ownerPhoto.imageId}/comments`, { comment: 'Lovely' })
      .expect(200);

    const refused = await contributor.visitor.delete(`/api/photo-albums/${albumId}/${ownerPhoto.imageId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    await contributor.visitor.delete(`/api/photo-albums/${albumId}/${theirPhoto.imageId}`).expect(204);

    const left = (await owner.visitor.get(`/api/photo-albums/${albumId}/images`).expect(200)).body as Image[];
    expect(left.map((i) => i.imageId)).toEqual([ownerPhoto.imageId]);
  });

  it('treats a photo from before contributors (no addedBy) as the owner’s: a contributor may not remove it', async () => {
    const { owner, contributor, albumId } = await albumWithContributor();
    const old = await uploadImage(owner.visitor, albumId);
    await site.deps.db.image.update({ where: { id: old.imageId }, data: { addedById: null } });
    const images = (await contributor.visitor.get(`/api/photo-albums/${albumId}/images`).expect(200))
      .body as Image[];
    expect(images[0]!.addedBy).toBeNull();
    expect((await contributor.visitor.delete(`/api/photo-albums/${albumId}/${old.imageId}`)).status).toBe(
      403,
    );
    await owner.visitor.delete(`/api/photo-albums/${albumId}/${old.imageId}`).expect(204);
  });

  it('refuses a contributor renaming, reordering, sharing or deleting the album (403), and changes nothing', async () => {
    const { owner, contributor, albumId } = await albumWithContributor();
    const first = await uploadImage(owner.visitor, albumId);
    await uploadImage(contributor.visitor, albumId);
    const as = contributor.visitor;
    const url = `/api/photo-albums/${albumId}`;
    const refusals = [
      await as.patch(url, { name: 'Mine now' }),
      await as.patch(url, { imageRank: [first.imageId, 1] }),
      await as.post(`${url}/share`, { emailAddress: 'cousin@example.com' }),
      await as.get(`${url}/share-roles`),
      await as.delete(url),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);

    const album = await owner.visitor.get(url).expect(200);
    expect(album.body.name).toBe('Summer');
    const images = (await owner.visitor.get(`${url}/images`).expect(200)).body as Image[];
    expect(images[0]!.imageId).toBe(first.imageId);
    expect((await shareRoles(owner, albumId)).map((s) => s.emailAddress)).not.toContain('cousin@example.com');
  });

  it('refuses a viewer uploading or adding photos (403)', async () => {
    const { viewer, albumId } = await albumWithContributor();
    expect((await viewer.visitor.post(`/api/photo-albums/${albumId}/upload`, { size: 100 })).status).toBe(
      403,
    );
  });

  it('charges what a contributor adds to their own storage, and frees it for them when the owner purges it', async () => {
    const { owner, contributor, albumId } = await albumWithContributor();
    const ownerBefore = await exactStorage(owner.user.userId);
    const photo = await uploadImage(contributor.visitor, albumId);
    const bytes = await imageBytes(photo.imageId);
    expect(await exactStorage(contributor.user.userId)).toBe(bytes);
    expect(await exactStorage(owner.user.userId)).toBe(ownerBefore);

    // In the owner's trash it still counts, for the contributor; deleting it for good frees it.
    await contributor.visitor.delete(`/api/photo-albums/${albumId}/${photo.imageId}`).expect(204);
    expect(await exactStorage(contributor.user.userId)).toBe(bytes);
    await owner.visitor.delete(`/api/trash/photo/${photo.imageId}`).expect(204);
    expect(await exactStorage(contributor.user.userId)).toBe(0);
    expect(await exactStorage(owner.user.userId)).toBe(ownerBefore);
  });

  it('frees each holder their own bytes when an album with photos of both is purged', async () => {
    const { owner, contributor, albumId } = await albumWithContributor();
    const ownerBefore = await exactStorage(owner.user.userId);
    const mine = await uploadImage(owner.visitor, albumId);
    await uploadImage(contributor.visitor, albumId, 60);
    expect(await exactStorage(owner.user.userId)).toBe(ownerBefore + (await imageBytes(mine.imageId)));
    expect(await exactStorage(contributor.user.userId)).toBeGreaterThan(0);

    await owner.visitor.delete(`/api/photo-albums/${albumId}`).expect(204);
    await owner.visitor.delete(`/api/trash/album/${albumId}`).expect(204);
    expect(await exactStorage(owner.user.userId)).toBe(ownerBefore);
    expect(await exactStorage(contributor.user.userId)).toBe(0);
  });

  it("checks a contributor's uploads against their own quota, not the owner's", async () => {
    const { owner, contributor, albumId } = await albumWithContributor();
    await site.deps.db.user.update({ where: { id: contributor.user.userId }, data: { storageQuota: 1000n } });
    const res = await contributor.visitor.post(`/api/photo-albums/${albumId}/upload`, { size: 2000 });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('quota_exceeded');
    expect(await site.deps.db.pendingUpload.count({ where: { albumId } })).toBe(0);
    await owner.visitor.post(`/api/photo-albums/${albumId}/upload`, { size: 2000 }).expect(200);
  });
});

describe(`share roles (${databaseKind})`, () => {
  let owner: Member;
  let friend: Member;
  let albumId: string;
  let as: Visitor;

  beforeAll(async () => {
    owner = await verifiedMember(site);
    friend = await verifiedMember(site);
    albumId = (await createAlbum(owner.visitor, 'Reunion')).photoAlbumId;
    as = owner.visitor;
  });

  const share = (body: object) =>
    as.post(`/api/photo-albums/${albumId}/share`, { emailAddress: friend.user.emailAddress, ...body });
  const friendMay = async () =>
    (await friend.visitor.post(`/api/photo-albums/${albumId}/upload`, { size: 100 })).status;

  it('makes a share a viewer by default, and answers the addresses alone on the share list', async () => {
    expect((await share({}).expect(200)).body).toEqual([friend.user.emailAddress]);
    expect(await shareRoles(owner, albumId)).toEqual([
      { emailAddress: friend.user.emailAddress, role: 'viewer' },
    ]);
    expect(await friendMay()).toBe(403);
  });

  it('changes the role when shared again with another, without mailing again; without a role it stays', async () => {
    const mailsBefore = (await site.mailsTo(friend.user.emailAddress)).length;
    await share({ role: 'contributor' }).expect(200);
    expect((await shareRoles(owner, albumId))[0]!.role).toBe('contributor');
    expect(await friendMay()).toBe(200);

    await share({}).expect(200);
    expect((await shareRoles(owner, albumId))[0]!.role).toBe('contributor');

    await share({ role: 'viewer' }).expect(200);
    expect((await shareRoles(owner, albumId))[0]!.role).toBe('viewer');
    expect(await friendMay()).toBe(403);
    expect(await site.mailsTo(friend.user.emailAddress)).toHaveLength(mailsBefore);
  });

  it('refuses an unknown role with a 400 and changes nothing', async () => {
    const res = await share({ role: 'owner' });
    expect(res.status).toBe(400);
    expect(await shareRoles(owner, albumId)).toEqual([
      { emailAddress: friend.user.emailAddress, role: 'viewer' },
    ]);
  });
});
