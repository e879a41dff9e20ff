import { readFile } from 'node:fs/promises';
import type { Image, PhotoAlbum } from '@site/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './page-api.ts';
import { signUpByApi } from './session.ts';
import { newPage, shot, stillPage } from './support.ts';
import { videoSample } from './video-samples.ts';

/** Saves what clicking `control` downloads: its suggested name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const downloading = page.waitForEvent('download');
  await click();
  const file = await downloading;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

describe('a video this browser cannot decode', () => {
  it('is added without a poster, shown as a plain video tile, and downloads byte for byte', async () => {
    const page = await newPage(1280, '/');
    await signUpByApi(page, `hevc-${Date.now()}@example.com`, 'a long enough password');
    const album = await callApi<PhotoAlbum>(page, 'POST', '/api/photo-albums', { name: 'New Year' });
    await page.goto(`/albums/${album.photoAlbumId}`);
    await page.getByRole('heading', { name: 'New Year' }).waitFor();

    // An iPhone's HEVC MOV: Debian's Chromium cannot play it, so it has no poster to make.
    const mov = videoSample('hevc.mov', 2, '2025-12-31T23:59:00Z');
    await page
      .getByLabel('Add Image')
      .setInputFiles([{ name: 'IMG_0042.MOV', mimeType: 'video/quicktime', buffer: mov }]);
    await page
      .getByText('This browser can’t play “IMG_0042.MOV”: it is added without a preview picture.')
      .waitFor();
    const list = () => callApi<Image[]>(page, 'GET', `/api/photo-albums/${album.photoAlbumId}/images`);
    await expect.poll(async () => (await list()).length, { timeout: 90_000 }).toBe(1);
    const [video] = await list();
    expect(video).toMatchObject({
      thumbnailId: null,
      takenAt: '2025-12-31T23:59:00.000Z',
      video: { durationMs: 2000 },
      original: { name: 'IMG_0042.MOV', type: 'video/quicktime', size: mov.length },
    });

    // The grid: a film icon, its name and how long it plays, where a poster would be.
    const tile = page.getByRole('link', { name: 'Image 1 of 1, video 0:02' });
    await tile.getByText('IMG_0042.MOV').waitFor();
    await tile.getByText('0:02').waitFor();
    expect(await tile.locator('img').count()).toBe(0);
    await stillPage(page);
    await shot(page, 'hevc-grid-1280');

    // The viewer tries the video, then says it cannot play it and offers it to download.
    await tile.click();
    const stage = page.getByRole('region', { name: 'Image 1 of 1' });
    await stage.getByText('This browser can’t play this video.').waitFor();
    await stage.getByText('IMG_0042.MOV').waitFor();
    await stillPage(page);
    await shot(page, 'hevc-viewer-1280');
    const saved = await downloaded(page, () => stage.getByRole('link', { name: 'Download' }).click());
    expect(saved.name).toBe('New Year 1.mov');
    expect(saved.bytes.equals(mov)).toBe(true);
    // The owner's original: the same bytes under the name it was picked with.
    const original = await downloaded(page, () =>
      page.getByRole('button', { name: 'Download original' }).click(),
    );
    expect(original.name).toBe('IMG_0042.MOV');
    expect(original.bytes.equals(mov)).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await stillPage(page);
    await shot(page, 'hevc-viewer-390');
    await page.goto(`/albums/${album.photoAlbumId}`);
    await tile.getByText('IMG_0042.MOV').waitFor();
    await stillPage(page);
    await shot(page, 'hevc-grid-390');

    // The album list: the album is not empty, yet has no picture for its cover: a film stands for it.
    await page.goto('/albums');
    const cover = page.getByRole('link', { name: /New Year/ });
    await cover.locator('svg').waitFor();
    expect(await cover.getByText('Empty').count()).toBe(0);
    await stillPage(page);
    await shot(page, 'hevc-albums-390');
  }, 240_000);
});
