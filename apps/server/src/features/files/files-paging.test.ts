import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPageHeader, type FileNode } from '@site/contract';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { allNodes, createFolder, filesMember } from '../../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
  await signedUpVisitor(site); // the admin
});
afterAll(() => site.close());

/** A member whose folder "big" holds `folders` folders and `files` files (written straight to the database). */
async function bigFolder(folders: number, files: number) {
  const { visitor, user } = await filesMember(site);
  const big = await createFolder(visitor, 'big');
  const names = [
    ...Array.from({ length: folders }, (_, i) => ({ name: `Dir ${i}`, isDirectory: true })),
    // Mixed case and numbers, so an order by bytes, by case-folded text and by natural numbers all differ.
    ...Array.from({ length: files }, (_, i) => ({
      name: `${i % 2 ? 'A' : 'a'}file ${i}.txt`,
      isDirectory: false,
    })),
  ];
  await site.deps.db.fileNode.createMany({
    data: names.map((n) => ({ id: randomUUID(), ownerId: user.userId, parentId: big.nodeId, size: 1, ...n })),
  });
  return { visitor, userId: user.userId, big, names: names.map((n) => n.name) };
}

/** Follows `x-next-page` from the first page to the last; answers every page's names. */
async function allPages(visitor: Visitor, path: string, limit: number) {
  const pages: FileNode[][] = [];
  let after: string | undefined;
  do {
    const res = await visitor
      .get(path)
      .query({ limit, ...(after && { after }) })
      .expect(200);
    pages.push(res.body as FileNode[]);
    after = res.headers[nextPageHeader];
  } while (after && pages.length < 100);
  return pages;
}

const namesOf = (nodes: FileNode[]) => nodes.map((n) => n.name);

describe(`files: paged listings (${databaseKind})`, () => {
  it('pages through a folder: every child once, folders first, each page at most `limit`, no cursor on the last', async () => {
    const { visitor, big, names } = await bigFolder(4, 23);
    const pages = await allPages(visitor, `/api/files/${big.nodeId}`, 10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 7]);
    const listed = pages.flat();
    expect(namesOf(listed).sort()).toEqual([...names].sort());
    expect(listed.slice(0, 4).every((n) => n.isDirectory)).toBe(true);
    expect(listed.slice(4).every((n) => !n.isDirectory && n.parentId === big.nodeId)).toBe(true);
  });

  it('answers the same order whatever the page size, so a cursor means one place', async () => {
    const { visitor, big } = await bigFolder(3, 12);
    const path = `/api/files/${big.nodeId}`;
    const byOne = namesOf((await allPages(visitor, path, 1)).flat());
    expect(namesOf((await allPages(visitor, path, 3)).flat())).toEqual(byOne);
    expect(namesOf((await allPages(visitor, path, 15)).flat())).toEqual(byOne);
    const single = await visitor.get(path).query({ limit: 15 }).expect(200);
    expect(single.headers[nextPageHeader]).toBeUndefined();
  });

  it('keeps a plain call as before: every child, folders first, then by name in natural order', async () => {
    const { visitor, big } = await bigFolder(2, 11);
    const res = await visitor.get(`/api/files/${big.nodeId}`).expect(200);
    expect(res.headers[nextPageHeader]).toBeUndefined();
    expect(namesOf(res.body).slice(0, 5)).toEqual([
      'Dir 0',
      'Dir 1',
      'afile 0.txt',
      'Afile 1.txt',
      'afile 2.txt',
    ]);
    expect(namesOf(res.body).at(-1)).toBe('afile 10.txt');
  });

  it('continues after a node that was deleted since its page, with no gap and no repeat', async () => {
    const { visitor, big, names } = await bigFolder(0, 9);
    const path = `/api/files/${big.nodeId}`;
    const first = await visitor.get(path).query({ limit: 4 }).expect(200);
    const page = first.body as FileNode[];
    await visitor.delete(`/api/files/${page[3]!.nodeId}`).expect(204);
    const rest = await visitor.get(path).query({ after: first.headers[nextPageHeader] }).expect(200);
    expect(rest.headers[nextPageHeader]).toBeUndefined();
    expect(namesOf([...page.slice(0, 3), ...rest.body]).sort()).toEqual(
      names.filter((n) => n !== page[3]!.name).sort(),
    );
  });

  it('pages the roots too, leaving out the trash', async () => {
    const { visitor } = await filesMember(site);
    for (const name of ['r1', 'r2', 'r3', 'gone']) await createFolder(visitor, name);
    const gone = (await visitor.get('/api/files').expect(200)).body.find((n: FileNode) => n.name === 'gone');
    await visitor.delete(`/api/files/${gone.nodeId}`).expect(204);
    const pages = await allPages(visitor, '/api/files', 2);
    expect(pages.map(namesOf)).toEqual([['r1', 'r2'], ['r3']]);
  });

  it("refuses a bad limit or cursor with a 400 in words, and never shows another member's nodes", async () => {
    const { visitor, userId, big } = await bigFolder(1, 3);
    const before = await allNodes(site, userId);
    const path = `/api/files/${big.nodeId}`;
    for (const limit of ['0', '1001', 'ten', '2.5', '-1']) {
      const res = await visitor.get(path).query({ limit });
      expect(res.status, limit).toBe(400);
      expect(res.body.error.issues[0].message, limit).toBe('limit must be a whole number from 1 to 1000');
    }
    const shapeless = Buffer.from(JSON.stringify({ name: 'x' })).toString('base64url');
    for (const after of ['nonsense', shapeless, 'a\u0007b']) {
      const res = await visitor.get(path).query({ after });
      expect(res.status, after).toBe(400);
      expect(res.body.error.message, after).toMatch(/after|control/);
    }
    const stranger = (await filesMember(site)).visitor;
    expect((await stranger.get(path).query({ limit: 2 })).status).toBe(404);
    expect(await allNodes(site, userId)).toEqual(before);
  });
});
