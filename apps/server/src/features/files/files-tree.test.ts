import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { databaseKind, describeRaces, raceDatabase } from '../../../test/database.ts';
import { signedUpVisitor } from '../../../test/factories.ts';
import { allNodes, createFolder, filesMember, uploadFile } from '../../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
  await signedUpVisitor(site); // the admin
});
afterAll(() => site.close());

/** A member with a/b/c holding three.txt (3 bytes) and x/y holding two.txt (2 bytes). */
async function twoBranches() {
  const { visitor, user } = await filesMember(site);
  const a = await createFolder(visitor, 'a');
  const b = await createFolder(visitor, 'b', a.nodeId);
  const c = await createFolder(visitor, 'c', b.nodeId);
  const three = await uploadFile(visitor, {
    name: 'three.txt',
    bytes: Buffer.from('333'),
    parentId: c.nodeId,
  });
  const x = await createFolder(visitor, 'x');
  const y = await createFolder(visitor, 'y', x.nodeId);
  const two = await uploadFile(visitor, { name: 'two.txt', bytes: Buffer.from('22'), parentId: y.nodeId });
  /** Name -> size of every node, as stored. */
  const sizes = async () =>
    Object.fromEntries((await allNodes(site, user.userId)).map((n) => [n.name, n.size]));
  /** The stored size of one node. */
  const sizeOf = async (node: FileNode) =>
    (await allNodes(site, user.userId)).find((n) => n.id === node.nodeId)?.size;
  return { visitor, userId: user.userId, a, b, c, three, x, y, two, sizes, sizeOf };
}

const move = (visitor: Visitor, nodeId: string, contents: string | null) =>
  visitor.patch(`/api/files/${nodeId}`, { tag: 'ChangeParent', contents });
const rename = (visitor: Visitor, nodeId: string, contents: string) =>
  visitor.patch(`/api/files/${nodeId}`, { tag: 'Rename', contents });

describe(`files: moves (${databaseKind})`, () => {
  it('moves a file between branches: every folder above the old place loses its size, the new ones gain it', async () => {
    const t = await twoBranches();
    const res = await move(t.visitor, t.three.nodeId, t.y.nodeId).expect(200);
    expect(res.body).toEqual({ ...t.three, parentId: t.y.nodeId });
    expect(await t.sizes()).toMatchObject({ a: 0, b: 0, c: 0, x: 5, y: 5, 'three.txt': 3 });
    const listed = (await t.visitor.get(`/api/files/${t.y.nodeId}`)).body as FileNode[];
    expect(listed.map((n) => n.name)).toEqual(['three.txt', 'two.txt']);
  });

  it('moves a folder with its contents, and to the roots with a null parent', async () => {
    const t = await twoBranches();
    await move(t.visitor, t.b.nodeId, t.x.nodeId).expect(200);
    expect(await t.sizes()).toMatchObject({ a: 0, b: 3, c: 3, x: 5, y: 2 });
    await move(t.visitor, t.y.nodeId, null).expect(200);
    expect(await t.sizes()).toMatchObject({ x: 3, y: 2 });
    const roots = (await t.visitor.get('/api/files')).body as FileNode[];
    expect(roots.map((n) => n.name)).toEqual(['a', 'x', 'y']);
  });

  it('refuses to move a folder into itself or below itself (400), changing nothing', async () => {
    const t = await twoBranches();
    const before = await t.sizes();
    for (const target of [t.a, t.b, t.c]) {
      const res = await move(t.visitor, t.a.nodeId, target.nodeId);
      expect(res.status, target.name).toBe(400);
      expect(res.body.error.message).toMatch(/into itself/);
    }
    expect(await t.sizes()).toEqual(before);
    expect((await t.visitor.get('/api/files')).body.map((n: FileNode) => n.name)).toEqual(['a', 'x']);
  });

  it('refuses a file as the target (400), an unknown one (404) and a taken name there (409)', async () => {
    const t = await twoBranches();
    expect((await move(t.visitor, t.two.nodeId, t.three.nodeId)).status).toBe(400);
    expect((await move(t.visitor, t.two.nodeId, crypto.randomUUID())).status).toBe(404);
    const clash = await createFolder(t.visitor, 'y', t.a.nodeId);
    const res = await move(t.visitor, t.y.nodeId, t.a.nodeId);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
    await createFolder(t.visitor, 'b'); // a root named like a's child
    expect((await move(t.visitor, t.b.nodeId, null)).status).toBe(409);
    expect([await t.sizeOf(t.a), await t.sizeOf(t.x), await t.sizeOf(t.y), await t.sizeOf(clash)]).toEqual([
      3, 2, 2, 0,
    ]);
    expect((await t.visitor.get(`/api/files/${t.x.nodeId}`)).body).toEqual([{ ...t.y, size: 2 }]);
  });

  it('answers a move to where the node already is with the node, changing nothing', async () => {
    const t = await twoBranches();
    const res = await move(t.visitor, t.two.nodeId, t.y.nodeId).expect(200);
    expect(res.body).toEqual(t.two);
    expect(await t.sizes()).toMatchObject({ x: 2, y: 2 });
  });
});

