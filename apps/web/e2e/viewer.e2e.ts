import { readFile } from 'node:fs/promises';
import type { Image } from '@site/contract';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAlbum } from './new-album.ts';
import { pictureFile } from './pictures.ts';
import { logIn, signUpByApi } from './session.ts';
import { newPage, shot, stillPage } from './support.ts';

const password = 'a long enough password';
const email = `viewer-owner-${Date.now()}@example.com`;
const albumName = 'Lake weekend';

/**
 * Adds an image the way the web app did before renditions: only the full size and a thumbnail, through the API
 * from the page (so with its session and CSRF token).
 */
async function addImageWithoutRendition(page: Page, photoAlbumId: string, width: number, height: number) {
  await page.evaluate(
    async ({ photoAlbumId, width, height }) => {
      const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)![1]!);
      const headers = { 'X-XSRF-TOKEN': token, 'Content-Type': 'application/json' };
      const jpeg = async (w: number, h: number) => {
        const canvas = new OffscreenCanvas(w, h);
        const g = canvas.getContext('2d')!;
        g.fillStyle = 'hsl(140 45% 45%)';
        g.fillRect(0, 0, w, h);
        g.fillStyle = 'hsl(50 90% 70%)';
        g.fillRect(w * 0.1, h * 0.1, w * 0.3, h * 0.3);
        return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      };
      const store = async (blob: Blob) => {
        const res = await fetch(`/api/photo-albums/${photoAlbumId}/upload`, { method: 'POST', headers });
        const [id, url] = (await res.json()) as [string, string];
        await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: blob });
        return id;
      };
      const imageId = await store(await jpeg(width, height));
      const thumbnailId = await store(await jpeg(107, 80));
      const added = await fetch(`/api/photo-albums/${photoAlbumId}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ imageId, thumbnailId }),
      });
      if (!added.ok) throw new Error(`adding the image failed: ${added.status}`);
    },
    { photoAlbumId, width, height },
  );
}

/** The album's images as the API lists them, in rank order. */
const listImages = (page: Page, photoAlbumId: string) =>
  page.evaluate(async (id) => {
    const images = (await (await fetch(`/api/photo-albums/${id}/images`)).json()) as Image[];
    return images.sort((a, b) => a.rank - b.rank);
  }, photoAlbumId);

/** The dark stage the picture is drawn on; a zoomed picture may reach far past it. */
const stage = (page: Page) => page.locator('main section > div').first();
/** The picture as laid out (a zoom past it lays the full size over it, as a second image). */
const picture = (page: Page) => page.locator('main img').first();
const naturalWidth = (page: Page) =>
  picture(page).evaluate((i) =>
    (i as HTMLImageElement).complete ? (i as HTMLImageElement).naturalWidth : 0,
  );

/** Waits until the image page shows image `n` (1-based) of `count`, its picture loaded at `width` pixels. */
async function showing(page: Page, path: string, n: number, count: number, width: number) {
  await page.waitForURL((url) => url.pathname === path);
  await page.getByText(`Image ${n} of ${count}`).waitFor();
  await expect.poll(() => naturalWidth(page), { timeout: 15_000 }).toBe(width);
}

/** Whether a GET of the photo JPEG `key` has been sent so far. */
const requested = (requests: Request[], key: string) =>
  requests.some((r) => new URL(r.url()).pathname.endsWith(`/photos/${key}`));

/** The pixel width written in a JPEG's frame header. */
function jpegWidth(bytes: Buffer): number {
  for (let at = 2; at < bytes.length;) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) return bytes.readUInt16BE(at + 7);
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame header');
}

/** A real touch swipe through Chromium's input pipeline (so touch-action applies), from the stage's middle. */
async function touchSwipe(page: Page, dx: number, dy: number) {
  const box = (await stage(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * i) / 8, y: y + (dy * i) / 8 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Two fingers spreading from `from` to `to` pixels apart around the stage's middle, through the same pipeline. */
async function touchPinch(page: Page, from: number, to: number) {
  const box = (await stage(page).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const fingers = (apart: number) => [
    { x: x - apart / 2, y, id: 1 },
    { x: x + apart / 2, y, id: 2 },
  ];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(from + ((to - from) * i) / 10),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

let albumId = '';
let paths: string[] = [];
let images: Image[] = [];

describe('the photo viewer', () => {
  it('makes a screen-sized rendition of a large photo at upload, beside the full size', async () => {
    const owner = await newPage(1280);
    await signUpByApi(owner, email, password);
    albumId = (await newAlbum(owner, albumName)).split('/')[2]!;

    await owner
      .getByLabel('Add Image')
      .setInputFiles([
        await pictureFile(owner, 'lake.jpg', { sky: 200, width: 4000, height: 3000 }),
        await pictureFile(owner, 'ridge.jpg', { sky: 20, width: 3000, height: 4000 }),
      ]);
    const thumbnails = owner.getByRole('list', { name: 'Images' }).getByRole('link');
    await expect.poll(() => thumbnails.count(), { timeout: 60_000 }).toBe(2);
    await addImageWithoutRendition(owner, albumId, 2400, 1800);

    images = await listImages(owner, albumId);
    expect(images.map((i) => i.renditionId === null)).toEqual([false, false, true]);
    paths = images.map((i) => `/albums/${albumId}/${i.imageId}`);
    await owner.context().close();
  });

  it('steps through the album by buttons, arrow keys and a mouse swipe at 1280 px, loading neighbours ahead', async () => {
    const page = await newPage(1280);
    await logIn(page, email, password);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(`/albums/${albumId}`);
    const thumbnails = page.getByRole('list', { name: 'Images' }).locator('img');
    // Clicked once the grid has settled, as a person would.
    await expect
      .poll(() =>
        thumbnails.evaluateAll((all) => all.filter((i) => (i as HTMLImageElement).naturalWidth).length),
      )
      .toBe(3);
    await page.getByRole('list', { name: 'Images' }).getByRole('link').first().click();
    // The rendition is shown (1600 px wide), not the 4000 px original.
    await showing(page, paths[0]!, 1, 3, 1600);
    expect(requested(requests, images[0]!.imageId)).toBe(false);
    // The next image's rendition is fetched before anyone asks for it.
    await expect.poll(() => requested(requests, images[1]!.renditionId!)).toBe(true);
    expect(await page.getByRole('link', { name: 'Previous image' }).count()).toBe(0);
    await stillPage(page);
    await shot(page, 'viewer-rendition-1280');

    await page.getByRole('link', { name: 'Next image' }).click();
    await showing(page, paths[1]!, 2, 3, 1200);
    // The old image (no rendition) is loaded ahead at its full size.
    await expect.poll(() => requested(requests, images[2]!.imageId)).toBe(true);
    await page.getByRole('link', { name: 'Next image' }).click();
    await showing(page, paths[2]!, 3, 3, 2400);
    expect(await page.getByRole('link', { name: 'Next image' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Previous image' }).click();
    await showing(page, paths[1]!, 2, 3, 1200);

    // Each step replaced the history entry: Back leaves the viewer for the album, on the photo last seen.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/albums/${albumId}`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(paths[1]);
    // Forward and reload show that photo again.
    await page.goForward();
    await showing(page, paths[1]!, 2, 3, 1200);
    await page.reload();
    await showing(page, paths[1]!, 2, 3, 1200);

    await page.keyboard.press('ArrowLeft');
    await showing(page, paths[0]!, 1, 3, 1600);
    // At the first image ← goes nowhere.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await showing(page, paths[1]!, 2, 3, 1200);

    // A mouse dragged sideways across the picture swipes; a click or a short wobble does not.
    const box = (await picture(page).boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.click(cx, cy);
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 30, cy, { steps: 4 });
    await page.mouse.up();
    expect(new URL(page.url()).pathname).toBe(paths[1]);
    await page.mouse.move(cx + 150, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 150, cy + 10, { steps: 8 });
    await page.mouse.up();
    await showing(page, paths[2]!, 3, 3, 2400);
    await page.mouse.move(cx - 150, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 150, cy, { steps: 8 });
    await page.mouse.up();
    await showing(page, paths[1]!, 2, 3, 1200);
  });

  it('zooms by wheel, double click and keys, pans within bounds, and loads the full size without a jump', async () => {
    const page = await newPage(1280);
    await logIn(page, email, password);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(paths[0]!);
    await showing(page, paths[0]!, 1, 3, 1600);
    const stageBox = (await stage(page).boundingBox())!;
    const fitted = (await picture(page).boundingBox())!;
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    expect(await zoomOut.isDisabled()).toBe(true);

    // The wheel rolled up over the photo zooms in around the pointer, and the page does not scroll.
    const [cx, cy] = [fitted.x + fitted.width / 2, fitted.y + fitted.height / 2];
    await page.mouse.move(cx + 100, cy);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -100);
    await expect.poll(() => zoomOut.isDisabled()).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const zoomed = (await picture(page).boundingBox())!;
    expect(zoomed.width).toBeGreaterThan(fitted.width * 2);

    // Past the rendition's pixels the full size (the owner's original, a JPEG) is laid exactly over it.
    const full = page.locator('main section img[alt=""]');
    await expect
      .poll(() => full.evaluate((i) => (i as HTMLImageElement).naturalWidth).catch(() => 0), {
        timeout: 15_000,
      })
      .toBe(4000);
    expect(requests.some((r) => new URL(r.url()).pathname.endsWith(`/${images[0]!.imageId}/original`))).toBe(
      true,
    );
    const over = (await full.boundingBox())!;
    const under = (await picture(page).boundingBox())!;
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(over[side] - under[side])).toBeLessThan(1);
    await stillPage(page);
    await shot(page, 'viewer-zoomed-1280');

    // Dragging pans instead of swiping, and stops where the photo's edge meets the stage's.
    for (let i = 0; i < 10; i++) {
      // From below the buttons over the stage's top.
      await page.mouse.move(stageBox.x + 20, stageBox.y + 90);
      await page.mouse.down();
      await page.mouse.move(stageBox.x + stageBox.width - 20, stageBox.y + stageBox.height - 20, {
        steps: 8,
      });
      await page.mouse.up();
    }
    expect(new URL(page.url()).pathname).toBe(paths[0]);
    const panned = (await picture(page).boundingBox())!;
    expect(Math.abs(panned.x - stageBox.x)).toBeLessThan(1);
    expect(Math.abs(panned.y - stageBox.y)).toBeLessThan(1);

    // 0 shows the whole photo again; a double click zooms in and the next zooms out; so do + and -.
    await page.keyboard.press('0');
    await expect.poll(() => zoomOut.isDisabled()).toBe(true);
    await page.mouse.dblclick(cx, cy);
    await expect.poll(() => zoomOut.isDisabled()).toBe(false);
    await page.mouse.dblclick(cx, cy);
    await expect.poll(() => zoomOut.isDisabled()).toBe(true);
    await page.keyboard.press('+');
    await expect.poll(() => zoomOut.isDisabled()).toBe(false);
    await page.keyboard.press('-');
    await expect.poll(() => zoomOut.isDisabled()).toBe(true);

    // A dialog gives the focus back to the menu button it was opened from.
    await page.getByRole('button', { name: 'Image actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Image actions');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${albumName} 1.jpg`);
    expect(jpegWidth(await readFile((await download.path())!))).toBe(4000);
    // The page stays where it was.
    expect(new URL(page.url()).pathname).toBe(paths[0]);

    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? null)).toBe('DIV');
    await page.getByRole('button', { name: 'Exit full screen' }).waitFor();
    await stillPage(page);
    await shot(page, 'viewer-fullscreen-1280');
    // Stepping keeps full screen.
    await page.keyboard.press('ArrowRight');
    await showing(page, paths[1]!, 2, 3, 1200);
    expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await page.getByRole('button', { name: 'Full screen' }).waitFor();
    await page.getByRole('button', { name: 'Full screen' }).click();
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  });

  it('shows a phone the rendition, pinched to zoom and swiped by touch, and Back leaves for the album', async () => {
    const phone = await newPage(390);
    await logIn(phone, email, password);
    const blobBytes = new Map<string, number>();
    phone.on('response', async (r) => {
      // Photos come by their lasting album URL, the original by a signed blob link.
      const key = /^\/(?:blobs|api\/photo-albums\/[0-9a-f-]{36}\/photos)\/([0-9a-f-]{36})$/.exec(
        new URL(r.url()).pathname,
      )?.[1];
      if (key && r.request().method() === 'GET' && r.ok()) blobBytes.set(key, (await r.body()).length);
    });
    await phone.goto(`/albums/${albumId}`);
    await phone.getByRole('list', { name: 'Images' }).getByRole('link').first().click();
    await showing(phone, paths[0]!, 1, 3, 1600);
    await phone.getByText('No comments').waitFor();
    await stillPage(phone);
    await shot(phone, 'viewer-rendition-390');
    const rendition = images[0]!.renditionId!;
    await expect.poll(() => blobBytes.get(rendition)).toBeGreaterThan(0);
    expect(blobBytes.has(images[0]!.imageId)).toBe(false);

    // Two fingers spreading zoom in; far enough in, the full size comes (the owner's original).
    const zoomOut = phone.getByRole('button', { name: 'Zoom out' });
    await touchPinch(phone, 60, 240);
    await expect.poll(() => zoomOut.isDisabled()).toBe(false);
    const pinched = (await picture(phone).boundingBox())!;
    await stillPage(phone);
    await shot(phone, 'viewer-pinched-390');
    // Zoomed, a finger drag pans the photo instead of stepping to the next.
    await touchSwipe(phone, -160, 0);
    expect(new URL(phone.url()).pathname).toBe(paths[0]);
    expect((await picture(phone).boundingBox())!.x).toBeLessThan(pinched.x);
    await touchPinch(phone, 40, 320);
    const full = phone.locator('main section img[alt=""]');
    await expect
      .poll(() => full.evaluate((i) => (i as HTMLImageElement).naturalWidth).catch(() => 0), {
        timeout: 15_000,
      })
      .toBe(4000);
    // The original's blob is the one no image id names.
    const known = new Set(images.flatMap((i) => [i.imageId, i.thumbnailId, i.renditionId]));
    const original = [...blobBytes].find(([key]) => !known.has(key))?.[1] ?? 0;
    const screenSized = blobBytes.get(rendition)!;
    console.info(
      `one 4000x3000 photo on a 390 px phone: ${screenSized} bytes as shown, ${original} once zoomed past it`,
    );
    expect(screenSized).toBeLessThan(original / 3);
    await phone.keyboard.press('0');
    await expect.poll(() => zoomOut.isDisabled()).toBe(true);

    // A finger swiping left brings the next photo, right the previous; a vertical drag scrolls instead.
    await touchSwipe(phone, -160, 8);
    await showing(phone, paths[1]!, 2, 3, 1200);
    await touchSwipe(phone, 0, -200);
    await touchSwipe(phone, 10, 0);
    expect(new URL(phone.url()).pathname).toBe(paths[1]);
    await touchSwipe(phone, 160, 0);
    await showing(phone, paths[0]!, 1, 3, 1600);
    await phone.getByRole('link', { name: 'Next image' }).click();
    await showing(phone, paths[1]!, 2, 3, 1200);
    await stillPage(phone);
    await shot(phone, 'viewer-portrait-390');

    // The steps replaced one another: Back lands on the album, on the photo last seen.
    await phone.goBack();
    await phone.waitForURL((url) => url.pathname === `/albums/${albumId}`);
    await expect
      .poll(() => phone.evaluate(() => document.activeElement?.getAttribute('href')))
      .toBe(paths[1]);
  });

  it('looks right zoomed at 1280x800 and on a 390x844 phone', async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const page = await newPage(width);
      await page.setViewportSize({ width, height });
      await logIn(page, email, password);
      await page.goto(paths[0]!);
      await showing(page, paths[0]!, 1, 3, 1600);
      await page.keyboard.press('+');
      await page.keyboard.press('+');
      await expect.poll(() => page.getByRole('button', { name: 'Zoom out' }).isDisabled()).toBe(false);
      await stillPage(page);
      await shot(page, `viewer-zoomed-${width}x${height}`, { fullPage: false });
      await page.context().close();
    }
  });
});
