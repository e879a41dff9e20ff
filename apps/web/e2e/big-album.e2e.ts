import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededSite } from './big-folder-site.ts';
import { newPage, shot } from './support.ts';

const photos = 10_000;
const member = { emailAddress: 'album@example.com', password: 'a big album passphrase' };
const sharp = createRequire(new URL('../../server/package.json', import.meta.url))(
  'sharp',
) as typeof import('sharp').default;

/**
 * A site whose one member owns an album of 10,000 photos (through the API they would take an hour). Only the first
 * page's thumbnails have bytes. Answers the album's id as `seeded`.
 */
const bigAlbumSite = () =>
  seededSite(member, [], async (db, userId, blobs) => {
    const albumId = (await db.photoAlbum.create({ data: { ownerId: userId, name: 'Ten years', rank: 0 } }))
      .id;
    await db.$executeRaw`
      INSERT INTO "Image" (id, "albumId", "thumbnailId", rank, "addedById")
      SELECT gen_random_uuid(), ${albumId}::uuid, gen_random_uuid(), n, ${userId}::uuid
      FROM generate_series(0, ${photos - 1}::int) AS n`;
    const first = await db.image.findMany({ where: { albumId }, orderBy: { rank: 'asc' }, take: 300 });
    for (const image of first) {
      const jpeg = await sharp({
        create: {
          width: 80,
          height: 80,
          channels: 3,
          background: { r: 40, g: (image.rank * 7) % 256, b: 160 },
        },
      })
        .jpeg()
        .toBuffer();
      await blobs.write(image.thumbnailId, jpeg);
    }
    return albumId;
  });

let site: Awaited<ReturnType<typeof bigAlbumSite>>;
beforeAll(async () => {
  site = await bigAlbumSite();
}, 240_000);
afterAll(() => site?.close());

/** The API calls the page makes from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

describe('an album of 10,000 photos', () => {
  it('opens on its first page in two album calls, and reads on as it is scrolled', async () => {
    const page = await newPage(1280);
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(member.emailAddress);
    await page.getByLabel('Password').fill(member.password);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((address) => address.pathname === '/');

    const calls = apiCalls(page);
    await page.goto(`${site.url}/albums/${site.seeded}`);
    const grid = page.getByRole('list', { name: 'Images' });
    await grid.getByRole('link', { name: 'Image 1 of 10000' }).waitFor();
    // The album and its first page of photos; the thumbnails' lasting URLs are bytes the browser keeps, and the
    // owner's share list is the sharing dialog's.
    const photoCalls = () =>
      calls.filter(
        (call) =>
          call.startsWith(`GET /api/photo-albums/${site.seeded}`) && !/\/(photos|share-roles)/.test(call),
      );
    expect(photoCalls()).toEqual([
      `GET /api/photo-albums/${site.seeded}`,
      `GET /api/photo-albums/${site.seeded}/images?limit=240`,
    ]);
    expect(await grid.getByRole('link').count()).toBe(240);
    await shot(page, 'big-album-first-page-1280', { fullPage: false });

    await grid.getByRole('link', { name: 'Image 240 of 10000' }).scrollIntoViewIfNeeded();
    await grid.getByRole('link', { name: 'Image 480 of 10000' }).waitFor();
    expect(photoCalls()).toHaveLength(3);
    expect(photoCalls()[2]).toMatch(/\/images\?limit=240&after=/);
    await page.close();
  });
});
