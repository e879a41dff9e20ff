import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { FileNode, Image } from '@site/contract';
import {
  createAlbum,
  jpegBytes,
  reserveUpload,
  verifiedMember,
  verifyEmail,
  type Member,
} from '../../test/albums-factories.ts';
import { databaseKind } from '../../test/database.ts';
import { signedUpVisitor, siteAdmin } from '../../test/factories.ts';
import { startS3rverBucket, type S3rverBucket } from '../../test/s3rver-bucket.ts';
import { createFolder, filesMember, uploadFile } from '../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../test/support.ts';
import { unzip, unzipList } from '../../test/unzip.ts';

let s3: S3rverBucket;
beforeAll(async () => {
  s3 = await startS3rverBucket();
});
afterAll(() => s3.close());

const stores = {
  local: () => startSite(),
  s3: () => startSite({ storage: s3.storage }),
};

/** GETs a zip link the way a plain link click does (session cookie only) and answers the raw bytes. */
const download = (visitor: Visitor, url: string) => visitor.get(url).responseType('blob');

describe.each(Object.entries(stores))(`zip downloads on the %s store (${databaseKind})`, (_kind, start) => {
  let site: TestSite;
  let owner: Member;
  beforeAll(async () => {
    site = await start();
    await siteAdmin(site); // the owner is an ordinary member
    owner = await filesMember(site);
    await verifyEmail(site, owner.user.userId);
  });
  afterAll(() => site.close());

  /** PUTs bytes to a signed URL as a browser does: to the site (local store) or to the bucket (S3). */
  const putTo = async (url: string, bytes: Buffer, type: string) => {
    const status = url.startsWith('/')
      ? (await request(site.app).put(url).set('Content-Type', type).send(bytes)).status
      : (await fetch(url, { method: 'PUT', headers: { 'content-type': type }, body: new Uint8Array(bytes) }))
          .status;
    expect(status).toBe(url.startsWith('/') ? 204 : 200);
  };
  const uploadFile = async (
    v: Visitor,
    { name, bytes, parentId = null }: { name: string; bytes: Buffer; parentId?: string | null },
  ) => {
    const uploadId = (await v.post('/api/files/create-upload', { size: bytes.length }).expect(200)).body
      .contents;
    await putTo((await v.get(`/api/files/signed-url/${uploadId}`).expect(200)).body.url, bytes, 'text/plain');
    const body = { name, mimeType: 'text/plain', size: bytes.length, parentId, uploadId };
    return (await v.post('/api/files/create-file', body).expect(200)).body as FileNode;
  };
  const uploadImage = async (v: Visitor, albumId: string, shade: number) => {
    const [imageId, imageUrl] = await reserveUpload(v, albumId);
    const [thumbnailId, thumbnailUrl] = await reserveUpload(v, albumId);
    await putTo(imageUrl, await jpegBytes(64, 48, shade), 'image/jpeg');
    await putTo(thumbnailUrl, await jpegBytes(16, 12, shade), 'image/jpeg');
    return (await v.post(`/api/photo-albums/${albumId}`, { imageId, thumbnailId }).expect(200)).body as Image;
  };

  /** The stored bytes of a blob, read back from the store. */
  const stored = async (key: string) => buffer(await site.deps.blobs.read(key));

  const expectZipAnswer = (res: Response, fileName: string) => {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // Express quotes the name only when it must.
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="?${fileName}"?$`));
  };

  it('should zip a folder with nested folders, empty ones kept, every entry holding the stored bytes', async () => {
    const v = owner.visitor;
    const trip = await createFolder(v, 'Trip');
    const day = await createFolder(v, 'Day 1', trip.nodeId);
    await createFolder(v, 'Empty', trip.nodeId);
    const deeper = await createFolder(v, 'Deeper', day.nodeId);
    const files = {
      'Trip/notes.txt': await uploadFile(v, {
        name: 'notes.txt',
        bytes: Buffer.from('plans'),
        parentId: trip.nodeId,
      }),
      'Trip/Day 1/video.bin': await uploadFile(v, {
        name: 'video.bin',
        bytes: randomBytes(300_000),
        parentId: day.nodeId,
      }),
      'Trip/Day 1/Deeper/empty.txt': await uploadFile(v, {
        name: 'empty.txt',
        bytes: Buffer.alloc(0),
        parentId: deeper.nodeId,
      }),
    };

    const res = await download(v, `/api/files/${trip.nodeId}/zip`);
    expectZipAnswer(res, 'Trip.zip');
    const archive = res.body as Buffer;
    expect(Number(res.headers['content-length'])).toBe(archive.length);
    const entries = await unzip(archive);
    expect([...entries.keys()].sort()).toEqual(
      ['Trip/', 'Trip/Day 1/', 'Trip/Day 1/Deeper/', 'Trip/Empty/', ...Object.keys(files)].sort(),
    );
    for (const [entryPath, file] of Object.entries(files)) {
      const node = await site.deps.db.fileNode.findUniqueOrThrow({ where: { id: file.nodeId } });
      expect(entries.get(entryPath)!.equals(await stored(node.blobKey!)), entryPath).toBe(true);
    }
  });

  it('should carry files of several read chunks byte for byte to a slow client, as the read buffers are reused', async () => {
    const v = owner.visitor;
    const folder = await createFolder(v, `Big ${randomUUID()}`);
    // 1 MiB reads: each file spans seven buffers, the last one short, and the next file reuses them; 20 MiB in all
    // is more than the kernel's socket buffers take, so chunks wait in the server while the client does not read.
    const files = [0, 1, 2].map((i) => ({
      name: `clip ${i}.bin`,
      bytes: randomBytes(6.5 * 1024 * 1024 + i),
    }));
    for (const file of files) await uploadFile(v, { ...file, parentId: folder.nodeId });
    const res = await v
      .get(`/api/files/${folder.nodeId}/zip`)
      .buffer(true)
      .parse((answer, done) => {
        // superagent hands its parser the response stream itself.
        const stream = answer as unknown as NodeJS.ReadableStream;
        const chunks: Buffer[] = [];
        stream.pause();
        setTimeout(() => {
          stream.on('data', (chunk: Buffer) => void chunks.push(chunk));
          stream.on('end', () => done(null, Buffer.concat(chunks)));
          stream.resume();
        }, 300);
      });
    expect(res.status).toBe(200);
    const entries = await unzip(res.body as Buffer);
    for (const { name, bytes } of files) {
      expect(entries.get(`${folder.name}/${name}`)!.equals(bytes), name).toBe(true);
    }
  });

  it('should zip an empty folder as just its own folder entry', async () => {
    const empty = await createFolder(owner.visitor, `Nothing ${randomUUID()}`);
    const res = await download(owner.visitor, `/api/files/${empty.nodeId}/zip`);
    expect(res.status).toBe(200);
    expect([...(await unzip(res.body)).keys()]).toEqual([`${empty.name}/`]);
  });

  it('should make unsafe names safe and clashing names unique, case-insensitively, older names kept', async () => {
    const v = owner.visitor;
    const folder = await createFolder(v, 'Mixed: "names"?');
    const put = (name: string, text: string) =>
      uploadFile(v, { name, bytes: Buffer.from(text), parentId: folder.nodeId });
    await put('Photo.JPG', 'first');
    await put('photo.jpg', 'second');
    await put('a:b.txt', 'colon');
    await put('a_b.txt', 'underscore');
    await put('CON.txt', 'device');
    await put('dots...', 'dots');
    await createFolder(v, 'PHOTO.jpg', folder.nodeId);
    // Names the API refuses but older rows could hold: they must not climb out of the archive or hide text.
    const db = site.deps.db;
    for (const [name, text] of [
      ['..', 'up'],
      ['/etc/passwd', 'absolute'],
      ['bell\u0007.txt', 'control'],
    ] as const) {
      const blobKey = randomUUID();
      await site.deps.blobs.write(blobKey, Buffer.from(text), 'text/plain');
      await db.fileNode.create({
        data: {
          ownerId: owner.user.userId,
          parentId: folder.nodeId,
          name,
          isDirectory: false,
          size: text.length,
          blobKey,
        },
      });
    }

    const res = await download(v, `/api/files/${folder.nodeId}/zip`);
    expectZipAnswer(res, 'Mixed_ _names__.zip');
    const entries = await unzip(res.body);
    const text = (name: string) => entries.get(`Mixed_ _names__/${name}`)?.toString();
    expect(text('Photo.JPG')).toBe('first');
    expect(text('photo (2).jpg')).toBe('second');
    expect(entries.has('Mixed_ _names__/PHOTO.jpg (2)/')).toBe(true);
    expect(text('a_b.txt')).toBe('colon');
    expect(text('a_b (2).txt')).toBe('underscore');
    expect(text('_CON.txt')).toBe('device');
    expect(text('dots')).toBe('dots');
    expect(text('_')).toBe('up');
    expect(text('_etc_passwd')).toBe('absolute');
    expect(text('bell_.txt')).toBe('control');
    expect(entries.size).toBe(11);
  });

  it("should zip an album's photos by rank for its owner and for a verified sharee", async () => {
    const album = await createAlbum(owner.visitor, 'Summer: 2024');
    const images = [];
    for (const shade of [40, 120, 200])
      images.push(await uploadImage(owner.visitor, album.photoAlbumId, shade));
    // The last photo moves to the front: the numbering follows the ranks, not the upload order.
    await owner.visitor
      .patch(`/api/photo-albums/${album.photoAlbumId}`, { imageRank: [images[2]!.imageId, 0] })
      .expect(200);
    const viewer = await verifiedMember(site);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: viewer.user.emailAddress })
      .expect(200);

    // A photo stored before sizes were kept has its size learnt from the store, and kept.
    await site.deps.db.image.update({ where: { id: images[1]!.imageId }, data: { size: null } });
    for (const caller of [owner, viewer]) {
      const res = await download(caller.visitor, `/api/photo-albums/${album.photoAlbumId}/zip`);
      expectZipAnswer(res, 'Summer_ 2024.zip');
      // Every size is known, so the length is too: the browser shows real progress.
      expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
      const entries = await unzip(res.body);
      expect([...entries.keys()]).toEqual([
        'Summer_ 2024/',
        'Summer_ 2024/001.jpg',
        'Summer_ 2024/002.jpg',
        'Summer_ 2024/003.jpg',
      ]);
      const inRankOrder = [images[2]!, images[0]!, images[1]!];
      for (const [i, image] of inRankOrder.entries()) {
        expect(entries.get(`Summer_ 2024/00${i + 1}.jpg`)!.equals(await stored(image.imageId))).toBe(true);
      }
    }
    const learnt = await site.deps.db.image.findUniqueOrThrow({ where: { id: images[1]!.imageId } });
    expect(learnt.size).toBe((await stored(images[1]!.imageId)).length);
  });

  it('should refuse a file (400), someone else’s folder or album (404), an unverified sharee (403) and a visitor (401)', async () => {
    const file = await uploadFile(owner.visitor, { name: 'alone.txt', bytes: Buffer.from('x') });
    const folder = await createFolder(owner.visitor, `Private ${randomUUID()}`);
    const album = await createAlbum(owner.visitor, 'Private');
    const stranger = await filesMember(site);
    await verifyEmail(site, stranger.user.userId);
    const unverified = await signedUpVisitor(site);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: unverified.user.emailAddress })
      .expect(200);
    const visitor = await site.visitor();

    const code = async (v: Visitor, url: string, status: number) => {
      const res = await v.get(url);
      expect(res.status, url).toBe(status);
      return res.body.error.code as string;
    };
    expect(await code(owner.visitor, `/api/files/${file.nodeId}/zip`, 400)).toBe('bad_request');
    expect(await code(stranger.visitor, `/api/files/${folder.nodeId}/zip`, 404)).toBe('not_found');
    expect(await code(stranger.visitor, `/api/photo-albums/${album.photoAlbumId}/zip`, 404)).toBe(
      'not_found',
    );
    expect(await code(unverified.visitor, `/api/photo-albums/${album.photoAlbumId}/zip`, 403)).toBe(
      'email_not_verified',
    );
    expect(await code(visitor, `/api/files/${folder.nodeId}/zip`, 401)).toBe('unauthenticated');
    expect(await code(visitor, `/api/photo-albums/${album.photoAlbumId}/zip`, 401)).toBe('unauthenticated');
  });
});

/** Zip's own limits: entry counts, and path lengths. The archive is the same whatever the store, so one is enough. */
describe(`zip downloads at the format's limits (${databaseKind})`, () => {
  let site: TestSite;
  let owner: Member;
  beforeAll(async () => {
    site = await startSite();
    await signedUpVisitor(site);
    owner = await filesMember(site);
  });
  afterAll(() => site.close());

  /** A folder holding `count` children made in one statement: one-byte files of one blob, or empty folders. */
  const folderOf = async (count: number, kind: 'files' | 'folders') => {
    const top = await createFolder(owner.visitor, `Many ${kind} ${randomUUID()}`);
    const blobKey = randomUUID();
    await site.deps.blobs.write(blobKey, Buffer.from('x'), 'text/plain');
    const files = kind === 'files';
    await site.deps.db.$executeRaw`
      INSERT INTO "FileNode" ("id", "ownerId", "parentId", "name", "isDirectory", "size", "blobKey")
      SELECT gen_random_uuid(), ${owner.user.userId}::uuid, ${top.nodeId}::uuid,
        n || ' a name of ordinary length.jpg', ${!files}, ${files ? 1 : 0}, ${files ? blobKey : null}
      FROM generate_series(0, ${count - 1}) AS n`;
    const paths = Array.from({ length: count }, (_, n) => `${top.name}/${n} a name of ordinary length.jpg`);
    return { top, paths: [`${top.name}/`, ...paths.map((p) => (files ? p : `${p}/`))] };
  };

  it('should send a folder of 1,000 files in exactly the bytes its Content-Length announces', async () => {
    const { top, paths } = await folderOf(1000, 'files');
    const res = await download(owner.visitor, `/api/files/${top.nodeId}/zip`);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    expect((await unzipList(res.body)).sort()).toEqual(paths.sort());
  });

  it('should refuse (409, before any byte) a folder holding a path longer than a zip can name, and zip one at the limit', async () => {
    const v = owner.visitor;
    // Folders nested through the API, each name as long as it may be, to a folder whose path is 65,535 bytes.
    const top = await createFolder(v, `Deep ${randomUUID()}`);
    let parent = top;
    let path = `${top.name}/`;
    const nest = async (name: string) => {
      parent = await createFolder(v, name, parent.nodeId);
      path += `${name}/`;
    };
    const left = () => 0xffff - Buffer.byteLength(path);
    while (left() > 2 * 766) await nest('€'.repeat(255)); // 3 bytes each in UTF-8
    while (left() > 256) await nest('a'.repeat(255));
    await nest('b'.repeat(left() - 1));
    expect(Buffer.byteLength(path)).toBe(0xffff);

    const fits = await download(v, `/api/files/${top.nodeId}/zip`);
    expect(fits.status).toBe(200);
    expect([...(await unzip(fits.body)).keys()].at(-1)).toBe(path);

    // One more byte: a file of a one-letter name in the deepest folder.
    await uploadFile(v, { name: 'x', bytes: Buffer.from('x'), parentId: parent.nodeId });
    const refused = await v.get(`/api/files/${top.nodeId}/zip`);
    expect(refused.status).toBe(409);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.message).toMatch(/nested too deeply.*Download a folder further down/);
  });

  it('should zip folders nested 5,000 deep, deeper than a recursive walk of the tree can go', async () => {
    const top = await createFolder(owner.visitor, `Nested ${randomUUID()}`);
    // One chain made in one statement: folder n has a made-up id, and its parent is folder n - 1 (or the top).
    const seed = randomUUID();
    await site.deps.db.$executeRaw`
      INSERT INTO "FileNode" ("id", "ownerId", "parentId", "name", "isDirectory")
      SELECT md5(${seed} || n)::uuid, ${owner.user.userId}::uuid,
        CASE WHEN n = 1 THEN ${top.nodeId}::uuid ELSE md5(${seed} || (n - 1))::uuid END, 'a', true
      FROM generate_series(1, 5000) AS n`;
    const res = await download(owner.visitor, `/api/files/${top.nodeId}/zip`);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    // Info-ZIP's unzip cuts names past 4,096 bytes; yauzl reads them whole.
    const paths = [...(await unzip(res.body)).keys()];
    expect(paths.length).toBe(5001);
    expect(paths.at(-1)).toBe(`${top.name}/${'a/'.repeat(5000)}`);
  });

  it('should send a folder of 70,000 entries, past the classic 65,535, in exactly the announced bytes', async () => {
    const { top, paths } = await folderOf(70_000, 'folders');
    const res = await download(owner.visitor, `/api/files/${top.nodeId}/zip`);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    expect((await unzipList(res.body)).sort()).toEqual(paths.sort());
  }, 60_000);
});
