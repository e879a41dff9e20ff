import { createHash } from 'node:crypto';
import type { FileNode, Image, PhotoAlbum, Restored, TrashItem } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sharedAlbum,
  unknownId,
  uploadImage,
  uploadPicked,
  verifiedMember,
} from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { allNodes, createFolder, filesMember, uploadFile } from '../../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { purgeExpired } from './purge.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
  await signedUpVisitor(site); // the admin
});
afterAll(() => site.close());

const trashOf = async (visitor: Visitor) => (await visitor.get('/api/trash').expect(200)).body as TrashItem[];
const restore = (visitor: Visitor, kind: string, id: string) =>
  visitor.post(`/api/trash/${kind}/${id}/restore`);
const names = async (visitor: Visitor, folderId: string | null) =>
  (
    (await visitor.get(folderId ? `/api/files/${folderId}` : '/api/files').expect(200)).body as FileNode[]
  ).map((n) => n.name);
/** Every node of the user, in the trash or not. */
const everyNode = (userId: string) => site.deps.db.fileNode.findMany({ where: { ownerId: userId } });
type FileNodeRow = Awaited<ReturnType<typeof everyNode>>[number];
const blobExists = async (key: string) => (await site.deps.blobs.size(key)) !== null;

/** A member with docs/2024/deep holding a.txt (3 bytes) in deep and b.txt (5 bytes) in 2024. */
async function nestedTree() {
  const { visitor, user } = await filesMember(site);
  const docs = await createFolder(visitor, 'docs');
  const year = await createFolder(visitor, '2024', docs.nodeId);
  const deep = await createFolder(visitor, 'deep', year.nodeId);
  const a = await uploadFile(visitor, { name: 'a.txt', bytes: Buffer.from('aaa'), parentId: deep.nodeId });
  const b = await uploadFile(visitor, { name: 'b.txt', bytes: Buffer.from('bbbbb'), parentId: year.nodeId });
  /** Folder name -> stored size, for the live folders. */
  const sizes = async () =>
    Object.fromEntries(
      (await allNodes(site, user.userId)).filter((n) => n.isDirectory).map((n) => [n.name, n.size]),
    );
  return { visitor, userId: user.userId, docs, year, deep, a, b, sizes };
}

