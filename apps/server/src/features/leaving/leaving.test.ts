import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrashItem } from '@site/contract';
import {
  createAlbum,
  jpegBytes,
  uploadImage,
  uploadPicked,
  verifiedMember,
  type Member,
} from '../../../test/albums-factories.ts';
import { databaseFingerprint } from '../../../test/database-fingerprint.ts';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor } from '../../../test/factories.ts';
import { createFolder, uploadFile } from '../../../test/files-factories.ts';
import { invitedMember } from '../../../test/invited-member.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { unzip } from '../../../test/unzip.ts';
import { heldKeysSql } from '../../db/blob-columns.ts';
import { runDoctor } from '../../doctor/run-doctor.ts';
import { buildExport } from './build-export.ts';
import { countStorage } from '../../storage/usage.ts';

let site: TestSite;
let admin: Member;
beforeAll(async () => {
  site = await startSite();
  admin = await signedUpVisitor(site); // the first account: the site's only administrator
});
afterAll(() => site.close());

/** A verified member who may keep files. */
async function member(): Promise<Member> {
  const m = await verifiedMember(site);
  await site.deps.db.permissionGrant.create({ data: { userId: m.user.userId, permission: 'files' } });
  return m;
}

const share = (owner: Visitor, albumId: string, emailAddress: string, role?: 'contributor') =>
  owner.post(`/api/photo-albums/${albumId}/share`, { emailAddress, ...(role && { role }) }).expect(200);

const storageUsed = async (userId: string) =>
  (await site.deps.db.user.findUniqueOrThrow({ where: { id: userId } })).storageUsed;

/** The bytes of the member's ready export, fetched as the browser does: the signed URL, then the zip. */
async function downloadExport(visitor: Visitor): Promise<Buffer> {
  const { url } = (await visitor.get('/api/me/export/download').expect(200)).body as { url: string };
  return (await visitor.agent.get(url).responseType('blob').expect(200)).body as Buffer;
}

/** Another browser of the same member, logged in with the password. */
async function secondBrowser(emailAddress: string): Promise<Visitor> {
  const visitor = await site.visitor();
  await visitor.post('/api/login', { emailAddress, password: defaultPassword }).expect(200);
  return visitor;
}

