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
 * page's thumbnails have bytes. Answers the album's id and the id of its 9,000th photo as `seeded`.
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
      await blobs.write(image.thumbnailId!, jpeg);
    }
    const deep = await db.image.findFirstOrThrow({ where: { albumId, rank: 8999 } });
    return { albumId, deepImageId: deep.id };
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

/** A page signed in as the album's owner, `width` px wide. */
async function signedIn(width: number): Promise<Page> {
  const page = await newPage(width);
  await page.goto(`${site.url}/login`);
  await page.getByLabel('Email').fill(member.emailAddress);
  await page.getByLabel('Password').fill(member.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((address) => address.pathname === '/');
  return page;
}

/**
 * Waits until every thumbnail in view has its bytes shown (the seeded site has bytes for the first 300 photos
 * only), so a screenshot shows the grid as a member would see it once loaded.
 */
async function thumbnailsInViewShown(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .getByRole('list', { name: 'Images' })
        .locator('img')
        .evaluateAll((images) =>
          images
            .map((image) => image as HTMLImageElement)
            .filter((image) => {
              const box = image.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            })
            .every((image) => image.complete && image.naturalWidth > 0),
        ),
    )
    .toBe(true);
}

/**
 * The calls for the album and its photos among `calls` (not the thumbnails' bytes, the share list, nor the comments
 * the viewer reads for the photo it shows).
 */
const photoCalls = (calls: string[]) =>
  calls.filter(
    (call) =>
      call.startsWith(`GET /api/photo-albums/${site.seeded.albumId}`) &&
      !/\/(photos|share-roles|comments)(\/|$)/.test(call),
  );