describe(`trash: files and folders (${databaseKind})`, () => {
  it('keeps every folder size exact as a file and then its folder go to the trash and come back', async () => {
    const t = await nestedTree();
    expect(await t.sizes()).toEqual({ docs: 8, '2024': 8, deep: 3 });

    await t.visitor.delete(`/api/files/${t.a.nodeId}`).expect(204);
    expect(await t.sizes()).toEqual({ docs: 5, '2024': 5, deep: 0 });
    expect(await names(t.visitor, t.deep.nodeId)).toEqual([]);

    await t.visitor.delete(`/api/files/${t.year.nodeId}`).expect(204);
    expect(await t.sizes()).toEqual({ docs: 0 });
    expect(await names(t.visitor, t.docs.nodeId)).toEqual([]);
    // Nothing under a trashed folder can be reached by its id.
    await t.visitor.get(`/api/files/${t.deep.nodeId}`).expect(404);
    await t.visitor.get(`/api/files/${t.b.nodeId}/download`).expect(404);

    const trash = await trashOf(t.visitor);
    expect(trash.map((i) => [i.kind, i.name, i.place, i.size, i.isDirectory])).toEqual([
      ['node', '2024', 'docs', 5, true],
      ['node', 'a.txt', 'docs/2024/deep', 3, false],
    ]);

    expect((await restore(t.visitor, 'node', t.year.nodeId).expect(200)).body).toEqual({
      name: '2024',
      place: 'docs',
    } satisfies Restored);
    expect(await t.sizes()).toEqual({ docs: 5, '2024': 5, deep: 0 });
    expect(await names(t.visitor, t.year.nodeId)).toEqual(['deep', 'b.txt']);

    await restore(t.visitor, 'node', t.a.nodeId).expect(200);
    expect(await t.sizes()).toEqual({ docs: 8, '2024': 8, deep: 3 });
    expect(await names(t.visitor, t.deep.nodeId)).toEqual(['a.txt']);
    expect(await trashOf(t.visitor)).toEqual([]);
  });

  it('frees the name at once, and restores onto a taken name as "name (2)"', async () => {
    const t = await nestedTree();
    await t.visitor.delete(`/api/files/${t.b.nodeId}`).expect(204);
    const again = await uploadFile(t.visitor, {
      name: 'b.txt',
      bytes: Buffer.from('new'),
      parentId: t.year.nodeId,
    });
    expect(again.name).toBe('b.txt');
    await t.visitor.delete(`/api/files/${t.docs.nodeId}`).expect(204);
    await createFolder(t.visitor, 'docs'); // a new root of the same name

    expect((await restore(t.visitor, 'node', t.docs.nodeId).expect(200)).body).toEqual({
      name: 'docs (2)',
      place: '',
    });
    expect(await names(t.visitor, null)).toEqual(['docs', 'docs (2)']);
    expect((await restore(t.visitor, 'node', t.b.nodeId).expect(200)).body).toEqual({
      name: 'b (2).txt',
      place: 'docs (2)/2024',
    });
    expect(await t.sizes()).toMatchObject({ 'docs (2)': 11, '2024': 11 });
  });

  it('restores to the top level when the folder it came from is gone or in the trash', async () => {
    const t = await nestedTree();
    await t.visitor.delete(`/api/files/${t.a.nodeId}`).expect(204);
    await t.visitor.delete(`/api/files/${t.b.nodeId}`).expect(204);
    await t.visitor.delete(`/api/files/${t.docs.nodeId}`).expect(204);
    expect((await restore(t.visitor, 'node', t.b.nodeId).expect(200)).body).toEqual({
      name: 'b.txt',
      place: '',
    });

    await t.visitor.delete(`/api/trash/node/${t.docs.nodeId}`).expect(204);
    expect((await restore(t.visitor, 'node', t.a.nodeId).expect(200)).body).toEqual({
      name: 'a.txt',
      place: '',
    });
    expect(await names(t.visitor, null)).toEqual(['a.txt', 'b.txt']);
  });

  it('deletes forever: the rows go at once and the bytes once the queued job runs', async () => {
    const t = await nestedTree();
    const keys = (await allNodes(site, t.userId)).flatMap((n) => n.blobKey ?? []);
    await t.visitor.delete(`/api/files/${t.docs.nodeId}`).expect(204);
    await site.runJobs();
    for (const key of keys) expect(await blobExists(key)).toBe(true);

    await t.visitor.delete(`/api/trash/node/${t.docs.nodeId}`).expect(204);
    expect(await everyNode(t.userId)).toEqual([]);
    expect(await trashOf(t.visitor)).toEqual([]);
    expect(await site.runJobs()).toBeGreaterThan(0);
    for (const key of keys) expect(await blobExists(key)).toBe(false);
    await t.visitor.delete(`/api/trash/node/${t.docs.nodeId}`).expect(404);
  });

  it("answers 404 for someone else's trash item, a live node and an unknown id, and changes nothing", async () => {
    const t = await nestedTree();
    const other = await filesMember(site);
    await t.visitor.delete(`/api/files/${t.a.nodeId}`).expect(204);
    await restore(other.visitor, 'node', t.a.nodeId).expect(404);
    await other.visitor.delete(`/api/trash/node/${t.a.nodeId}`).expect(404);
    await restore(t.visitor, 'node', t.b.nodeId).expect(404); // live, not in the trash
    await restore(t.visitor, 'album', t.a.nodeId).expect(404); // the wrong kind
    await restore(t.visitor, 'node', unknownId).expect(404);
    await restore(t.visitor, 'folder', t.a.nodeId).expect(400);
    await other.visitor.delete('/api/trash').expect(204);
    expect(await trashOf(other.visitor)).toEqual([]);
    expect((await trashOf(t.visitor)).map((i) => i.name)).toEqual(['a.txt']);
  });

  it('answers 404 to deleting forever a live or a restored file or folder, and keeps it and its bytes', async () => {
    const t = await nestedTree();
    const before = await everyNode(t.userId);
    const keys = before.flatMap((n) => n.blobKey ?? []);
    // Live, never trashed: a file and the folder above everything.
    await t.visitor.delete(`/api/trash/node/${t.b.nodeId}`).expect(404);
    await t.visitor.delete(`/api/trash/node/${t.docs.nodeId}`).expect(404);
    // Trashed and restored: a file, and a folder with a file inside.
    await t.visitor.delete(`/api/files/${t.a.nodeId}`).expect(204);
    await restore(t.visitor, 'node', t.a.nodeId).expect(200);
    await t.visitor.delete(`/api/files/${t.year.nodeId}`).expect(204);
    await restore(t.visitor, 'node', t.year.nodeId).expect(200);
    for (const id of [t.a.nodeId, t.year.nodeId, t.deep.nodeId, t.b.nodeId]) {
      await t.visitor.delete(`/api/trash/node/${id}`).expect(404);
    }

    await site.runJobs();
    const placed = (nodes: FileNodeRow[]) =>
      nodes.map((n) => `${n.id} in ${n.parentId} trashed ${String(n.trashedAt)}`);
    expect(placed(await everyNode(t.userId)).sort()).toEqual(placed(before).sort());
    expect(await t.sizes()).toEqual({ docs: 8, '2024': 8, deep: 3 });
    for (const key of keys) expect(await blobExists(key)).toBe(true);
  });

  it('lists and handles files only for holders of the files permission', async () => {
    const t = await nestedTree();
    await t.visitor.delete(`/api/files/${t.a.nodeId}`).expect(204);
    await site.deps.db.permissionGrant.deleteMany({ where: { userId: t.userId, permission: 'files' } });
    expect(await trashOf(t.visitor)).toEqual([]);
    await restore(t.visitor, 'node', t.a.nodeId).expect(403);
    await t.visitor.delete('/api/trash').expect(204);
    expect((await everyNode(t.userId)).find((n) => n.id === t.a.nodeId)?.trashedAt).toBeTruthy();
  });
});

