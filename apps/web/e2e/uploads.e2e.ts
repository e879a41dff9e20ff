import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it, beforeAll } from 'vitest';
import { admin, uploadPartBytes } from './global-setup.ts';
import { filesMember, logIn, signUpByApi } from './session.ts';
import { newPage, shot, baseUrl } from './support.ts';

const stamp = Date.now();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const row = (page: Page, name: string) => page.locator(`tr[data-node-name="${name}"]`);
const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const summary = (page: Page) => panel(page).locator('header span[aria-live]');

async function menuItem(page: Page, nodeName: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${nodeName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Makes a root folder named `name` through the page. */
async function newRootFolder(page: Page, name: string) {
  const names = () =>
    page
      .locator('tr[data-node-name]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-node-name')));
  await page.getByRole('heading', { name: 'Files' }).waitFor();
  const before = await names();
  await page.getByRole('button', { name: 'New Root Folder' }).click();
  await expect.poll(async () => (await names()).length).toBe(before.length + 1);
  const made = (await names()).find((n) => !before.includes(n))!;
  await menuItem(page, made, 'Rename');
  await page.getByLabel(`New name for ${made}`).fill(name);
  await page.getByLabel(`New name for ${made}`).press('Enter');
  await row(page, name).waitFor();
}

/**
 * Stands between the browser and the stored parts: each part waits a little (so progress can be watched), and
 * `cut` drops every part request as a lost connection would. Records the parts the server stored.
 */
async function partsLine(page: Page) {
  const line = { cut: false, stored: [] as number[], tried: 0, inFlight: 0 };
  await page.route(/\/blobs\/[^/?]+\/parts\/\d+/, async (route: Route) => {
    const partNumber = Number(/\/parts\/(\d+)/.exec(route.request().url())![1]);
    line.tried++;
    line.inFlight++;
    try {
      if (!line.cut) await sleep(1000);
      if (line.cut) return await route.abort('internetdisconnected');
      const response = await route.fetch();
      if (response.status() === 204) line.stored.push(partNumber);
      await route.fulfill({ response });
    } catch {
      // The browser gave the request up meanwhile (a pause or a reload); the store may have the part anyway.
    } finally {
      line.inFlight--;
    }
  });
  return line;
}

/** Every aria-valuenow the bar of `name` shows until `done()`, sampled every 100 ms. */
async function barValuesUntil(page: Page, name: string, done: () => boolean) {
  const bar = panel(page).getByRole('progressbar', { name: `Upload of ${name}` });
  const values: number[] = [];
  for (const until = Date.now() + 30_000; !done() && Date.now() < until; await sleep(100))
    values.push(Number(await bar.getAttribute('aria-valuenow')));
  return values;
}

