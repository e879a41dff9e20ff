import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAlbum } from './new-album.ts';
import { pictureFile } from './pictures.ts';
import { signUpByApi } from './session.ts';
import { newPage } from './support.ts';

/**
 * Bytes of photo JPEGs (`/api/photo-albums/…/photos/…`) the page took from the network, as DevTools reports them:
 * answers served from the browser's memory or disk cache count nothing.
 */
function photoBytes(cdp: CDPSession) {
  const fromNetwork = new Set<string>();
  let bytes = 0;
  // Distinct photos answered: a loaded machine can see one thumbnail asked twice while the grid lays out.
  const answered = new Set<string>();
  const fromMemory = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => void fromMemory.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (!/\/api\/photo-albums\/[^/]+\/photos\//.test(new URL(response.url).pathname)) return;
    answered.add(response.url);
    if (!response.fromDiskCache && !fromMemory.has(requestId)) fromNetwork.add(requestId);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (fromNetwork.has(requestId)) bytes += encodedDataLength;
  });
  return {
    take() {
      const seen = { bytes, answers: answered.size };
      bytes = 0;
      answered.clear();
      fromNetwork.clear();
      return seen;
    },
  };
}

/** Opens the album and waits until all `count` thumbnails have been drawn. */
async function visit(page: Page, albumPath: string, count: number) {
  await page.goto(albumPath);
  const thumbnails = page.getByRole('list', { name: 'Images' }).locator('img');
  await expect
    .poll(
      () =>
        thumbnails.evaluateAll((all) => all.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
      { timeout: 30_000 },
    )
    .toBe(count);
}

describe('thumbnails the browser keeps', () => {
  it('downloads no thumbnail bytes on a second visit to an album', async () => {
    const page = await newPage(1280);
    await signUpByApi(page, `thumbnail-cache-${Date.now()}@example.com`, 'a long enough password');
    const albumPath = await newAlbum(page, 'Garden');
    await page
      .getByLabel('Add Image')
      .setInputFiles([
        await pictureFile(page, 'one.jpg', { sky: 200 }),
        await pictureFile(page, 'two.jpg', { sky: 120 }),
        await pictureFile(page, 'three.jpg', { sky: 20 }),
      ]);
    const tiles = page.getByRole('list', { name: 'Images' }).getByRole('link');
    await expect.poll(() => tiles.count(), { timeout: 60_000 }).toBe(3);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    const counter = photoBytes(cdp);

    await visit(page, albumPath, 3);
    const first = counter.take();
    expect(first.answers).toBe(3);
    expect(first.bytes).toBeGreaterThan(0);

    await page.goto('/albums');
    await visit(page, albumPath, 3);
    const second = counter.take();
    expect(second.bytes).toBe(0);
    await page.context().close();
  });
});
