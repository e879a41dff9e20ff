import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Image, PhotoAlbum } from '@site/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { callApi } from './page-api.ts';
import { controlled, sharePhotos } from './service-worker.ts';
import { signUpByApi } from './session.ts';
import { videoSample } from './video-samples.ts';
import { baseUrl, newPage, shot } from './support.ts';

const password = 'a long enough password';
const stamp = Date.now();

/** Two small JPEGs as a phone's gallery would share them. */
async function photos() {
  const jpeg = (background: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background } })
      .jpeg()
      .toBuffer();
  return [
    { name: 'beach.jpg', bytes: await jpeg('#3b82f6') },
    { name: 'sunset.jpg', bytes: await jpeg('#f97316') },
  ];
}

/** Whether any shared photo waits in the page's browser. */
const photosWaiting = (page: Page) => page.evaluate(() => caches.has('shared-photos'));

/**
 * Another web site (a second server on its own port): its page posts a JPEG to the site's share target with a
 * form, as any page on the web could, its origin hidden by its referrer policy. Answers the page's address.
 */
async function otherSite(): Promise<{ url: string; close: () => void }> {
  const jpeg = (await photos())[0]!.bytes.toString('base64');
  const html = `<!doctype html><meta name="referrer" content="no-referrer">
<form method="post" enctype="multipart/form-data" action="${baseUrl}/share-target">
<input type="file" name="photos" multiple></form>
<script>
const bytes = Uint8Array.from(atob('${jpeg}'), (c) => c.charCodeAt(0));
const files = new DataTransfer();
files.items.add(new File([bytes], 'planted.jpg', { type: 'image/jpeg' }));
document.querySelector('input').files = files.files;
</script>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, close: () => server.close() };
}

/** Waits until the album holds `count` images, and answers their ids. */
async function imagesOf(page: Page, photoAlbumId: string, count: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const images = await callApi<Image[]>(page, 'GET', `/api/photo-albums/${photoAlbumId}/images`);
    if (images.length >= count || Date.now() > deadline) return images;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('sharing photos from the phone gallery', () => {
  it('adds two shared JPEGs to the album a member picks, through the normal upload', async () => {
    const page = await newPage(390, '/');
    await signUpByApi(page, `share-member-${stamp}@example.com`, password);
    await controlled(page);
    const other = await callApi<PhotoAlbum>(page, 'POST', '/api/photo-albums', { name: 'Garden' });
    const chosen = await callApi<PhotoAlbum>(page, 'POST', '/api/photo-albums', { name: 'Holidays' });

    await sharePhotos(page, await photos());
    await page.getByRole('heading', { name: 'Add to album' }).waitFor();
    await page.getByRole('img', { name: 'sunset.jpg' }).waitFor();
    await shot(page, 'share-add-to-album-390');
    await page.getByRole('radio', { name: 'Holidays' }).check();
    await page.getByRole('button', { name: 'Add 2 photos' }).click();

    await page.waitForURL((url) => url.pathname === `/albums/${chosen.photoAlbumId}`);
    expect(await imagesOf(page, chosen.photoAlbumId, 2)).toHaveLength(2);
    await shot(page, 'share-album-after-390');
    expect(await imagesOf(page, other.photoAlbumId, 0)).toHaveLength(0);
    // The share is used up: coming back finds nothing waiting.
    await page.goto('/add-to-album');
    await page.getByText('No shared photos are waiting.').waitFor();
  });

  it('makes a new album for the shared photos when the member names one', async () => {
    const page = await newPage(390, '/');
    await signUpByApi(page, `share-new-${stamp}@example.com`, password);
    await controlled(page);
    await sharePhotos(page, await photos());
    await page.getByRole('radio', { name: 'A new album' }).check();
    await page.getByLabel('New album name').fill('From my phone');
    await page.getByRole('button', { name: 'Add 2 photos' }).click();
    await page.waitForURL((url) => /^\/albums\/[^/]+$/.test(url.pathname));
    const photoAlbumId = new URL(page.url()).pathname.split('/')[2]!;
    const album = await callApi<PhotoAlbum>(page, 'GET', `/api/photo-albums/${photoAlbumId}`);
    expect(album.name).toBe('From my phone');
    expect(await imagesOf(page, photoAlbumId, 2)).toHaveLength(2);
  });

  it('adds a video shared from the gallery beside a photo, as a video with its length', async () => {
    const page = await newPage(390, '/');
    await signUpByApi(page, `share-video-${stamp}@example.com`, password);
    await controlled(page);
    const album = await callApi<PhotoAlbum>(page, 'POST', '/api/photo-albums', { name: 'Party' });
    const [photo] = await photos();
    const clip = {
      name: 'clip.mp4',
      bytes: videoSample('mp4', 3, '2025-07-01T12:00:00Z'),
      type: 'video/mp4',
    };
    await sharePhotos(page, [photo!, clip]);
    await page.getByRole('radio', { name: 'Party' }).check();
    await page.getByRole('button', { name: /^Add 2 / }).click();
    await page.waitForURL((url) => url.pathname === `/albums/${album.photoAlbumId}`);
    const items = await imagesOf(page, album.photoAlbumId, 2);
    expect(items.map((i) => i.video?.durationMs ?? null).sort()).toEqual([3000, null]);
  });

  it('keeps the photos of a logged-out visitor through the log in, then adds them', async () => {
    const email = `share-later-${stamp}@example.com`;
    const page = await newPage(390, '/');
    await signUpByApi(page, email, password);
    const album = await callApi<PhotoAlbum>(page, 'POST', '/api/photo-albums', { name: 'Later' });
    await callApi(page, 'POST', '/api/logout');
    await page.goto('/');
    await controlled(page);

    await sharePhotos(page, await photos());
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.getByText('Log in to add the photos you shared to one of your albums.').waitFor();
    await shot(page, 'share-logged-out-390');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');

    await page.getByRole('heading', { name: 'Add to album' }).waitFor();
    await page.getByRole('radio', { name: 'Later' }).check();
    await page.getByRole('button', { name: 'Add 2 photos' }).click();
    await page.waitForURL((url) => url.pathname === `/albums/${album.photoAlbumId}`);
    expect(await imagesOf(page, album.photoAlbumId, 2)).toHaveLength(2);
  });

  it('drops the waiting photos at log out, so the next person of the browser finds none', async () => {
    const page = await newPage(390, '/');
    await signUpByApi(page, `share-leave-${stamp}@example.com`, password);
    await controlled(page);
    await sharePhotos(page, await photos());
    await page.getByRole('img', { name: 'sunset.jpg' }).waitFor();
    expect(await photosWaiting(page)).toBe(true);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await photosWaiting(page)).toBe(false);
    await signUpByApi(page, `share-next-${stamp}@example.com`, password);
    await page.goto('/add-to-album');
    await page.getByText('No shared photos are waiting.').waitFor();
  });

  it('stores nothing that another web site posts to the share target', async () => {
    const page = await newPage(390, '/');
    await signUpByApi(page, `share-forged-${stamp}@example.com`, password);
    await controlled(page);
    const other = await otherSite();
    try {
      await page.goto(other.url);
      await page.evaluate(() => document.querySelector('form')!.submit());
      await page.getByText('Photos can be shared to this site only from its own app.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/share-target');
    } finally {
      other.close();
    }
    await page.goto('/add-to-album');
    await page.getByText('No shared photos are waiting.').waitFor();
    expect(await photosWaiting(page)).toBe(false);
  });
});
