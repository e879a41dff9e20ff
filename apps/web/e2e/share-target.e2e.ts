import type { Image, PhotoAlbum } from '@site/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { callApi } from './page-api.ts';
import { controlled, sharePhotos } from './service-worker.ts';
import { signUp } from './session.ts';
import { newPage, shot } from './support.ts';

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
    await signUp(page, `share-member-${stamp}@example.com`, password);
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
    await signUp(page, `share-new-${stamp}@example.com`, password);
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

  it('keeps the photos of a logged-out visitor through the log in, then adds them', async () => {
    const email = `share-later-${stamp}@example.com`;
    const page = await newPage(390, '/');
    await signUp(page, email, password);
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
});
