import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor, siteAdmin } from '../../../test/factories.ts';
import { createFolder, filesMember, uploadFile } from '../../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let owner: Visitor;
beforeAll(async () => {
  site = await startSite();
  await siteAdmin(site); // the tests use members
  owner = (await filesMember(site)).visitor;
});
afterAll(() => site.close());

const someId = '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69';

type Call = [method: 'get' | 'post' | 'patch' | 'delete', url: string, body?: object];
const everyRoute: Call[] = [
  ['get', '/api/files'],
  ['get', `/api/files/${someId}`],
  ['post', '/api/files/create-directory', { name: 'x', parentId: null }],
  ['post', '/api/files/create-upload', { size: 3 }],
  ['get', `/api/files/signed-url/${someId}`],
  [
    'post',
    '/api/files/create-file',
    { name: 'a.txt', mimeType: 'text/plain', size: 3, parentId: null, uploadId: someId },
  ],
  ['get', `/api/files/${someId}/download`],
  ['delete', `/api/files/${someId}`],
  ['patch', `/api/files/${someId}`, { tag: 'Rename', contents: 'y' }],
];

function call(visitor: Visitor, [method, url, body]: Call) {
  if (method === 'get') return visitor.get(url);
  if (method === 'delete') return visitor.delete(url);
  return method === 'patch' ? visitor.patch(url, body) : visitor.post(url, body);
}

const names = (nodes: FileNode[]) => nodes.map((n) => n.name);