describe(`export my data (${databaseKind})`, () => {
  it('builds a zip of albums, files and data.json on the queue, mails a link, and counts it in storage', async () => {
    const owner = await member();
    const friend = await verifiedMember(site);
    const original = await jpegBytes(40, 30, 200);
    const summer = await createAlbum(owner.visitor, 'Summer');
    await uploadPicked(owner.visitor, summer.photoAlbumId, {
      bytes: original,
      name: 'IMG_0001.JPG',
      type: 'image/jpeg',
    });
    await uploadImage(owner.visitor, summer.photoAlbumId);
    await createAlbum(owner.visitor, 'summer');
    await share(owner.visitor, summer.photoAlbumId, friend.user.emailAddress, 'contributor');
    const friends = await createAlbum(friend.visitor, 'Garden');
    const photo = await uploadImage(friend.visitor, friends.photoAlbumId);
    await share(friend.visitor, friends.photoAlbumId, owner.user.emailAddress);
    await owner.visitor
      .post(`/api/photo-albums/${friends.photoAlbumId}/images/${photo.imageId}/comments`, {
        comment: 'Lovely roses',
      })
      .expect(200);
    const letters = await createFolder(owner.visitor, 'Letters');
    await uploadFile(owner.visitor, {
      name: 'note.txt',
      bytes: Buffer.from('hello'),
      parentId: letters.nodeId,
    });
    await uploadFile(owner.visitor, { name: 'todo.txt', bytes: Buffer.from('milk') });
    const before = await storageUsed(owner.user.userId);

    const started = await owner.visitor.post('/api/me/export').expect(202);
    expect(started.body.state).toBe('preparing');
    const again = await owner.visitor.post('/api/me/export').expect(409);
    expect(again.body.error.message).toBe(
      'Your data is already being prepared. We will e-mail you when it is ready.',
    );
    await owner.visitor.get('/api/me/export/download').expect(404);

    const mail = (await site.mailsTo(owner.user.emailAddress)).find(
      (m) => m.subject === 'Your data is ready to download',
    );
    expect(mail?.links.some((l) => l.endsWith('/profile#your-data'))).toBe(true);
    const state = (await owner.visitor.get('/api/me/export').expect(200)).body;
    expect(state.state).toBe('ready');
    expect(new Date(state.expiresAt).getTime() - new Date(state.readyAt).getTime()).toBe(
      7 * 24 * 3600 * 1000,
    );
    expect(await storageUsed(owner.user.userId)).toBe(before + BigInt(state.size));
    expect(await countStorage(site.deps.db, owner.user.userId)).toBe(before + BigInt(state.size));

    const archive = await downloadExport(owner.visitor);
    expect(archive.length).toBe(state.size);
    const entries = await unzip(archive);
    expect([...entries.keys()].sort()).toEqual([
      'Albums/',
      'Albums/Summer/',
      'Albums/Summer/002.jpg',
      'Albums/Summer/IMG_0001.JPG',
      'Albums/summer (2)/',
      'Files/',
      'Files/Letters/',
      'Files/Letters/note.txt',
      'Files/todo.txt',
      'data.json',
    ]);
    expect(entries.get('Albums/Summer/IMG_0001.JPG')!.equals(original)).toBe(true);
    expect(entries.get('Files/Letters/note.txt')!.toString()).toBe('hello');
    const data = JSON.parse(entries.get('data.json')!.toString());
    expect(data.profile.emailAddress).toBe(owner.user.emailAddress);
    // What the site keeps of when they were last here goes with the rest (admins see it in the member list).
    const { lastSeenAt } = await site.deps.db.user.findUniqueOrThrow({ where: { id: owner.user.userId } });
    expect(data.profile.lastSeenAt).toBe(lastSeenAt!.toISOString());
    expect(data.albums.map((a: { name: string }) => a.name)).toEqual(['Summer', 'summer']);
    expect(data.albums[0].order).toBe('arranged by hand');
    expect(data.albums[0].photos).toEqual(['Albums/Summer/IMG_0001.JPG', 'Albums/Summer/002.jpg']);
    expect(data.albums[0].sharedWith).toEqual([
      expect.objectContaining({ emailAddress: friend.user.emailAddress, role: 'contributor' }),
    ]);
    expect(data.commentsWritten).toEqual([
      expect.objectContaining({
        album: 'Garden',
        albumOwner: friend.user.emailAddress,
        comment: 'Lovely roses',
      }),
    ]);
    expect(data.settings.emailNotifications.album_shared).toBe(true);
  });

  it('puts what is in the trash under Trash/, and data.json says so', async () => {
    const owner = await member();
    const friend = await verifiedMember(site);
    const summer = await createAlbum(owner.visitor, 'Summer');
    await uploadImage(owner.visitor, summer.photoAlbumId, 40);
    const binned = await uploadImage(owner.visitor, summer.photoAlbumId, 90);
    await owner.visitor.delete(`/api/photo-albums/${summer.photoAlbumId}/${binned.imageId}`).expect(204);
    const old = await createAlbum(owner.visitor, 'Old');
    const original = await jpegBytes(40, 30, 30);
    await uploadPicked(owner.visitor, old.photoAlbumId, {
      bytes: original,
      name: 'IMG_0009.JPG',
      type: 'image/jpeg',
    });
    await share(owner.visitor, old.photoAlbumId, friend.user.emailAddress);
    await owner.visitor.delete(`/api/photo-albums/${old.photoAlbumId}`).expect(204);
    const letters = await createFolder(owner.visitor, 'Letters');
    const drafts = await createFolder(owner.visitor, 'Drafts', letters.nodeId);
    await uploadFile(owner.visitor, {
      name: 'note.txt',
      bytes: Buffer.from('dear'),
      parentId: drafts.nodeId,
    });
    await uploadFile(owner.visitor, {
      name: 'keep.txt',
      bytes: Buffer.from('keep'),
      parentId: letters.nodeId,
    });
    const todo = await uploadFile(owner.visitor, { name: 'todo.txt', bytes: Buffer.from('milk') });
    await owner.visitor.delete(`/api/files/${drafts.nodeId}`).expect(204);
    await owner.visitor.delete(`/api/files/${todo.nodeId}`).expect(204);
    const otherTodo = await uploadFile(owner.visitor, {
      name: 'todo.txt',
      bytes: Buffer.from('eggs'),
      parentId: letters.nodeId,
    });
    await owner.visitor.delete(`/api/files/${otherTodo.nodeId}`).expect(204);

    await owner.visitor.post('/api/me/export').expect(202);
    await site.runJobs();
    const entries = await unzip(await downloadExport(owner.visitor));
    expect([...entries.keys()].sort()).toEqual([
      'Albums/',
      'Albums/Summer/',
      'Albums/Summer/001.jpg',
      'Files/',
      'Files/Letters/',
      'Files/Letters/keep.txt',
      'Trash/',
      'Trash/Albums/',
      'Trash/Albums/Old/',
      'Trash/Albums/Old/IMG_0009.JPG',
      'Trash/Files/',
      'Trash/Files/Drafts/',
      'Trash/Files/Drafts/note.txt',
      'Trash/Files/todo (2).txt',
      'Trash/Files/todo.txt',
      'Trash/Photos/',
      'Trash/Photos/Summer/',
      'Trash/Photos/Summer/Summer.jpg',
      'data.json',
    ]);
    expect(entries.get('Trash/Albums/Old/IMG_0009.JPG')!.equals(original)).toBe(true);
    expect(entries.get('Trash/Files/Drafts/note.txt')!.toString()).toBe('dear');
    expect(entries.get('Trash/Files/todo (2).txt')!.toString()).toBe('eggs');
    const binnedBytes = await site.deps.blobs.read(binned.imageId);
    const chunks: Buffer[] = [];
    for await (const chunk of binnedBytes) chunks.push(chunk as Buffer);
    expect(entries.get('Trash/Photos/Summer/Summer.jpg')!.equals(Buffer.concat(chunks))).toBe(true);

    const data = JSON.parse(entries.get('data.json')!.toString());
    expect(data.albums.map((a: { name: string }) => a.name)).toEqual(['Summer']);
    expect(data.albums[0].photos).toEqual(['Albums/Summer/001.jpg']);
    expect(data.inTrash.albums).toEqual([
      expect.objectContaining({
        name: 'Old',
        folderInThisZip: 'Trash/Albums/Old/',
        photos: ['Trash/Albums/Old/IMG_0009.JPG'],
        sharedWith: [expect.objectContaining({ emailAddress: friend.user.emailAddress, role: 'viewer' })],
        deletedAt: expect.any(String),
      }),
    ]);
    expect(data.inTrash.photos).toEqual([
      {
        album: 'Summer',
        name: 'Summer',
        deletedAt: expect.any(String),
        purgeAt: expect.any(String),
        fileInThisZip: 'Trash/Photos/Summer/Summer.jpg',
      },
    ]);
    expect(
      data.inTrash.filesAndFolders.map((f: object) => ({ ...f, deletedAt: undefined, purgeAt: undefined })),
    ).toEqual([
      { name: 'Drafts', isFolder: true, deletedFrom: 'Letters', pathInThisZip: 'Trash/Files/Drafts/' },
      { name: 'todo.txt', isFolder: false, deletedFrom: '', pathInThisZip: 'Trash/Files/todo.txt' },
      {
        name: 'todo.txt',
        isFolder: false,
        deletedFrom: 'Letters',
        pathInThisZip: 'Trash/Files/todo (2).txt',
      },
    ]);
    // Each item's purge date is the one the trash page shows for it.
    const listed = (await owner.visitor.get('/api/trash').expect(200)).body as TrashItem[];
    const inTrash = [...data.inTrash.albums, ...data.inTrash.photos, ...data.inTrash.filesAndFolders];
    const dates = (items: { deletedAt?: string; trashedAt?: string; purgeAt: string }[]) =>
      items.map((i) => `${i.deletedAt ?? i.trashedAt} ${i.purgeAt}`).sort();
    expect(dates(inTrash)).toEqual(dates(listed));
    expect(inTrash).toHaveLength(5);
  });

  it('refuses the link to another member, and once expired; the queue then deletes the zip', async () => {
    const owner = await member();
    const other = await member();
    await uploadFile(owner.visitor, { name: 'a.txt', bytes: Buffer.from('a') });
    const before = await storageUsed(owner.user.userId);
    await owner.visitor.post('/api/me/export').expect(202);
    await site.runJobs();
    const { url } = (await owner.visitor.get('/api/me/export/download').expect(200)).body;
    await other.visitor.get('/api/me/export/download').expect(404);
    expect((await other.visitor.get('/api/me/export').expect(200)).body).toEqual({ state: 'none' });
    expect(url).not.toContain(other.user.userId);

    const row = await site.deps.db.dataExport.findUniqueOrThrow({ where: { userId: owner.user.userId } });
    await site.deps.db.dataExport.update({
      where: { userId: owner.user.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await owner.visitor.get('/api/me/export/download').expect(404);
    expect(expired.body.error.message).toBe(
      'There is no export of your data to download; it may have expired',
    );
    expect((await owner.visitor.get('/api/me/export').expect(200)).body).toEqual({ state: 'none' });

    await site.deps.db.job.updateMany({ where: { kind: 'expire-export' }, data: { runAt: new Date() } });
    await site.runJobs();
    expect(await site.deps.db.dataExport.findUnique({ where: { userId: owner.user.userId } })).toBeNull();
    expect(await site.deps.blobs.size(row.blobKey)).toBeNull();
    expect(await storageUsed(owner.user.userId)).toBe(before);
  });

  it('leaves the doctor nothing to find while an export is prepared and once it is ready', async () => {
    const owner = await member();
    const findings = async () =>
      (await runDoctor({ db: site.deps.db, blobs: site.deps.blobs, repair: false })).flatMap(
        (r) => r.findings,
      );
    await owner.visitor.post('/api/me/export').expect(202);
    expect(await findings()).toEqual([]);
    await site.runJobs();
    expect(await findings()).toEqual([]);
  });

  it('keeps the zip when its job runs twice at once (a claim that ran out)', async () => {
    const owner = await member();
    await uploadFile(owner.visitor, { name: 'a.txt', bytes: Buffer.from('a') });
    await owner.visitor.post('/api/me/export').expect(202);
    const payload = { userId: owner.user.userId };
    await Promise.all([buildExport(site.deps, payload), buildExport(site.deps, payload)]);
    await site.runJobs();
    const row = await site.deps.db.dataExport.findUniqueOrThrow({ where: { userId: owner.user.userId } });
    expect(await site.deps.blobs.size(row.blobKey)).toBe(Number(row.size));
    expect(await countStorage(site.deps.db, owner.user.userId)).toBe(await storageUsed(owner.user.userId));
    expect((await unzip(await downloadExport(owner.visitor))).get('Files/a.txt')!.toString()).toBe('a');
  });

  it('replaces a ready export with a new one, deleting the old zip', async () => {
    const owner = await member();
    await owner.visitor.post('/api/me/export').expect(202);
    await site.runJobs();
    const first = await site.deps.db.dataExport.findUniqueOrThrow({ where: { userId: owner.user.userId } });
    await owner.visitor.post('/api/me/export').expect(202);
    await site.runJobs();
    const second = await site.deps.db.dataExport.findUniqueOrThrow({ where: { userId: owner.user.userId } });
    expect(second.blobKey).not.toBe(first.blobKey);
    expect(await site.deps.blobs.size(first.blobKey)).toBeNull();
    expect(await countStorage(site.deps.db, owner.user.userId)).toBe(await storageUsed(owner.user.userId));
  });

  it('is refused to an administrator acting as the member', async () => {
    const owner = await member();
    await admin.visitor.post('/api/admin/maintenance-mode', { userId: owner.user.userId }).expect(204);
    await admin.visitor.post('/api/me/export').expect(403);
    await admin.visitor.post('/api/me/delete-account', {}).expect(403);
    await admin.visitor.delete('/api/admin/maintenance-mode').expect(204);
  });
});

describe(`delete my account (${databaseKind})`, () => {
  const remove = (visitor: Visitor, currentPassword?: string) =>
    visitor.post('/api/me/delete-account', currentPassword === undefined ? {} : { currentPassword });

  it('with a wrong password changes nothing', async () => {
    const leaver = await member();
    await createAlbum(leaver.visitor, 'Kept');
    const before = await databaseFingerprint(site.deps.db);
    const res = await remove(leaver.visitor, 'not my password').expect(403);
    expect(res.body.error.message).toBe('Your current password is not right');
    const after = await databaseFingerprint(site.deps.db);
    // Only the failed attempt is counted, as for a log in.
    expect({ ...after, RateLimit: '' }).toEqual({ ...before, RateLimit: '' });
    await leaver.visitor.get('/api/me').expect(200);
    await remove(leaver.visitor).expect(400);
  });

  it('ends every session, unshares, purges every byte through the queue and frees the address', async () => {
    const leaver = await member();
    const viewer = await verifiedMember(site);
    const contributor = await verifiedMember(site);
    const neighbour = await verifiedMember(site);
    const phone = await secondBrowser(leaver.user.emailAddress);

    const album = await createAlbum(leaver.visitor, 'Holidays');
    await uploadPicked(leaver.visitor, album.photoAlbumId, {
      bytes: await jpegBytes(30, 20),
      name: 'beach.jpg',
      type: 'image/jpeg',
    });
    await share(leaver.visitor, album.photoAlbumId, viewer.user.emailAddress);
    await share(leaver.visitor, album.photoAlbumId, contributor.user.emailAddress, 'contributor');
    await uploadImage(contributor.visitor, album.photoAlbumId);
    const trashed = await createAlbum(leaver.visitor, 'Old');
    await uploadImage(leaver.visitor, trashed.photoAlbumId);
    await leaver.visitor.delete(`/api/photo-albums/${trashed.photoAlbumId}`).expect(204);

    const theirs = await createAlbum(neighbour.visitor, 'Street party');
    const first = await uploadImage(neighbour.visitor, theirs.photoAlbumId);
    await share(neighbour.visitor, theirs.photoAlbumId, leaver.user.emailAddress, 'contributor');
    const added = await uploadImage(leaver.visitor, theirs.photoAlbumId);
    const last = await uploadImage(neighbour.visitor, theirs.photoAlbumId);
    await leaver.visitor
      .post(`/api/photo-albums/${theirs.photoAlbumId}/images/${first.imageId}/comments`, { comment: 'Fun!' })
      .expect(200);

    const folder = await createFolder(leaver.visitor, 'Papers');
    await uploadFile(leaver.visitor, {
      name: 'will.txt',
      bytes: Buffer.from('all to the cat'),
      parentId: folder.nodeId,
    });
    await leaver.visitor.post('/api/me/export').expect(202);
    await site.runJobs();

    const heldKeys = (await site.deps.db.$queryRaw<{ key: string }[]>(heldKeysSql(leaver.user.userId))).map(
      (r) => r.key,
    );
    const contributorKeys = (
      await site.deps.db.image.findMany({
        where: { albumId: album.photoAlbumId, addedById: contributor.user.userId },
      })
    ).flatMap((i) => [i.id, i.thumbnailId!]);
    const keys = [...heldKeys, ...contributorKeys];
    expect(keys.length).toBeGreaterThan(8);
    for (const key of keys) expect(await site.deps.blobs.size(key)).not.toBeNull();

    await remove(leaver.visitor, defaultPassword).expect(204);

    await leaver.visitor.get('/api/me').expect(401);
    await phone.get('/api/me').expect(401);
    await viewer.visitor.get(`/api/photo-albums/${album.photoAlbumId}`).expect(404);
    const viewerAlbums = (await viewer.visitor.get('/api/photo-albums').expect(200)).body;
    expect(JSON.stringify(viewerAlbums)).not.toContain(album.photoAlbumId);
    expect(await site.deps.db.albumShare.count({ where: { email: leaver.user.emailAddress } })).toBe(0);

    // The neighbour's album keeps its own photos, ranked without a gap; the comment went with its writer.
    const left = await site.deps.db.image.findMany({
      where: { albumId: theirs.photoAlbumId },
      orderBy: { rank: 'asc' },
    });
    expect(left.map((i) => [i.id, i.rank])).toEqual([
      [first.imageId, 0],
      [last.imageId, 1],
    ]);
    expect(await site.deps.db.image.findUnique({ where: { id: added.imageId } })).toBeNull();
    expect(await site.deps.db.imageComment.count({ where: { imageId: first.imageId } })).toBe(0);
    expect(await storageUsed(contributor.user.userId)).toBe(
      await countStorage(site.deps.db, contributor.user.userId),
    );
    expect(await storageUsed(contributor.user.userId)).toBe(0n);

    await site.runJobs();
    for (const key of keys) expect(await site.deps.blobs.size(key)).toBeNull();
    expect(await site.deps.db.job.count({ where: { state: 'DEAD' } })).toBe(0);
    const goodbye = (await site.mailsTo(leaver.user.emailAddress)).find(
      (m) => m.subject === 'Your account was deleted',
    );
    expect(goodbye).toBeDefined();

    const again = await signedUpVisitor(site, leaver.user.emailAddress);
    expect(again.user.userId).not.toBe(leaver.user.userId);
    expect((await again.visitor.get('/api/photo-albums').expect(200)).body).toEqual([]);
    expect((await again.visitor.get('/api/me/export').expect(200)).body).toEqual({ state: 'none' });
  });

  it('takes a fresh mailed link instead of a password for an account without one', async () => {
    const invited = await invitedMember(site);
    await invited.visitor.post('/api/me/delete-account', {}).expect(204);
    await invited.visitor.get('/api/me').expect(401);
    expect(await site.deps.db.user.findUnique({ where: { email: invited.email } })).toBeNull();

    const stale = await invitedMember(site);
    await site.deps.db.userSession.updateMany({
      where: { user: { email: stale.email } },
      data: { createdAt: new Date(Date.now() - 60 * 60 * 1000) },
    });
    const refused = await stale.visitor.post('/api/me/delete-account', {}).expect(403);
    expect(refused.body.error.message).toContain('first open a sign-in link we e-mail you');
    await stale.visitor.get('/api/me').expect(200);
  });
});
