/**
 * The file manager with big folders, on PostgreSQL: listing a folder of 1k / 10k / 30k children (whole, and its
 * first page of 100 by keyset) and creating a folder inside it (the default name "New Directory", which the
 * folder already holds, so a free numbered name is looked up). Median of 9 calls each (5 for the whole listing
 * at 30k). Then moving and deleting (to the trash) a folder that holds 1k / 10k / 50k nodes, beside a one-row
 * update of a node in the same run as the floor.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createDirectory } from '../../apps/server/src/features/files/create-directory.ts';
import type { Db } from '../../apps/server/src/db/database.ts';
import { listChildren } from '../../apps/server/src/features/files/list-nodes.ts';
import { moveNode } from '../../apps/server/src/features/files/move-node.ts';
import { removeNode } from '../../apps/server/src/features/files/remove-node.ts';
import { scratchDatabase } from '../support/scratch-database.ts';

async function median(runs: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const scratch = await scratchDatabase('bench_tree');
const database = await openDatabase({ url: scratch.url });
const db = database.prisma;
try {
  const user = await db.user.create({ data: { email: 'bench@example.com', passwordHash: 'x' } });
  console.log('siblings   list (ms)   first page (ms)   create (ms)');
  for (const count of [1000, 10000, 30000]) {
    const folder = await db.fileNode.create({
      data: { ownerId: user.id, name: `f${count}`, isDirectory: true },
    });
    const names = ['New Directory', ...Array.from({ length: count - 1 }, (_, i) => `report ${i}.pdf`)];
    for (let i = 0; i < names.length; i += 5000) {
      await db.fileNode.createMany({
        data: names.slice(i, i + 5000).map((n) => ({
          id: randomUUID(),
          ownerId: user.id,
          parentId: folder.id,
          name: n,
          isDirectory: n === 'New Directory',
          size: n === 'New Directory' ? 0 : 1000,
        })),
      });
    }
    await db.$executeRaw`ANALYZE "FileNode"`;
    const list = await median(count > 10000 ? 5 : 9, () => listChildren(db, user.id, folder.id));
    const page = await median(9, () => listChildren(db, user.id, folder.id, { limit: 100 }));
    const create = await median(9, () =>
      createDirectory({ db }, user.id, { name: 'New Directory', parentId: folder.id }),
    );
    console.log(
      `${String(count).padStart(8)} ${list.toFixed(1).padStart(11)} ${page.toFixed(1).padStart(17)} ${create.toFixed(1).padStart(13)}`,
    );
  }
  await movesAndDeletes(db, user.id);
} finally {
  await database.close();
  await scratch.drop();
}

/** A folder holding `count` nodes below it: sqrt(count) folders, each full of files. Answers the top's id. */
async function subtree(db: Db, ownerId: string, name: string, count: number): Promise<string> {
  const top = await db.fileNode.create({ data: { ownerId, name, isDirectory: true, size: count } });
  const folders = Math.ceil(Math.sqrt(count));
  const rows: { id: string; parentId: string; name: string; isDirectory: boolean; size: number }[] = [];
  for (let f = 0; rows.length < count; f++) {
    const id = randomUUID();
    rows.push({ id, parentId: top.id, name: `d${f}`, isDirectory: true, size: 0 });
    for (let i = 0; i < count / folders - 1 && rows.length < count; i++) {
      rows.push({ id: randomUUID(), parentId: id, name: `f${i}`, isDirectory: false, size: 1 });
    }
  }
  for (let i = 0; i < rows.length; i += 5000) {
    await db.fileNode.createMany({ data: rows.slice(i, i + 5000).map((r) => ({ ...r, ownerId })) });
  }
  return top.id;
}

/**
 * Moves a folder of 1k / 10k / 50k nodes between two folders (9 times, alternating with the floor: one node's
 * size updated in a transaction) and deletes three such folders to the trash, one after the other.
 */
async function movesAndDeletes(db: Db, ownerId: string) {
  const [a, b] = await Promise.all(
    ['A', 'B'].map((name) => db.fileNode.create({ data: { ownerId, name, isDirectory: true } })),
  );
  const floorNode = await db.fileNode.create({ data: { ownerId, name: 'floor', isDirectory: true } });
  const floor = () =>
    db.$transaction((tx) =>
      tx.fileNode.update({ where: { id: floorNode.id }, data: { size: { increment: 1 } } }),
    );
  console.log('\nnodes      move (ms)   delete (ms)   floor (ms)   move/floor   delete/floor');
  for (const count of [1000, 10000, 50000]) {
    const moving = await subtree(db, ownerId, `moving ${count}`, count);
    await moveNode({ db }, ownerId, moving, a!.id);
    const doomed = [];
    for (let i = 0; i < 3; i++) doomed.push(await subtree(db, ownerId, `doomed ${count} ${i}`, count));
    await db.$executeRaw`ANALYZE "FileNode"`;
    const moves: number[] = [];
    const floors: number[] = [];
    for (let i = 0; i < 9; i++) {
      moves.push(await timed(() => moveNode({ db }, ownerId, moving, (i % 2 ? a : b)!.id)));
      floors.push(await timed(floor));
    }
    const deletes: number[] = [];
    for (const id of doomed) {
      deletes.push(await timed(() => removeNode({ db }, ownerId, id)));
      floors.push(await timed(floor));
    }
    const [move, del, base] = [mid(moves), mid(deletes), mid(floors)];
    console.log(
      `${String(count).padStart(5)} ${move.toFixed(1).padStart(14)} ${del.toFixed(1).padStart(13)} ${base
        .toFixed(1)
        .padStart(12)} ${(move / base).toFixed(1).padStart(12)} ${(del / base).toFixed(1).padStart(14)}`,
    );
  }
}

async function timed(fn: () => Promise<unknown>) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function mid(times: number[]) {
  return [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)]!;
}