describe('uploads in the browser', () => {
  // An account of this file's own: the admin's folders are shared with every test file running beside it.
  const member = {
    emailAddress: `big-uploads-${Date.now()}@example.com`,
    password: 'a long enough passphrase',
  };
  beforeAll(() => filesMember(baseUrl, admin, member));

  it('sends a large file in parts with moving progress, carries on after a cut connection, a pause and a reload, and stores the very bytes', async () => {
    const page = await newPage(1280);
    await logIn(page, member.emailAddress, member.password);
    await page.goto('/files');
    const folder = `Big uploads ${stamp}`;
    await newRootFolder(page, folder);

    // 24 parts of 512 KiB, the last one shorter; on disk, so picking it again gives the same modification time.
    const partCount = 24;
    const bytes = randomBytes((partCount - 1) * uploadPartBytes + 12_345);
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'uploads-e2e-')), 'holiday film.mp4');
    await writeFile(file, bytes);
    const line = await partsLine(page);

    await menuItem(page, folder, 'Upload File');
    await page.getByLabel('Files to upload').setInputFiles(file);
    const item = panel(page).getByRole('listitem').filter({ hasText: 'holiday film.mp4' });
    await item.getByText(/of 12 MB · \d+%/).waitFor();

    // The bar moves, in bytes (each part takes a second on its way), and the total with it.
    const values = await barValuesUntil(page, 'holiday film.mp4', () => line.stored.length >= 8);
    // Parts come through this test's interception whole and in fours, so the bar rises in steps.
    expect(new Set(values).size).toBeGreaterThanOrEqual(2);
    expect(values.at(-1)).toBeGreaterThan(0);
    expect(values.at(-1)).toBeLessThan(bytes.length);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(
      await panel(page).getByRole('progressbar', { name: 'All uploads' }).getAttribute('aria-valuemax'),
    ).toBe(String(bytes.length));
    await item.getByText(/MB\/s · .* left$/).waitFor();
    await shot(page, 'uploads-multipart-1280');

    // The connection drops: parts fail and are tried again; the upload neither finishes nor fails meanwhile.
    line.cut = true;
    const triedAtCut = line.tried;
    await expect.poll(() => line.tried, { timeout: 10_000 }).toBeGreaterThan(triedAtCut + 4);
    expect(await summary(page).textContent()).toBe('1 in progress');

    // Paused while cut off; resumed once back, it carries on from the stored parts.
    await item.getByRole('button', { name: 'Pause holiday film.mp4' }).click();
    await item.getByText(/^Paused · .* of 12 MB · \d+%$/).waitFor();
    expect(await summary(page).textContent()).toBe('1 paused');
    await shot(page, 'uploads-paused-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'uploads-paused-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    line.cut = false;
    const storedAtPause = line.stored.length;
    await item.getByRole('button', { name: 'Resume holiday film.mp4' }).click();
    await expect
      .poll(() => line.stored.length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(storedAtPause + 4);

    // Cut again and the page reloaded: the panel is gone; picking the same file again resumes the same upload.
    line.cut = true;
    await page.reload();
    await row(page, folder).waitFor();
    // Parts already on their way when the page went still land; count them before the same file is picked.
    await expect.poll(() => line.inFlight, { timeout: 10_000 }).toBe(0);
    line.cut = false;
    const storedBeforeReload = new Set(line.stored);
    expect(storedBeforeReload.size).toBeLessThan(partCount);
    const triedBeforePick = line.tried;
    await menuItem(page, folder, 'Upload File');
    await page.getByLabel('Files to upload').setInputFiles(file);
    await panel(page).getByRole('button', { name: 'holiday film.mp4: DONE. Remove from list' }).waitFor({
      timeout: 30_000,
    });
    expect(await summary(page).textContent()).toBe('All done');

    // Every part was stored once: nothing stored before the reload was sent again.
    expect([...line.stored].sort((a, b) => a - b)).toEqual(
      Array.from({ length: partCount }, (_, i) => i + 1),
    );
    expect(line.tried - triedBeforePick).toBe(partCount - storedBeforeReload.size);

    // The stored file is the very file picked.
    // The folder was opened by the upload landing in it.
    await row(page, 'holiday film.mp4').waitFor();
    expect(await row(page, 'holiday film.mp4').locator('td').nth(1).textContent()).toBe('12 MB');
    const downloading = page.waitForEvent('download');
    await menuItem(page, 'holiday film.mp4', 'Download');
    const download = await downloading;
    expect(sha256(await readFile((await download.path())!))).toBe(sha256(bytes));
  });

  it('says why an album photo failed, waits out a lost connection, and never says All done beside a failure', async () => {
    const page = await newPage(390);
    await signUpByApi(page, `uploads-${stamp}@example.com`, 'a long enough passphrase');
    await page.goto('/albums');
    await page.getByRole('button', { name: 'New Photo Album' }).click();
    await page
      .getByRole('dialog', { name: 'New photo album' })
      .getByRole('button', { name: 'Create' })
      .click();
    await page.waitForURL(/\/albums\/[0-9a-f-]{36}$/);

    // The first photo's two JPEGs and its original get through; after that the connection is gone.
    let blobPuts = 0;
    let cut = true;
    await page.route(/\/blobs\/[^/?]+\?/, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      if (++blobPuts > 3 && cut) return route.abort('internetdisconnected');
      return route.continue();
    });
    const photo = (hue: number) =>
      sharp({ create: { width: 900, height: 600, channels: 3, background: { r: hue, g: 120, b: 200 } } })
        .png()
        .toBuffer();
    await page.getByLabel('Add Image').setInputFiles([
      { name: 'beach.png', mimeType: 'image/png', buffer: await photo(20) },
      { name: 'sunset.png', mimeType: 'image/png', buffer: await photo(220) },
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') },
    ]);

    const item = (name: string) => panel(page).getByRole('listitem').filter({ hasText: name });
    await item('beach.png').getByText('DONE').waitFor({ timeout: 20_000 });
    // A photo whose connection is lost waits for it, as a file does; an unreadable one fails for good.
    await item('sunset.png')
      .getByText(/^Offline — will continue/)
      .waitFor();
    await item('notes.png').getByText('This file could not be read as an image.').waitFor();
    expect(await summary(page).textContent()).toBe('1 waiting for the connection, 1 failed');
    expect(await page.getByText('All done').count()).toBe(0);
    // Trying again cannot make text a picture: no Retry there.
    expect(await item('notes.png').getByRole('button', { name: /Retry/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'uploads-album-failed-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'uploads-album-failed-1280');

    // Back online, it carries on by itself (its next try comes within unreachableRetryMs, 15 s); the summary still
    // owns up to the unreadable one until it is cleared.
    cut = false;
    await item('sunset.png').getByText('DONE').waitFor({ timeout: 60_000 });
    expect(await summary(page).textContent()).toBe('1 failed');
    await panel(page).getByRole('button', { name: 'notes.png: FAILED. Remove from list' }).click();
    await expect.poll(() => summary(page).textContent()).toBe('All done');
    await expect.poll(() => page.getByRole('list', { name: 'Images' }).getByRole('link').count()).toBe(2);
  }, 150_000);
});