describe(`files: who may call (${databaseKind})`, () => {
  it('answers every files route with 401 when logged out and 403 without the files permission', async () => {
    const visitor = await site.visitor();
    const member = await signedUpVisitor(site);
    for (const c of everyRoute) {
      expect((await call(visitor, c)).status, c[1]).toBe(401);
      const res = await call(member.visitor, c);
      expect(res.status, c[1]).toBe(403);
      expect(res.body.error.message).toBe('Requires the files permission');
    }
    expect(await site.deps.db.fileNode.count()).toBe(0);
    expect(await site.deps.db.pendingUpload.count()).toBe(0);
  });

  it("hides another member's nodes: every route answers 404 as for an unknown id, and nothing changes", async () => {
    const stranger = (await filesMember(site)).visitor;
    const folder = await createFolder(owner, 'Private');
    const file = await uploadFile(owner, {
      name: 'secret.txt',
      bytes: Buffer.from('secret'),
      parentId: folder.nodeId,
    });
    const strangersFolder = await createFolder(stranger, 'Mine');

    const tries: Call[] = [
      ['get', `/api/files/${folder.nodeId}`],
      ['get', `/api/files/${file.nodeId}/download`],
      ['delete', `/api/files/${file.nodeId}`],
      ['delete', `/api/files/${folder.nodeId}`],
      ['patch', `/api/files/${folder.nodeId}`, { tag: 'Rename', contents: 'Taken' }],
      ['patch', `/api/files/${file.nodeId}`, { tag: 'ChangeParent', contents: strangersFolder.nodeId }],
      ['patch', `/api/files/${strangersFolder.nodeId}`, { tag: 'ChangeParent', contents: folder.nodeId }],
      ['post', '/api/files/create-directory', { name: 'Intruder', parentId: folder.nodeId }],
    ];
    for (const c of tries) {
      const res = await call(stranger, c);
      expect(res.status, `${c[0]} ${c[1]}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(names((await stranger.get('/api/files').expect(200)).body)).toEqual(['Mine']);
    expect(names((await owner.get(`/api/files/${folder.nodeId}`).expect(200)).body)).toEqual(['secret.txt']);
    expect((await owner.get('/api/files').expect(200)).body).toContainEqual({ ...folder, size: 6 });
  });
});

describe(`files: listing and folders (${databaseKind})`, () => {
  it('lists roots and children folders first, then by name in natural order', async () => {
    const { visitor } = await filesMember(site);
    const top = await createFolder(visitor, 'top');
    for (const name of ['b folder', 'A folder', 'folder 10', 'folder 9'])
      await createFolder(visitor, name, top.nodeId);
    await uploadFile(visitor, { name: 'a file.txt', bytes: Buffer.from('1'), parentId: top.nodeId });
    await uploadFile(visitor, { name: 'Z file.txt', bytes: Buffer.from('2'), parentId: top.nodeId });
    const children = (await visitor.get(`/api/files/${top.nodeId}`).expect(200)).body as FileNode[];
    expect(names(children)).toEqual([
      'A folder',
      'b folder',
      'folder 9',
      'folder 10',
      'a file.txt',
      'Z file.txt',
    ]);
    expect(children.every((c) => c.parentId === top.nodeId)).toBe(true);
    expect((await visitor.get('/api/files').expect(200)).body).toEqual([{ ...top, size: 2 }]);
  });

  it("answers 400 for a file's children and 404 for an unknown folder", async () => {
    const file = await uploadFile(owner, { name: 'plain.txt', bytes: Buffer.from('abc') });
    expect((await owner.get(`/api/files/${file.nodeId}`)).status).toBe(400);
    expect((await owner.get(`/api/files/${someId}`)).status).toBe(404);
    expect((await owner.get('/api/files/not-a-uuid')).status).toBe(400);
  });

  it('creates a root folder named New Directory by default, numbering clashes (2), (3)...', async () => {
    const { visitor } = await filesMember(site);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await visitor.post('/api/files/create-directory', { parentId: null }).expect(200);
      expect(res.body).toMatchObject({ parentId: null, size: 0, isDirectory: true });
      made.push(res.body.name);
    }
    expect(made).toEqual(['New Directory', 'New Directory (2)', 'New Directory (3)']);
    const first = ((await visitor.get('/api/files')).body as FileNode[]).find(
      (n) => n.name === 'New Directory',
    )!;
    // A folder's children are a namespace of their own.
    expect((await createFolder(visitor, 'New Directory', first.nodeId)).name).toBe('New Directory');
    // Other owners do not share a namespace either.
    expect((await createFolder(owner, 'New Directory')).name).toBe('New Directory');
  });

  it('numbers a clash with a given name, and after a file of the same name too', async () => {
    const { visitor } = await filesMember(site);
    const parent = await createFolder(visitor, 'Parent');
    await uploadFile(visitor, { name: 'Photos', bytes: Buffer.from('x'), parentId: parent.nodeId });
    expect((await createFolder(visitor, 'Photos', parent.nodeId)).name).toBe('Photos (2)');
    expect((await createFolder(visitor, 'Photos', parent.nodeId)).name).toBe('Photos (3)');
    expect((await createFolder(visitor, 'v1.0', parent.nodeId)).name).toBe('v1.0');
    expect((await createFolder(visitor, 'v1.0', parent.nodeId)).name).toBe('v1.0 (2)');
  });

  it('refuses bad folder input with 400: empty or path-like names, a file as parent, a bad id', async () => {
    const { visitor } = await filesMember(site);
    const file = await uploadFile(visitor, { name: 'f.txt', bytes: Buffer.from('f') });
    for (const body of [
      { name: '   ', parentId: null },
      { name: 'a/b', parentId: null },
      { name: '..', parentId: null },
      { name: 'x'.repeat(256), parentId: null },
      { name: 'ok', parentId: 'nope' },
      { name: 'ok' },
      { name: 'ok', parentId: file.nodeId },
    ]) {
      const res = await visitor.post('/api/files/create-directory', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
    expect(names((await visitor.get('/api/files')).body)).toEqual(['f.txt']);
    expect((await visitor.post('/api/files/create-directory', { name: 'ok', parentId: someId })).status).toBe(
      404,
    );
  });

  it('creates sixteen same-named folders at once without a duplicate', async () => {
    const { visitor } = await filesMember(site);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        visitor.post('/api/files/create-directory', { name: 'Race', parentId: null }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    const listed = names((await visitor.get('/api/files')).body);
    expect(new Set(listed).size).toBe(16);
    expect(listed).toContain('Race');
    expect(listed).toContain('Race (16)');
  });
});
