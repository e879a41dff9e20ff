import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Image } from '@site/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { verifyEmail } from './mail.ts';
import { newAlbum } from './new-album.ts';
import { callApi } from './page-api.ts';
import { pictureFile } from './pictures.ts';
import { signUpByApi } from './session.ts';
import { newPage, shot } from './support.ts';

const stamp = Date.now();
const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const summary = (page: Page) => panel(page).locator('header span[aria-live]');
const item = (page: Page, name: string) => panel(page).getByRole('listitem').filter({ hasText: name });
const tiles = (page: Page) => page.getByRole('list', { name: 'Images' }).getByRole('link');

/** Upload bytes a second as DevTools sets them (-1: unlimited), so a batch is still on its way when the test acts. */
async function uploadSpeed(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * `count` photos of 1200×900 drawn by the browser, written to disk so choosing one again after a reload gives the
 * same file (name, size and modification time); answers their paths, in order.
 */
async function photosOnDisk(page: Page, prefix: string, count: number) {
  const folder = await mkdtemp(path.join(tmpdir(), 'album-uploads-offline-'));
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const picture = await pictureFile(page, `${prefix}-${i + 1}.jpg`, {
      sky: 30 + i * 50,
      width: 1200,
      height: 900,
    });
    paths.push(path.join(folder, picture.name));
    await writeFile(paths.at(-1)!, picture.buffer);
  }
  return paths;
}

/** The album's photos as the server lists them. */
const albumImages = (page: Page, albumPath: string) =>
  callApi<Image[]>(page, 'GET', `/api/photo-albums/${albumPath.split('/').at(-1)}/images`);

/** A verified member's page on a new album of hers. */
async function albumPage(width: number, name: string) {
  const page = await newPage(width);
  const emailAddress = `album-offline-${width}-${stamp}@example.com`;
  await signUpByApi(page, emailAddress, 'a long enough passphrase');
  await verifyEmail(page, emailAddress);
  return { page, albumPath: await newAlbum(page, name) };
}

describe('album uploads that go offline or are left unfinished', () => {
  it('waits out a network cut mid-batch, says so, and adds every photo once when it is back (1280 px)', async () => {
    const { page, albumPath } = await albumPage(1280, `Cut ${stamp}`);
    const files = await photosOnDisk(page, 'cut', 5);
    await uploadSpeed(page, 400 * 1024);
    await page.getByLabel('Add Image').setInputFiles(files);

    // Cut while the batch is under way: one photo has landed, the others are still to come.
    await tiles(page).first().waitFor({ timeout: 60_000 });
    await page.context().setOffline(true);
    await panel(page)
      .getByText(/^Offline — will continue/)
      .first()
      .waitFor();
    await expect.poll(() => summary(page).textContent()).toMatch(/^\d waiting for the connection$/);
    const waiting = Number((await summary(page).textContent())!.split(' ')[0]);
    expect(waiting).toBeGreaterThanOrEqual(2);
    await shot(page, 'album-uploads-offline-1280', { fullPage: false });
    // It stays waiting: nothing fails while the network is gone.
    await page.waitForTimeout(3000);
    expect(await summary(page).textContent()).toBe(`${waiting} waiting for the connection`);
    expect(await panel(page).getByText('failed').count()).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(() => tiles(page).count(), { timeout: 90_000 }).toBe(5);
    await panel(page).waitFor({ state: 'detached', timeout: 20_000 });
    const images = await albumImages(page, albumPath);
    expect(images).toHaveLength(5);
    expect(await tiles(page).count()).toBe(5);
  });

  it('lists the photos a reload left unfinished, with their album, and adds each once when chosen again (390 px)', async () => {
    const album = `Reload ${stamp}`;
    const { page, albumPath } = await albumPage(390, album);
    const files = await photosOnDisk(page, 'reload', 4);
    await uploadSpeed(page, 400 * 1024);
    await page.getByLabel('Add Image').setInputFiles(files);
    await tiles(page).first().waitFor({ timeout: 60_000 });
    await page.reload();

    const left = panel(page).getByText(/^Unfinished: reload-\d\.jpg — choose it again to continue$/);
    await left.first().waitFor();
    const unfinished = await left.count();
    expect(unfinished).toBeGreaterThanOrEqual(2);
    const first = (await left.first().textContent())!.match(/reload-\d\.jpg/)![0];
    await item(page, first)
      .getByText(new RegExp(`^To ${album} · `))
      .waitFor();
    expect(await summary(page).textContent()).toBe(`${unfinished} unfinished`);
    await shot(page, 'album-uploads-unfinished-390', { fullPage: false });

    // One chosen again in the panel; then the whole batch picked again in the album, whose added photos are skipped.
    await page.getByLabel(`Choose ${first} again`).setInputFiles(files.find((f) => f.endsWith(first))!);
    await panel(page)
      .getByRole('button', { name: `${first}: DONE. Remove from list` })
      .waitFor({ timeout: 60_000 });
    await page.getByLabel('Add Image').setInputFiles(files);
    await expect.poll(() => tiles(page).count(), { timeout: 90_000 }).toBe(4);
    await expect.poll(async () => (await albumImages(page, albumPath)).length, { timeout: 30_000 }).toBe(4);
    await page.reload();
    await tiles(page).nth(3).waitFor();
    // Nothing is listed as unfinished any more, and nothing came twice.
    expect(await panel(page).count()).toBe(0);
    expect(await tiles(page).count()).toBe(4);
  });
});
