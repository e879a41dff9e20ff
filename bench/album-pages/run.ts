/**
 * GET /api/photo-albums/:id/images's query (listImages) on PostgreSQL, in albums of 100, 10,000 and 100,000 photos:
 * the first page the web app asks (240 photos) in both orders, and the whole list, in milliseconds per call (median
 * of interleaved rounds), each with its growth factor against the 100-photo album.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { PrismaClient, type ImageOrder } from '../../apps/server/src/db/generated/client.ts';
import { listImages } from '../../apps/server/src/features/albums/list-images.ts';
import { scratchDatabase } from '../support/scratch-database.ts';

const sizes = [100, 10_000, 100_000];
const firstPage = 240;
const rounds = Number(process.env.ROUNDS ?? 15);

const scratch = await scratchDatabase('bench_album_pages');
const database = await openDatabase({ url: scratch.url });
await database.close();
const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: scratch.url, max: 1 }) });

/** An album of `count` photos, a fifth of them without a capture date and many sharing one. */
async function album(ownerId: string, count: number) {
  const albumId = randomUUID();
  await db.photoAlbum.create({ data: { id: albumId, ownerId, name: `${count}`, rank: 0 } });
  for (let from = 0; from < count; from += 5000) {
    await db.image.createMany({
      data: Array.from({ length: Math.min(5000, count - from) }, (_, n) => ({
        id: randomUUID(),
        albumId,
        thumbnailId: randomUUID(),
        rank: from + n,
        takenAt:
          (from + n) % 5 === 0 ? null : new Date(Date.UTC(2020, 0, 1) + ((from + n) % 997) * 3_600_000),
      })),
    });
  }
  return albumId;
}

try {
  const owner = await db.user.create({
    data: { email: 'bench@example.com', passwordHash: 'x', emailVerifiedAt: new Date() },
  });
  const viewer = await db.user.create({
    data: { email: 'viewer@example.com', passwordHash: 'x', emailVerifiedAt: new Date() },
  });
  const albums = new Map<number, string>();
  for (const size of sizes) albums.set(size, await album(owner.id, size));
  const stats = new pg.Client({ connectionString: scratch.url });
  await stats.connect();
  await stats.query('ANALYZE');
  await stats.end();

  type Case = { label: string; size: number; run: () => Promise<unknown> };
  const cases: Case[] = [];
  for (const size of sizes) {
    const id = albums.get(size)!;
    for (const order of ['MANUAL', 'TAKEN'] as ImageOrder[]) {
      const target = { id, role: 'viewer' as const, imageOrder: order };
      cases.push({
        label: `first page, ${order.toLowerCase()}`,
        size,
        run: () => listImages(db, target, viewer.id, { limit: firstPage }),
      });
    }
    if (size <= 10_000)
      cases.push({
        label: 'whole list, manual',
        size,
        run: () => listImages(db, { id, role: 'viewer', imageOrder: 'MANUAL' }, viewer.id),
      });
  }
  for (const c of cases) await c.run(); // warm-up
  const times = new Map<Case, number[]>(cases.map((c) => [c, []]));
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      const t = performance.now();
      await c.run();
      times.get(c)!.push(performance.now() - t);
    }
  }
  const median = (c: Case) => {
    const sorted = [...times.get(c)!].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  console.log(`album pages on PostgreSQL, ${rounds} interleaved rounds, load ${loadavg()[0]!.toFixed(1)}`);
  for (const c of cases) {
    const base = cases.find((b) => b.label === c.label && b.size === sizes[0])!;
    console.log(
      `  ${c.label.padEnd(20)} ${String(c.size).padStart(7)} photos ${median(c).toFixed(1).padStart(7)} ms` +
        `  ${(median(c) / median(base)).toFixed(2)}x the 100-photo album`,
    );
  }
} finally {
  await db.$disconnect();
  await scratch.drop();
}