describe(`files: renames (${databaseKind})`, () => {
  it('renames a node; a sibling name is a 409, the same name is a no-op, a bad name a 400', async () => {
    const t = await twoBranches();
    const res = await rename(t.visitor, t.two.nodeId, '  deux.txt ').expect(200);
    expect(res.body).toEqual({ ...t.two, name: 'deux.txt' });
    await uploadFile(t.visitor, { name: 'other.txt', bytes: Buffer.from('o'), parentId: t.y.nodeId });
    const clash = await rename(t.visitor, t.two.nodeId, 'other.txt');
    expect(clash.status).toBe(409);
    expect((await rename(t.visitor, t.x.nodeId, 'a')).status).toBe(409); // roots share a namespace too
    await rename(t.visitor, t.two.nodeId, 'deux.txt').expect(200);
    for (const bad of ['', '   ', 'a/b', 'a\\b', '.', '..']) {
      expect((await rename(t.visitor, t.two.nodeId, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.visitor.patch(`/api/files/${t.two.nodeId}`, { tag: 'Nope', contents: 'x' })).status).toBe(
      400,
    );
    expect((await rename(t.visitor, crypto.randomUUID(), 'x')).status).toBe(404);
    const names = (await t.visitor.get(`/api/files/${t.y.nodeId}`)).body.map((n: FileNode) => n.name);
    expect(names).toEqual(['deux.txt', 'other.txt']);
  });
});

describe(`files: deletes (${databaseKind})`, () => {
  it('deletes a folder with everything below it into the trash, its size from the folders above, and its bytes once deleted forever', async () => {
    const t = await twoBranches();
    const blobKeys = (await allNodes(site, t.userId)).flatMap((n) =>
      n.name === 'three.txt' ? [n.blobKey!] : [],
    );
    await t.visitor.delete(`/api/files/${t.b.nodeId}`).expect(204);
    const left = await t.sizes();
    expect(left).toEqual({ a: 0, x: 2, y: 2, 'two.txt': 2 });
    await site.runJobs();
    expect(await site.deps.blobs.size(blobKeys[0]!)).toBe(3);
    await t.visitor.delete(`/api/trash/node/${t.b.nodeId}`).expect(204);
    await site.runJobs();
    expect(await site.deps.blobs.size(blobKeys[0]!)).toBeNull();
    expect((await t.visitor.get(`/api/files/${t.c.nodeId}`)).status).toBe(404);
    expect((await t.visitor.delete(`/api/files/${t.b.nodeId}`)).status).toBe(404);
  });

  it('deletes a single file and a root folder', async () => {
    const t = await twoBranches();
    await t.visitor.delete(`/api/files/${t.two.nodeId}`).expect(204);
    expect(await t.sizes()).toMatchObject({ x: 0, y: 0 });
    await t.visitor.delete(`/api/files/${t.a.nodeId}`).expect(204);
    expect((await t.visitor.get('/api/files')).body.map((n: FileNode) => n.name)).toEqual(['x']);
    expect((await t.visitor.delete('/api/files/not-an-id')).status).toBe(400);
  });
});

/** A small seeded generator, so a failing sequence can be replayed. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe(`files: folder sizes stay exact (${databaseKind})`, () => {
  it('after 80 random creates, uploads, moves and deletes, every folder holds the sum of its files', async () => {
    const { visitor, user } = await filesMember(site);
    const random = seeded(20240601);
    const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
    const outcomes: Record<string, number> = {};

    for (let step = 0; step < 80; step++) {
      const nodes = await allNodes(site, user.userId);
      const folders = nodes.filter((n) => n.isDirectory);
      const where = random() < 0.2 ? null : (pick(folders)?.id ?? null);
      const roll = random();
      let op: string;
      if (roll < 0.25 || nodes.length < 3) {
        op = 'folder';
        await createFolder(visitor, `f${step}`, where);
      } else if (roll < 0.5) {
        op = 'upload';
        const bytes = Buffer.alloc(1 + Math.floor(random() * 300), step);
        await uploadFile(visitor, { name: `file${step}.bin`, bytes, parentId: where });
      } else if (roll < 0.85) {
        const node = pick(nodes)!;
        const res = await move(visitor, node.id, where);
        op = `move ${res.status}`;
        if (res.status === 400) {
          // Only a cycle is refused: the target is the node or lies below it.
          const byId = new Map(nodes.map((n) => [n.id, n]));
          let at = where;
          while (at !== null && at !== node.id) at = byId.get(at)!.parentId;
          expect(at).toBe(node.id);
        } else if (res.status === 409) {
          expect(nodes.some((n) => n.parentId === where && n.name === node.name && n.id !== node.id)).toBe(
            true,
          );
        } else {
          expect(res.status).toBe(200);
        }
      } else {
        op = 'delete';
        await visitor.delete(`/api/files/${pick(nodes)!.id}`).expect(204);
      }
      outcomes[op] = (outcomes[op] ?? 0) + 1;
    }

    const nodes = await allNodes(site, user.userId);
    const childrenOf = (id: string | null) => nodes.filter((n) => n.parentId === id);
    const recomputed = (id: string): number =>
      childrenOf(id).reduce((sum, n) => sum + (n.isDirectory ? recomputed(n.id) : n.size), 0);
    for (const folder of nodes.filter((n) => n.isDirectory)) {
      expect(folder.size, folder.name).toBe(recomputed(folder.id));
    }
    // Every live file keeps its bytes; the sequence exercised every kind of step.
    for (const file of nodes.filter((n) => !n.isDirectory))
      expect(await site.deps.blobs.size(file.blobKey!)).toBe(file.size);
    expect(Object.keys(outcomes)).toEqual(expect.arrayContaining(['folder', 'upload', 'move 200', 'delete']));
    expect(nodes.filter((n) => n.isDirectory).length).toBeGreaterThan(3);
  }, 120_000);
});

// The owner's tree lock (tree.ts) only matters when requests really run at once.
describeRaces('files: concurrent changes to one tree', () => {
  let raceSite: TestSite;
  beforeAll(async () => {
    raceSite = await startSite({}, { openDatabase: raceDatabase });
    await signedUpVisitor(raceSite); // the admin
  });
  afterAll(() => raceSite.close());

  it('moving two folders into each other at once lets one move win and refuses the other, never a cycle', async () => {
    const { visitor, user } = await filesMember(raceSite);
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => [
        await createFolder(visitor, `left ${i}`),
        await createFolder(visitor, `right ${i}`),
      ]),
    );
    const answers = await Promise.all(
      pairs.flatMap(([left, right]) => [
        move(visitor, left!.nodeId, right!.nodeId),
        move(visitor, right!.nodeId, left!.nodeId),
      ]),
    );
    const parentOf = new Map((await allNodes(raceSite, user.userId)).map((n) => [n.id, n.parentId]));
    pairs.forEach(([left, right], i) => {
      const [there, back] = [answers[2 * i]!.status, answers[2 * i + 1]!.status].sort();
      expect([there, back], `pair ${i}`).toEqual([200, 400]);
      const leftInRight = parentOf.get(left!.nodeId) === right!.nodeId;
      const rightInLeft = parentOf.get(right!.nodeId) === left!.nodeId;
      expect(leftInRight !== rightInLeft, `pair ${i}: exactly one inside the other`).toBe(true);
    });
  });

  it('gives root folders created at once with one name distinct names', async () => {
    const { visitor, user } = await filesMember(raceSite);
    const created = await Promise.all(Array.from({ length: 6 }, () => createFolder(visitor, 'Photos')));
    const names = created.map((f) => f.name).sort();
    expect(names).toEqual(['Photos', 'Photos (2)', 'Photos (3)', 'Photos (4)', 'Photos (5)', 'Photos (6)']);
    const roots = (await allNodes(raceSite, user.userId)).filter((n) => n.parentId === null);
    expect(new Set(roots.map((n) => n.name)).size).toBe(roots.length);
  });
});