/** A verified member's album "Trip" shared with a viewer, holding three photos. */
async function albumWithPhotos() {
  const { owner, viewer, album } = await sharedAlbum(site);
  const photos: Image[] = [];
  for (const shade of [40, 120, 200])
    photos.push(await uploadImage(owner.visitor, album.photoAlbumId, shade));
  const images = async (visitor: Visitor) =>
    (await visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200)).body as Image[];
  return { owner, viewer, album, photos, images };
}

describe(`trash: photos and albums (${databaseKind})`, () => {
  it('hides a trashed photo from owner and sharee, keeps ranks dense, and brings it back in its place', async () => {
    const t = await albumWithPhotos();
    const [first, second, third] = t.photos as [Image, Image, Image];
    await t.owner.visitor.delete(`/api/photo-albums/${t.album.photoAlbumId}/${first.imageId}`).expect(204);

    for (const visitor of [t.owner.visitor, t.viewer.visitor]) {
      expect((await t.images(visitor)).map((i) => [i.imageId, i.rank])).toEqual([
        [second.imageId, 0],
        [third.imageId, 1],
      ]);
      const album = (await visitor.get(`/api/photo-albums/${t.album.photoAlbumId}`).expect(200))
        .body as PhotoAlbum;
      expect(album.thumbnailId).toBe(second.thumbnailId);
      const urls = (
        await visitor.post('/api/photo-albums/signed-urls', [first.imageId, first.thumbnailId]).expect(200)
      ).body as Record<string, string>;
      expect(urls).toEqual({});
      await visitor
        .get(`/api/photo-albums/${t.album.photoAlbumId}/images/${first.imageId}/comments`)
        .expect(404);
    }
    expect((await trashOf(t.viewer.visitor)).length).toBe(0);
    const [item] = await trashOf(t.owner.visitor);
    expect(item).toMatchObject({
      kind: 'photo',
      id: first.imageId,
      name: 'Summer',
      place: 'Summer',
      size: await site.deps.blobs.size(first.imageId),
    });
    // Its thumbnail comes with the owner's listing, and nowhere else (see signed-urls above).
    expect(item?.thumbnailUrl).toMatch(new RegExp(`^/blobs/${first.thumbnailId}\\?`));
    const thumbnail = await t.owner.visitor.get(item!.thumbnailUrl!).expect(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');

    expect((await restore(t.owner.visitor, 'photo', first.imageId).expect(200)).body).toEqual({
      name: 'Summer',
      place: 'Summer',
    });
    expect((await t.images(t.viewer.visitor)).map((i) => [i.imageId, i.rank])).toEqual([
      [first.imageId, 0],
      [second.imageId, 1],
      [third.imageId, 2],
    ]);
  });

  it('names a trashed photo after the file it was added from, and lists no thumbnail for other kinds', async () => {
    const { owner, album } = await sharedAlbum(site);
    const photo = await uploadPicked(owner.visitor, album.photoAlbumId, {
      name: 'IMG_0042.png',
      type: 'image/png',
      bytes: Buffer.from('not really a png'),
    });
    await owner.visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${photo.imageId}`).expect(204);
    await owner.visitor.delete(`/api/photo-albums/${album.photoAlbumId}`).expect(204);
    const items = await trashOf(owner.visitor);
    expect(items.map((i) => [i.kind, i.name, i.thumbnailUrl === null])).toEqual(
      expect.arrayContaining([
        ['photo', 'IMG_0042.png', false],
        ['album', 'Summer', true],
      ]),
    );
  });

  it('restores photos at their old ranks, in order when several went one after another, else at the end', async () => {
    const { owner, album } = await sharedAlbum(site);
    const photos: Image[] = [];
    for (const shade of [10, 60, 110, 160, 210])
      photos.push(await uploadImage(owner.visitor, album.photoAlbumId, shade));
    const [a, b, c, d, e] = photos as [Image, Image, Image, Image, Image];
    const order = async () =>
      (
        (await owner.visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200))
          .body as Image[]
      ).map((i) => i.imageId);
    const trash = (image: Image) =>
      owner.visitor.delete(`/api/photo-albums/${album.photoAlbumId}/${image.imageId}`).expect(204);

    // b, c and d deleted one after another, restored newest first (the trash's order): all back between a and e.
    for (const image of [b, c, d]) await trash(image);
    expect(await order()).toEqual([a.imageId, e.imageId]);
    for (const image of [d, c, b]) await restore(owner.visitor, 'photo', image.imageId).expect(200);
    expect(await order()).toEqual([a, b, c, d, e].map((i) => i.imageId));

    // The album shrank meanwhile below e's old rank: e comes back at the end.
    await trash(e);
    for (const image of [a, b, c]) await trash(image);
    await restore(owner.visitor, 'photo', e.imageId).expect(200);
    expect(await order()).toEqual([d.imageId, e.imageId]);
  });

  it('keeps a photo in the trash when the same file was added to its album meanwhile: 409, nothing changes', async () => {
    const { owner, album } = await sharedAlbum(site);
    const contentHash = createHash('sha256').update('the same photo').digest('hex');
    const first = await uploadImage(owner.visitor, album.photoAlbumId, 40, { contentHash });
    const photos = `/api/photo-albums/${album.photoAlbumId}`;
    await owner.visitor.delete(`${photos}/${first.imageId}`).expect(204);
    const again = await uploadImage(owner.visitor, album.photoAlbumId, 40, { contentHash });
    // With the album in the trash too, restoring the photo would bring back both copies.
    await owner.visitor.delete(photos).expect(204);
    const kept = async () => (await trashOf(owner.visitor)).map(({ kind, id, name }) => ({ kind, id, name }));
    const before = await kept();

    const refused = await restore(owner.visitor, 'photo', first.imageId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This photo is in “Summer” already, so it stays in the trash.');
    expect(await kept()).toEqual(before);

    await restore(owner.visitor, 'album', album.photoAlbumId).expect(200);
    const live = async () =>
      ((await owner.visitor.get(`${photos}/images`).expect(200)).body as Image[]).map((i) => i.imageId);
    expect(await live()).toEqual([again.imageId]);
    // Once the copy is gone, the photo comes back.
    await owner.visitor.delete(`${photos}/${again.imageId}`).expect(204);
    await restore(owner.visitor, 'photo', first.imageId).expect(200);
    expect(await live()).toEqual([first.imageId]);
  });

  it('restores a photo between its old neighbours after the album changed, whatever order photos come back in', async () => {
    const { owner, album } = await sharedAlbum(site);
    const base = `/api/photo-albums/${album.photoAlbumId}`;
    const photos: Image[] = [];
    for (const shade of [10, 50, 90, 130, 170, 210])
      photos.push(await uploadImage(owner.visitor, album.photoAlbumId, shade));
    const [a, b, c, d, e, f] = photos as [Image, Image, Image, Image, Image, Image];
    const order = async () =>
      ((await owner.visitor.get(`${base}/images`).expect(200)).body as Image[]).map((i) => i.imageId);
    const ids = (...images: Image[]) => images.map((i) => i.imageId);
    const trash = (image: Image) => owner.visitor.delete(`${base}/${image.imageId}`).expect(204);
    const back = (...images: Image[]) =>
      Promise.all(images.map((i) => restore(owner.visitor, 'photo', i.imageId).expect(200))).then(() => {});

    // c goes; then a moves to the end and g is added: c comes back between b and d, not at its old rank 2.
    await trash(c);
    await owner.visitor.patch(base, { imageRank: [a.imageId, 4] }).expect(200);
    const g = await uploadImage(owner.visitor, album.photoAlbumId, 250);
    expect(await order()).toEqual(ids(b, d, e, f, a, g));
    await back(c);
    expect(await order()).toEqual(ids(b, c, d, e, f, a, g));

    // d and then e go one after another, and come back oldest first.
    await trash(d);
    await trash(e);
    await back(d);
    await back(e);
    expect(await order()).toEqual(ids(b, c, d, e, f, a, g));

    // c, d and e go together and come back middle first, then last, then first.
    await owner.visitor.post(`${base}/remove-photos`, { imageIds: ids(c, d, e) }).expect(204);
    expect(await order()).toEqual(ids(b, f, a, g));
    for (const image of [d, e, c]) await back(image);
    expect(await order()).toEqual(ids(b, c, d, e, f, a, g));

    // The photo before it was deleted for good meanwhile: it comes back before the one after it.
    await trash(d);
    await trash(c);
    await owner.visitor.delete(`/api/trash/photo/${c.imageId}`).expect(204);
    await owner.visitor.patch(base, { imageRank: [b.imageId, 4] }).expect(200);
    expect(await order()).toEqual(ids(e, f, a, g, b));
    await back(d);
    expect(await order()).toEqual(ids(d, e, f, a, g, b));
  });

  it("hides a trashed album from its sharee everywhere, and the owner's later albums move up", async () => {
    const t = await albumWithPhotos();
    const later = (await t.owner.visitor.post('/api/photo-albums', { name: 'Later' }).expect(200))
      .body as PhotoAlbum;
    await t.owner.visitor.delete(`/api/photo-albums/${t.album.photoAlbumId}`).expect(204);

    const owned = (await t.owner.visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[];
    expect(owned.map((a) => [a.name, a.rank])).toEqual([['Later', 0]]);
    expect((await t.viewer.visitor.get('/api/photo-albums').expect(200)).body).toEqual([]);
    await t.viewer.visitor.get(`/api/photo-albums/${t.album.photoAlbumId}`).expect(404);
    await t.viewer.visitor.get(`/api/photo-albums/${t.album.photoAlbumId}/images`).expect(404);
    const photo = t.photos[0]!;
    expect(
      (await t.viewer.visitor.post('/api/photo-albums/signed-urls', [photo.imageId]).expect(200)).body,
    ).toEqual({});
    await restore(t.viewer.visitor, 'album', t.album.photoAlbumId).expect(404);
    await t.viewer.visitor.delete(`/api/trash/album/${t.album.photoAlbumId}`).expect(404);

    await restore(t.owner.visitor, 'album', t.album.photoAlbumId).expect(200);
    const back = (await t.viewer.visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[];
    expect(back.map((a) => a.name)).toEqual(['Summer']);
    expect((await t.images(t.viewer.visitor)).length).toBe(3);
    const ranks = (await t.owner.visitor.get('/api/photo-albums').expect(200)).body as PhotoAlbum[];
    expect(ranks.map((a) => [a.photoAlbumId, a.rank])).toEqual([
      [later.photoAlbumId, 0],
      [t.album.photoAlbumId, 1],
    ]);
  });

  it('restoring a photo whose album is in the trash brings the album back with it', async () => {
    const t = await albumWithPhotos();
    const photo = t.photos[1]!;
    await t.owner.visitor.delete(`/api/photo-albums/${t.album.photoAlbumId}/${photo.imageId}`).expect(204);
    await t.owner.visitor.delete(`/api/photo-albums/${t.album.photoAlbumId}`).expect(204);
    // The album holds the bytes of the photos that went with it, not of the one deleted before.
    const bytes = async (imageId: string) => (await site.deps.blobs.size(imageId)) ?? -1;
    const [first, third] = [t.photos[0]!.imageId, t.photos[2]!.imageId];
    expect((await trashOf(t.owner.visitor)).map((i) => [i.kind, i.size])).toEqual([
      ['album', (await bytes(first)) + (await bytes(third))],
      ['photo', await bytes(photo.imageId)],
    ]);
    // A photo stored before sizes were kept leaves its album's size unknown.
    await site.deps.db.image.update({ where: { id: first }, data: { size: null } });
    expect((await trashOf(t.owner.visitor)).map((i) => i.size)).toEqual([null, await bytes(photo.imageId)]);

    await restore(t.owner.visitor, 'photo', photo.imageId).expect(200);
    expect((await t.images(t.viewer.visitor)).map((i) => i.imageId)).toEqual([
      t.photos[0]!.imageId,
      photo.imageId,
      t.photos[2]!.imageId,
    ]);
    expect(await trashOf(t.owner.visitor)).toEqual([]);
  });

  it('answers 404 to deleting forever a live or a restored photo or album, and keeps them and their bytes', async () => {
    const t = await albumWithPhotos();
    const [first, second] = t.photos as [Image, Image, Image];
    const albumId = t.album.photoAlbumId;
    const keys = t.photos.flatMap((p) => [p.imageId, p.thumbnailId!]);
    // Live, never trashed.
    await t.owner.visitor.delete(`/api/trash/photo/${first.imageId}`).expect(404);
    await t.owner.visitor.delete(`/api/trash/album/${albumId}`).expect(404);
    // Trashed and restored: a photo on its own, then the album with every photo.
    await t.owner.visitor.delete(`/api/photo-albums/${albumId}/${second.imageId}`).expect(204);
    await restore(t.owner.visitor, 'photo', second.imageId).expect(200);
    await t.owner.visitor.delete(`/api/photo-albums/${albumId}`).expect(204);
    await restore(t.owner.visitor, 'album', albumId).expect(200);
    await t.owner.visitor.delete(`/api/trash/photo/${second.imageId}`).expect(404);
    await t.owner.visitor.delete(`/api/trash/photo/${first.imageId}`).expect(404);
    await t.owner.visitor.delete(`/api/trash/album/${albumId}`).expect(404);

    await site.runJobs();
    expect((await t.images(t.viewer.visitor)).map((i) => i.imageId).sort()).toEqual(
      t.photos.map((p) => p.imageId).sort(),
    );
    for (const key of keys) expect(await blobExists(key)).toBe(true);
  });

  it('empties the trash: the album and a photo go for good, with their blobs after the jobs run', async () => {
    const t = await albumWithPhotos();
    const other = await verifiedMember(site);
    const keep = await uploadImage(
      other.visitor,
      (await other.visitor.post('/api/photo-albums', { name: 'Own' })).body.photoAlbumId,
    );
    const photo = t.photos[0]!;
    await t.owner.visitor.delete(`/api/photo-albums/${t.album.photoAlbumId}/${photo.imageId}`).expect(204);
    await t.owner.visitor.delete(`/api/photo-albums/${t.album.photoAlbumId}`).expect(204);
    const keys = t.photos.flatMap((p) => [p.imageId, p.thumbnailId!]);

    await t.owner.visitor.delete('/api/trash').expect(204);
    expect(await trashOf(t.owner.visitor)).toEqual([]);
    expect(await site.deps.db.photoAlbum.count({ where: { id: t.album.photoAlbumId } })).toBe(0);
    await site.runJobs();
    for (const key of keys) expect(await blobExists(key)).toBe(false);
    expect(await blobExists(keep.imageId)).toBe(true);
  });
});

describe(`trash: purge after TRASH_DAYS (${databaseKind})`, () => {
  it('purges what was trashed longer ago than TRASH_DAYS, blobs included, and keeps what is newer', async () => {
    const t = await nestedTree();
    const p = await albumWithPhotos();
    await t.visitor.delete(`/api/files/${t.a.nodeId}`).expect(204);
    await t.visitor.delete(`/api/files/${t.b.nodeId}`).expect(204);
    const photo = p.photos[0]!;
    await p.owner.visitor.delete(`/api/photo-albums/${p.album.photoAlbumId}/${photo.imageId}`).expect(204);
    const nodes = await everyNode(t.userId);
    const keyOf = (id: string) => nodes.find((n) => n.id === id)!.blobKey!;

    const { trashMs } = site.deps.config;
    expect(trashMs).toBe(30 * 24 * 60 * 60 * 1000);
    const longAgo = new Date(Date.now() - trashMs - 60_000);
    const db = site.deps.db;
    await db.fileNode.update({ where: { id: t.a.nodeId }, data: { trashedAt: longAgo } });
    await db.image.update({ where: { id: photo.imageId }, data: { trashedAt: longAgo } });

    expect(await purgeExpired(db, new Date(Date.now() - trashMs))).toBe(2);
    expect((await trashOf(t.visitor)).map((i) => i.name)).toEqual(['b.txt']);
    expect(await trashOf(p.owner.visitor)).toEqual([]);
    await site.runJobs();
    expect(await blobExists(keyOf(t.a.nodeId))).toBe(false);
    expect(await blobExists(photo.imageId)).toBe(false);
    expect(await blobExists(photo.thumbnailId!)).toBe(false);
    expect(await blobExists(keyOf(t.b.nodeId))).toBe(true);
    expect((await p.images(p.owner.visitor)).length).toBe(2);
  });
});
