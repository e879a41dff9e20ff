import { appendFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { allNodes, createFolder, filesMember, putUpload, uploadFile } from '../../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let owner: Visitor;
let ownerId: string;
beforeAll(async () => {
  site = await startSite();
  await signedUpVisitor(site); // the admin
  const member = await filesMember(site);
  owner = member.visitor;
  ownerId = member.user.userId;
});
afterAll(() => site.close());

const fileBody = (uploadId: string, size: number, parentId: string | null, name = 'notes.txt') => ({
  name,
  mimeType: 'text/plain',
  size,
  parentId,
  uploadId,
});

describe(`files: uploads (${databaseKind})`, () => {
  it('round-trips a file: reserve, PUT to the signed URL, create, list, download the same bytes', async () => {
    const folder = await createFolder(owner, 'Docs');
    const bytes = Buffer.from('hello, file manager\n');
    const created = await owner.post('/api/files/create-upload', { size: bytes.length }).expect(200);
    expect(created.body).toEqual({ tag: 'SinglePart', contents: expect.any(String) });
    const uploadId = created.body.contents as string;

    const { url } = (await owner.get(`/api/files/signed-url/${uploadId}`).expect(200)).body;
    expect(url).toMatch(new RegExp(`^/blobs/${uploadId}\\?`));
    await owner.agent.put(url).set('Content-Type', 'application/octet-stream').send(bytes).expect(204);

    const file = await owner
      .post('/api/files/create-file', {
        name: 'hello.txt',
        mimeType: 'text/plain',
        size: bytes.length,
        parentId: folder.nodeId,
        uploadId,
      })
      .expect(200);
    expect(file.body).toEqual({
      nodeId: expect.any(String),
      parentId: folder.nodeId,
      name: 'hello.txt',
      size: bytes.length,
      isDirectory: false,
    });
    expect((await owner.get(`/api/files/${folder.nodeId}`).expect(200)).body).toEqual([file.body]);
    expect((await owner.get('/api/files')).body).toContainEqual({ ...folder, size: bytes.length });
    expect(await site.deps.db.pendingUpload.count({ where: { id: uploadId } })).toBe(0);

    const download = (await owner.get(`/api/files/${file.body.nodeId}/download`).expect(200)).body
      .url as string;
    const got = await owner.agent.get(download).buffer(true).expect(200);
    expect(got.headers['content-type']).toMatch(/^text\/plain/);
    expect(got.headers['content-disposition']).toContain('hello.txt');
    expect(Buffer.from(got.text)).toEqual(bytes);

    // The upload is spent: no new URL, no second file from it.
    expect((await owner.get(`/api/files/signed-url/${uploadId}`)).status).toBe(404);
    expect(
      (await owner.post('/api/files/create-file', fileBody(uploadId, bytes.length, folder.nodeId))).status,
    ).toBe(404);
  });

  it('refuses to reserve more than MAX_UPLOAD_BYTES (10 GiB by default) with a 413 in words, and bad sizes with 400', async () => {
    const maxBytes = site.deps.config.uploads.maxBytes;
    expect(maxBytes).toBe(10 * 1024 ** 3);
    // Room for the largest file, so only the size limit speaks.
    await site.deps.db.user.update({ where: { id: ownerId }, data: { storageQuota: 2n * BigInt(maxBytes) } });
    const before = await site.deps.db.pendingUpload.count();
    const res = await owner.post('/api/files/create-upload', { size: maxBytes + 1 });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({
      code: 'too_large',
      message: expect.stringContaining('at most 10 GiB'),
    });
    expect(await site.deps.db.pendingUpload.count()).toBe(before);
    expect((await owner.post('/api/files/create-upload', { size: maxBytes })).status).toBe(200);
    for (const size of [-1, 1.5, '3', undefined]) {
      expect((await owner.post('/api/files/create-upload', { size })).status, String(size)).toBe(400);
    }
  });

  it('refuses a PUT over the announced size (413) and to a tampered URL (403), and such bytes make no file', async () => {
    const { uploadId, url, putStatus } = await putUpload(owner, Buffer.alloc(10, 1), 4);
    expect(putStatus).toBe(413);
    const tampered = url.replace(/max=\d+/, 'max=1000');
    expect((await owner.agent.put(tampered).send(Buffer.alloc(10, 1))).status).toBe(403);
    const otherKey = url.replace(uploadId, crypto.randomUUID());
    expect((await owner.agent.put(otherKey).send(Buffer.alloc(4, 1))).status).toBe(403);
    const res = await owner.post('/api/files/create-file', fileBody(uploadId, 4, null));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/not arrived/);
  });

  it('refuses bytes that differ from the announced size, deletes them, and lets a new PUT replace them', async () => {
    const short = await putUpload(owner, Buffer.from('abc'), 5);
    expect(short.putStatus).toBe(204);
    const res = await owner.post('/api/files/create-file', fileBody(short.uploadId, 5, null, 'short.txt'));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/3 bytes, not the announced 5/);
    expect(await site.deps.blobs.size(short.uploadId)).toBeNull();

    const { url } = (await owner.get(`/api/files/signed-url/${short.uploadId}`).expect(200)).body;
    await owner.agent.put(url).send(Buffer.from('abcde')).expect(204);
    const ok = await owner
      .post('/api/files/create-file', fileBody(short.uploadId, 5, null, 'short.txt'))
      .expect(200);
    expect(ok.body.size).toBe(5);

    // More bytes than announced (an S3 PUT cannot be capped), written here behind the URL's back.
    const big = await putUpload(owner, Buffer.from('12345'), 5);
    const blobPath = (site.deps.blobs as unknown as { pathOf(k: string): string }).pathOf(big.uploadId);
    await appendFile(blobPath, 'more');
    const over = await owner.post('/api/files/create-file', fileBody(big.uploadId, 5, null, 'big.txt'));
    expect(over.status).toBe(413);
    expect(await site.deps.blobs.size(big.uploadId)).toBeNull();
  });

  it('refuses a create-file whose size differs from the reservation, or whose parent is not a folder of yours', async () => {
    const { uploadId } = await putUpload(owner, Buffer.from('12345'));
    expect((await owner.post('/api/files/create-file', fileBody(uploadId, 6, null))).status).toBe(400);
    const file = await uploadFile(owner, { name: 'parent.txt', bytes: Buffer.from('p') });
    expect((await owner.post('/api/files/create-file', fileBody(uploadId, 5, file.nodeId))).status).toBe(400);
    expect(
      (await owner.post('/api/files/create-file', fileBody(uploadId, 5, crypto.randomUUID()))).status,
    ).toBe(404);
    expect(
      (await owner.post('/api/files/create-file', { ...fileBody(uploadId, 5, null), name: 'a/b' })).status,
    ).toBe(400);
    // Still pending after every refusal: the right call goes through.
    await owner.post('/api/files/create-file', fileBody(uploadId, 5, null, 'fine.txt')).expect(200);
  });

  it("keeps another member's upload out of reach: no URL, no file from it", async () => {
    const { uploadId } = await putUpload(owner, Buffer.from('mine'));
    const stranger = (await filesMember(site)).visitor;
    expect((await stranger.get(`/api/files/signed-url/${uploadId}`)).status).toBe(404);
    expect((await stranger.post('/api/files/create-file', fileBody(uploadId, 4, null))).status).toBe(404);
    expect((await stranger.get('/api/files')).body).toEqual([]);
    expect(await site.deps.db.pendingUpload.count({ where: { id: uploadId } })).toBe(1);
  });

  it('numbers a file whose name is taken as name (2).ext, keeping both files', async () => {
    const folder = await createFolder(owner, 'Twice');
    const first = await uploadFile(owner, {
      name: 'report.pdf',
      bytes: Buffer.from('one'),
      parentId: folder.nodeId,
    });
    const second = await uploadFile(owner, {
      name: 'report.pdf',
      bytes: Buffer.from('two!'),
      parentId: folder.nodeId,
    });
    const third = await uploadFile(owner, {
      name: 'report.pdf',
      bytes: Buffer.from('3'),
      parentId: folder.nodeId,
    });
    const dotfile = await uploadFile(owner, {
      name: '.env',
      bytes: Buffer.from('a'),
      parentId: folder.nodeId,
    });
    const dotfile2 = await uploadFile(owner, {
      name: '.env',
      bytes: Buffer.from('b'),
      parentId: folder.nodeId,
    });
    expect([first.name, second.name, third.name]).toEqual(['report.pdf', 'report (2).pdf', 'report (3).pdf']);
    expect([dotfile.name, dotfile2.name]).toEqual(['.env', '.env (2)']);
    const listed = (await owner.get('/api/files')).body as FileNode[];
    expect(listed.find((n) => n.nodeId === folder.nodeId)?.size).toBe(10);
  });

  it('serves an unusable MIME type as application/octet-stream', async () => {
    const { uploadId } = await putUpload(owner, Buffer.from('<b>hi</b>'));
    const file = await owner
      .post('/api/files/create-file', {
        name: 'page.html',
        mimeType: 'text/html; <script>',
        size: 9,
        parentId: null,
        uploadId,
      })
      .expect(200);
    const { url } = (await owner.get(`/api/files/${file.body.nodeId}/download`).expect(200)).body;
    const got = await owner.agent.get(url).expect(200);
    expect(got.headers['content-type']).toMatch(/^application\/octet-stream/);
    expect(got.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('answers 400 for the download of a folder and 404 for an unknown node', async () => {
    const folder = await createFolder(owner, 'No bytes');
    expect((await owner.get(`/api/files/${folder.nodeId}/download`)).status).toBe(400);
    expect((await owner.get(`/api/files/${crypto.randomUUID()}/download`)).status).toBe(404);
    expect((await allNodes(site, ownerId)).some((n) => n.id === folder.nodeId)).toBe(true);
  });
});
