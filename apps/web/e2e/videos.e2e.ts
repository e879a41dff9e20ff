import type { Image, PhotoAlbum } from '@site/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi } from './page-api.ts';
import { signUpByApi } from './session.ts';
import { newPage, shot, stillPage } from './support.ts';
import { videoSample } from './video-samples.ts';

const password = 'a long enough password';
const stamp = Date.now();

/** Waits until the album holds `count` items, and answers them. */
async function imagesOf(page: Page, photoAlbumId: string, count: number) {
  const list = () => callApi<Image[]>(page, 'GET', `/api/photo-albums/${photoAlbumId}/images`);
  await expect.poll(async () => (await list()).length, { timeout: 90_000 }).toBe(count);
  return list();
}

/** An album of a new member's, open in the browser. */
async function albumPage(width: number, name: string) {
  const page = await newPage(width, '/');
  await signUpByApi(page, `video-${name.replace(/\W/g, '')}-${width}-${stamp}@example.com`, password);
  const album = await callApi<PhotoAlbum>(page, 'POST', '/api/photo-albums', { name });
  await page.goto(`/albums/${album.photoAlbumId}`);
  await page.getByRole('heading', { name }).waitFor();
  return { page, album };
}

describe('videos in albums', () => {
  it('adds an MP4 by the picker with its poster, duration and date; it plays and seeks with Range requests', async () => {
    const { page, album } = await albumPage(1280, 'Garden party');
    const mp4 = videoSample('mp4', 4, '2025-06-14T16:32:00Z');
    await page
      .getByLabel('Add Image')
      .setInputFiles([{ name: 'party.mp4', mimeType: 'video/mp4', buffer: mp4 }]);
    const [video] = await imagesOf(page, album.photoAlbumId, 1);
    expect(video!.video).toEqual({ videoId: expect.any(String), durationMs: 4000 });
    expect(video!.takenAt).toBe('2025-06-14T16:32:00.000Z');
    expect(video!.original).toEqual({ name: 'party.mp4', type: 'video/mp4', size: mp4.length });

    // The grid shows its poster with a play mark and how long it plays.
    const tile = page.getByRole('link', { name: 'Image 1 of 1, video 0:04' });
    await tile.getByText('0:04').waitFor();
    await expect
      .poll(() => tile.locator('img').evaluate((i) => (i as HTMLImageElement).naturalHeight))
      .toBe(80);
    await stillPage(page);
    await shot(page, 'video-grid-1280');

    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes(video!.video!.videoId)) ranges.push(response.status());
    });
    await tile.click();
    const player = page.locator('main video');
    await player.waitFor();
    expect(await player.getAttribute('poster')).toBeTruthy();
    await expect.poll(() => player.evaluate((v) => (v as HTMLVideoElement).readyState)).toBeGreaterThan(0);
    await player.evaluate((v) => {
      const el = v as HTMLVideoElement;
      el.muted = true;
      return el.play();
    });
    await expect.poll(() => player.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThan(0.2);
    await player.evaluate((v) => (v as HTMLVideoElement).pause());
    await shot(page, 'video-viewer-1280');
    await player.evaluate((v) => ((v as HTMLVideoElement).currentTime = 3));
    await expect
      .poll(() =>
        player.evaluate((v) => (v as HTMLVideoElement).seeking || (v as HTMLVideoElement).currentTime),
      )
      .toBeGreaterThanOrEqual(3);
    expect(ranges).toContain(206);
  }, 240_000);

  it('adds a MOV and a WebM, plays them, and shows the grid and viewer on a phone', async () => {
    const { page, album } = await albumPage(390, 'Beach');
    const mov = videoSample('mov', 2, '2024-08-01T10:00:00Z');
    const webm = videoSample('webm', 3, '2024-08-01T11:00:00Z');
    await page.getByLabel('Add Image').setInputFiles([
      { name: 'IMG_0042.MOV', mimeType: 'video/quicktime', buffer: mov },
      { name: 'waves.webm', mimeType: 'video/webm', buffer: webm },
    ]);
    const [first, second] = await imagesOf(page, album.photoAlbumId, 2);
    expect(first!.video?.durationMs).toBe(2000);
    expect(first!.takenAt).toBe('2024-08-01T10:00:00.000Z');
    expect(second!.video?.durationMs).toBeGreaterThanOrEqual(2900);
    // WebM keeps no mvhd: its date is not known.
    expect(second!.takenAt).toBeNull();
    await page.getByRole('link', { name: 'Image 2 of 2, video 0:03' }).waitFor();
    await stillPage(page);
    await shot(page, 'video-grid-390');

    for (const item of [first!, second!]) {
      await page.goto(`/albums/${album.photoAlbumId}/${item.imageId}`);
      const player = page.locator('main video');
      await player.waitFor();
      await player.evaluate((v) => {
        const el = v as HTMLVideoElement;
        el.muted = true;
        return el.play();
      });
      await expect
        .poll(() => player.evaluate((v) => (v as HTMLVideoElement).currentTime))
        .toBeGreaterThan(0.2);
    }
    await page.locator('main video').evaluate((v) => (v as HTMLVideoElement).pause());
    await shot(page, 'video-viewer-390');
  }, 240_000);
});