describe('an album of 10,000 photos', () => {
  it('opens on its first page in two album calls, keeps only the rows near the screen, and scrolls to its end', async () => {
    const page = await signedIn(1280);
    const calls = apiCalls(page);
    await page.goto(`${site.url}/albums/${site.seeded.albumId}`);
    const grid = page.getByRole('list', { name: 'Images' });
    await grid.getByRole('link', { name: 'Image 1 of 10000' }).waitFor();
    // The album and its first page of photos; the thumbnails' lasting URLs are bytes the browser keeps, and the
    // owner's share list is the sharing dialog's.
    expect(photoCalls(calls)).toEqual([
      `GET /api/photo-albums/${site.seeded.albumId}`,
      `GET /api/photo-albums/${site.seeded.albumId}/images?limit=240`,
    ]);
    // A screen of rows and a few more each way, not the page of 240 read.
    const firstScreen = await grid.getByRole('link').count();
    expect(firstScreen).toBeGreaterThan(50);
    expect(firstScreen).toBeLessThan(240);
    await thumbnailsInViewShown(page);
    await shot(page, 'big-album-first-page-1280', { fullPage: false });

    // Scrolling to the end reads on a page at a time until the last photo. The thumbnails of the rows flown past
    // are left out: most have no bytes here, and their 404s would queue before the pages on a shared machine.
    await page.route('**/photos/**', (route) => route.abort());
    const last = grid.getByRole('link', { name: 'Image 10000 of 10000' });
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return last.count();
        },
        { timeout: 300_000, interval: 200 },
      )
      .toBe(1);
    const pages = photoCalls(calls).filter((call) => call.includes('/images?'));
    expect(pages).toHaveLength(Math.ceil(photos / 240));
    expect(new Set(pages).size).toBe(pages.length);
    const tiles = await grid.getByRole('link').count();
    expect(tiles).toBeLessThan(300);
    expect(await grid.getByRole('link', { name: 'Image 1 of 10000' }).count()).toBe(0);
    // The page is as long as the whole grid: the rows left out are padding, not missing.
    const { height, rows } = await grid.evaluate((list) => ({
      height: list.getBoundingClientRect().height,
      rows: Math.ceil(10_000 / getComputedStyle(list).gridTemplateColumns.split(' ').length),
    }));
    expect(height).toBeGreaterThan(rows * 80);
    await shot(page, 'big-album-end-1280', { fullPage: false });

    // Keyboard steps move through the tiles in the page, and up a row into rows scrolled back in.
    await page.getByRole('checkbox', { name: 'Select image 10000' }).focus();
    await page.keyboard.press('Shift+ArrowUp');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Select image 99\d\d$/);
    await page.close();
    // 42 pages read one after another on a machine shared with other browsers.
  }, 420_000);

  it('keeps a phone-width grid to the rows near the screen', async () => {
    const page = await newPage(390, '/', { touch: true, site: site.url });
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email').fill(member.emailAddress);
    await page.getByLabel('Password').fill(member.password);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((address) => address.pathname === '/');
    await page.goto(`${site.url}/albums/${site.seeded.albumId}`);
    const grid = page.getByRole('list', { name: 'Images' });
    await grid.getByRole('link', { name: 'Image 1 of 10000' }).waitFor();
    expect(await grid.getByRole('link').count()).toBeLessThan(120);
    await page.evaluate(() => window.scrollBy(0, 1500));
    await grid
      .getByRole('link', { name: /^Image 1[0-9]{2} of 10000$/ })
      .first()
      .waitFor();
    await thumbnailsInViewShown(page);
    await shot(page, 'big-album-390', { fullPage: false });
    await page.close();
  });

  it('opens a deep link to its 9,000th photo without the pages before it, and steps back across a page', async () => {
    const page = await signedIn(1280);
    const calls = apiCalls(page);
    await page.goto(`${site.url}/albums/${site.seeded.albumId}/${site.seeded.deepImageId}`);
    await page.getByRole('region', { name: 'Image 9000 of 10000' }).waitFor();
    expect(photoCalls(calls)).toEqual([
      `GET /api/photo-albums/${site.seeded.albumId}`,
      `GET /api/photo-albums/${site.seeded.albumId}/images?limit=240&around=${site.seeded.deepImageId}`,
    ]);
    await shot(page, 'big-album-deep-link-1280', { fullPage: false });

    // The page around it starts 119 photos before it; stepping past that start reads the page before.
    for (let n = 8999; n >= 8880; n--) {
      // At the page's first photo, its neighbour comes with the page before.
      await page.getByRole('link', { name: 'Previous image' }).waitFor();
      await page.keyboard.press('ArrowLeft');
      await page.getByRole('region', { name: `Image ${n} of 10000` }).waitFor();
    }
    const read = photoCalls(calls);
    expect(read).toHaveLength(3);
    expect(read[2]).toMatch(/\/images\?limit=240&before=/);
    await page.close();
  });

  it('chooses the whole album, pages not read included, and deletes it in one request', async () => {
    const page = await signedIn(1280);
    const calls = apiCalls(page);
    await page.goto(`${site.url}/albums/${site.seeded.albumId}`);
    const grid = page.getByRole('list', { name: 'Images' });
    await grid.getByRole('link', { name: 'Image 1 of 10000' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select image 1', exact: true }).check({ force: true });
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    await bar.getByRole('button', { name: 'Select all' }).click();
    await bar.getByText('10000 selected').waitFor();
    expect(await bar.getByRole('link', { name: 'Download as zip' }).getAttribute('href')).toBe(
      `/api/photo-albums/${site.seeded.albumId}/zip`,
    );
    await shot(page, 'big-album-all-selected-1280', { fullPage: false });
    await bar.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'DELETE 10000 photos' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByText('This album has no images yet', { exact: false })
      .or(page.getByText('Add images with the tile above'))
      .first()
      .waitFor();
    expect(calls.filter((call) => call.startsWith('POST ') && call.includes('/remove-photos'))).toHaveLength(
      1,
    );
    const left = await page.evaluate(
      async (albumId) => (await fetch(`/api/photo-albums/${albumId}/images`)).json() as Promise<unknown[]>,
      site.seeded.albumId,
    );
    expect(left).toEqual([]);
    await page.close();
  }, 180_000);
});
