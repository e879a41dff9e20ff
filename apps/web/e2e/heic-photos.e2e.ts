import type { Image, PhotoAlbum } from '@site/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bottom, heicSample, top } from './heic-samples.ts';
import { callApi } from './page-api.ts';
import { controlled, sharePhotos } from './service-worker.ts';
import { signUpByApi } from './session.ts';
import { newPage, shot, stillPage } from './support.ts';

const password = 'a long enough password';
const stamp = Date.now();

/** Waits until the album holds `count` images, and answers them. */
async function imagesOf(page: Page, photoAlbumId: string, count: number) {
  await expect
    .poll(
      async () => (await callApi<Image[]>(page, 'GET', `/api/photo-albums/${photoAlbumId}/images`)).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(count);
  return callApi<Image[]>(page, 'GET', `/api/photo-albums/${photoAlbumId}/images`);
}

/** The stored JPEG's pixel size and the colours at its top and bottom, as the browser decodes it. */
async function stored(page: Page, blobId: string) {
  const urls = await callApi<Record<string, string>>(page, 'POST', '/api/photo-albums/signed-urls', [blobId]);
  return page.evaluate(async (url) => {
    const bitmap = await createImageBitmap(await (await fetch(url)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    const at = (y: number) => [...g.getImageData(Math.floor(bitmap.width / 2), y, 1, 1).data.subarray(0, 3)];
    return { width: bitmap.width, height: bitmap.height, top: at(2), bottom: at(bitmap.height - 3) };
  }, urls[blobId]!);
}

/** Whether `colour` is within JPEG's (and HEVC's) error of `expected`. */
const near = (colour: number[], expected: number[]) =>
  colour.every((c, i) => Math.abs(c - expected[i]!) < 40);

/** Expects the image stored `width` x `height`, upright (red above blue), with a thumbnail of the same shape. */
async function expectUpright(page: Page, image: Image, width: number, height: number) {
  const full = await stored(page, image.imageId);
  expect({ width: full.width, height: full.height }).toEqual({ width, height });
  expect(near(full.top, top) && near(full.bottom, bottom), JSON.stringify(full)).toBe(true);
  const thumbnail = await stored(page, image.thumbnailId!);
  const short = 80;
  const long = Math.round((Math.max(width, height) * short) / Math.min(width, height));
  expect({ width: thumbnail.width, height: thumbnail.height }).toEqual(
    width < height ? { width: short, height: long } : { width: long, height: short },
  );
  expect(near(thumbnail.top, top) && near(thumbnail.bottom, bottom), JSON.stringify(thumbnail)).toBe(true);
}

/** Counts the page's (and its workers') requests for libheif's WebAssembly. */
function countWasmFetches(page: Page) {
  const seen = { count: 0 };
  page.context().on('request', (request) => {
    if (request.url().endsWith('.wasm')) seen.count++;
  });
  return seen;
}

describe('iPhone photos (HEIC)', () => {
  it('cannot be decoded by this Chromium itself, so the album decodes them with libheif', async () => {
    const page = await newPage(1280, '/');
    const heic = await heicSample(64, 48);
    const native = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      return createImageBitmap(new Blob([bytes], { type: 'image/heic' })).then(
        () => 'decoded',
        () => 'refused',
      );
    }, heic.toString('base64'));
    expect(native).toBe('refused');
  });

  it('adds HEICs through the picker upright (irot), at their size, and clear parts white', async () => {
    const page = await newPage(1280, '/');
    await signUpByApi(page, `heic-picker-${stamp}@example.com`, password);
    const album = await callApi<PhotoAlbum>(page, 'POST', '/api/photo-albums', { name: 'From the iPhone' });
    await page.goto(`/albums/${album.photoAlbumId}`);
    await page.getByRole('heading', { name: 'From the iPhone' }).waitFor();
    const wasm = countWasmFetches(page);
    // The album page itself never fetches the decoder.
    expect(wasm.count).toBe(0);

    await page.getByLabel('Add Image').setInputFiles([
      {
        name: 'IMG_0001.HEIC',
        mimeType: 'image/heic',
        buffer: await heicSample(480, 640, { stored: 'turned' }),
      },
      {
        name: 'IMG_0003.HEIC',
        mimeType: 'image/heic',
        buffer: await heicSample(96, 64, { clearBottom: true }),
      },
    ]);
    await expect.poll(() => page.getByText('DONE', { exact: true }).count(), { timeout: 60_000 }).toBe(2);
    const [turned, clear] = await imagesOf(page, album.photoAlbumId, 2);
    await expectUpright(page, turned!, 480, 640);
    // JPEG has no transparency: a clear part of a HEIC is stored white.
    const flattened = await stored(page, clear!.imageId);
    expect(
      near(flattened.top, top) && near(flattened.bottom, [255, 255, 255]),
      JSON.stringify(flattened),
    ).toBe(true);
    expect(wasm.count).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.locator('main img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)),
      )
      .toEqual([80, 120]);
    await stillPage(page);
    await shot(page, 'heic-album-1280');
  });

  it('adds a HEIC with no type, shared from the phone, to the chosen album', async () => {
    const page = await newPage(390, '/');
    await signUpByApi(page, `heic-share-${stamp}@example.com`, password);
    const album = await callApi<PhotoAlbum>(page, 'POST', '/api/photo-albums', { name: 'Shared HEIC' });
    await page.goto('/');
    await controlled(page);

    await sharePhotos(page, [{ name: 'IMG_0002.HEIC', bytes: await heicSample(640, 480), type: '' }]);
    await page.getByRole('heading', { name: 'Add to album' }).waitFor();
    // Chromium cannot show a HEIC, so the preview names it rather than showing a broken picture.
    await page.getByRole('img', { name: 'IMG_0002.HEIC' }).getByText('IMG_0002.HEIC').waitFor();
    await shot(page, 'heic-share-390');
    await page.getByRole('radio', { name: 'Shared HEIC' }).check();
    await page.getByRole('button', { name: 'Add 1 photo' }).click();
    await page.waitForURL((url) => url.pathname === `/albums/${album.photoAlbumId}`);
    const [image] = await imagesOf(page, album.photoAlbumId, 1);
    await expectUpright(page, image!, 640, 480);
    await expect
      .poll(() => page.locator('main img').evaluate((i) => (i as HTMLImageElement).naturalHeight))
      .toBe(80);
    await stillPage(page);
    await shot(page, 'heic-shared-album-390');

    // The service worker did not download libheif on install; it kept it when the photo needed it.
    const cached = await page.evaluate(async () => {
      const names = async (name: string) =>
        (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
      const shell = (await caches.keys()).find((n) => n.startsWith('shell-'))!;
      return { shell: await names(shell), onFirstUse: await names('on-first-use') };
    });
    expect(cached.shell.filter((p) => p.endsWith('.wasm'))).toEqual([]);
    expect(cached.onFirstUse.filter((p) => p.endsWith('.wasm'))).toHaveLength(1);
  });
});
