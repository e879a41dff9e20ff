import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Image } from '@site/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAlbum } from './new-album.ts';
import { pictureFile } from './pictures.ts';
import { logIn, signUpByApi } from './session.ts';
import { newPage, shot, stillPage } from './support.ts';

const password = 'a long enough password';
const email = `capture-dates-${Date.now()}@example.com`;

/** A camera's JPEG whose EXIF says it was taken at `taken` (EXIF's `YYYY:MM:DD HH:MM:SS`), written by exiftool. */
async function photoTakenAt(page: Page, name: string, taken: string) {
  const picture = await pictureFile(page, name, { sky: 30 });
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'exif-')), name);
  await writeFile(file, picture.buffer);
  await promisify(execFile)('exiftool', ['-q', '-overwrite_original', `-DateTimeOriginal=${taken}`, file]);
  return { ...picture, buffer: await readFile(file) };
}

const listImages = (page: Page, photoAlbumId: string) =>
  page.evaluate(
    async (id) => (await (await fetch(`/api/photo-albums/${id}/images`)).json()) as Image[],
    photoAlbumId,
  );

const thumbnails = (page: Page) => page.getByRole('list', { name: 'Images' }).getByRole('link');
const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });

let albumPath = '';

describe('capture dates and duplicates in the browser', () => {
  it('skips a photo picked again, saying so in the Uploads panel', async () => {
    const page = await newPage(1280);
    await signUpByApi(page, email, password);
    albumPath = await newAlbum(page, 'Garden party');
    const plain = await pictureFile(page, 'plain.jpg', { sky: 200 });
    const party = await photoTakenAt(page, 'party.jpg', '2025:06:14 18:32:00');

    await page.getByLabel('Add Image').setInputFiles([plain, party]);
    await expect.poll(() => thumbnails(page).count(), { timeout: 60_000 }).toBe(2);
    await page.getByLabel('Add Image').setInputFiles([party]);
    await panel(page).getByText('1 skipped: already in this album').waitFor();
    await page.waitForTimeout(1500);
    expect(await thumbnails(page).count()).toBe(2);
    await stillPage(page);
    await shot(page, 'dates-skipped-1280');
    await page.context().close();
  });

  it("shows when a photo was taken in the viewer, and orders the album by it for its owner's choice", async () => {
    const page = await newPage(390);
    await logIn(page, email, password);
    const albumId = albumPath.split('/')[2]!;
    const [plain, party] = await listImages(page, albumId);
    // Without an offset the camera's wall clock is read as the browser's local time, and shown in it again.
    expect(plain!.takenAt).toBeNull();
    expect(party!.takenAt).not.toBeNull();

    await page.goto(`${albumPath}/${party!.imageId}`);
    await page.getByText('Taken 14 June 2025, 18:32').waitFor();
    await stillPage(page);
    await shot(page, 'dates-viewer-390');
    await page.goto(`${albumPath}/${plain!.imageId}`);
    await page.getByText('Image 1 of 2').waitFor();
    expect(await page.getByText(/^Taken /).count()).toBe(0);

    await page.goto(albumPath);
    const hrefs = () => thumbnails(page).evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    await expect.poll(hrefs).toEqual([plain, party].map((i) => `${albumPath}/${i!.imageId}`));
    const sortable = () =>
      page.locator('[aria-roledescription="sortable"]:not([aria-disabled="true"])').count();
    expect(await sortable()).toBe(2);
    await page.getByLabel('Order photos').selectOption('By date taken');
    // The dated photo comes first; the undated one after it; dragging is for the order by hand only.
    await expect.poll(hrefs).toEqual([party, plain].map((i) => `${albumPath}/${i!.imageId}`));
    expect(await sortable()).toBe(0);
    await stillPage(page);
    await shot(page, 'dates-order-390');
    await page.reload();
    await expect.poll(hrefs).toEqual([party, plain].map((i) => `${albumPath}/${i!.imageId}`));
    expect(await page.getByLabel('Order photos').inputValue()).toBe('taken');
    // The viewer steps in the album's order: the dated photo is the first of two.
    await thumbnails(page).first().click();
    await page.getByText('Image 1 of 2').waitFor();
    await page.getByText('Taken 14 June 2025, 18:32').waitFor();
    await page.context().close();
  });
});
