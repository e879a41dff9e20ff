/**
 * GET /api/photo-albums's query (listAlbums) with 1,000 albums of one image each, then once one of them holds
 * 2,000 images: milliseconds per call (median of 15) and Image rows PostgreSQL read per call (pg_stat_user_tables).
 */
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { PrismaClient } from '../../apps/server/src/db/generated/client.ts';
import { listAlbums } from '../../apps/server/src/features/albums/list-albums.ts';
import { scratchDatabase } from '../support/scratch-database.ts';

const scratch = await scratchDatabase('bench_albums');
const database = await openDatabase({ url: scratch.url });
await database.close();
// One connection, so the statistics it is told to publish are those of the calls measured.
const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: scratch.url, max: 1 }) });
const stats = new pg.Client({ connectionString: scratch.url });
await stats.connect();

/** Image rows read so far by the measured connection (which publishes its counters when idle). */
async function imageRowsRead(): Promise<number> {
  await db.$executeRaw`SELECT pg_stat_force_next_flush()`;
  await new Promise((r) => setTimeout(r, 200));
  await stats.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await stats.query(
    `SELECT COALESCE(seq_tup_read, 0) + COALESCE(idx_tup_fetch, 0) AS n FROM pg_stat_user_tables WHERE relname = 'Image'`,
  );
  return Number(rows[0].n);
}

async function measure(label: string, user: Parameters<typeof listAlbums>[1]) {
  await stats.query('ANALYZE'); // plans as on a live database, whose statistics autovacuum keeps
  await listAlbums(db, user); // warm-up
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await listAlbums(db, user);
    times.push(performance.now() - t);
  }
  const before = await imageRowsRead();
  await listAlbums(db, user);
  const rows = (await imageRowsRead()) - before;
  const median = times.sort((a, b) => a - b)[7]!;
  console.log(`  ${label.padEnd(46)} ${median.toFixed(1).padStart(6)} ms per call, ${rows} Image rows read`);
}

try {
  const user = await db.user.create({
    data: { email: 'bench@example.com', passwordHash: 'x', emailVerifiedAt: new Date() },
  });
  const albums = Array.from({ length: 1000 }, (_, rank) => ({
    id: randomUUID(),
    ownerId: user.id,
    name: `a${rank}`,
    rank,
  }));
  await db.photoAlbum.createMany({ data: albums });
  await db.image.createMany({
    data: albums.map((a) => ({ id: randomUUID(), albumId: a.id, thumbnailId: randomUUID(), rank: 0 })),
  });
  console.log('listAlbums on PostgreSQL');
  await measure('1,000 albums of 1 image', user);
  await db.image.createMany({
    data: Array.from({ length: 1999 }, (_, i) => ({
      id: randomUUID(),
      albumId: albums[0]!.id,
      thumbnailId: randomUUID(),
      rank: i + 1,
    })),
  });
  await measure('1,000 albums, one of them with 2,000 images', user);
} finally {
  await stats.end();
  await db.$disconnect();
  await scratch.drop();
}
