/**
 * The file manager with big folders, on PostgreSQL: listing a folder of 1k / 10k / 30k children and creating a
 * folder inside it (the default name "New Directory", which the folder already holds, so a free numbered name is
 * looked up). Median of 9 calls each (5 for the listing at 30k).
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { createDirectory } from '../../apps/server/src/features/files/create-directory.ts';
import { listChildren } from '../../apps/server/src/features/files/list-nodes.ts';
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
  console.log('siblings   list (ms)   create (ms)');
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
    const create = await median(9, () =>
      createDirectory({ db }, user.id, { name: 'New Directory', parentId: folder.id }),
    );
    console.log(
      `${String(count).padStart(8)} ${list.toFixed(1).padStart(11)} ${create.toFixed(1).padStart(13)}`,
    );
  }
} finally {
  await database.close();
  await scratch.drop();
}
