import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { menuItem, row } from './file-table.ts';
import { admin } from './global-setup.ts';
import { filesMember, logIn } from './session.ts';
import { baseUrl, newPage, shot } from './support.ts';

const stamp = Date.now();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const panel = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const summary = (page: Page) => panel(page).locator('header span[aria-live]');
const item = (page: Page, name: string) => panel(page).getByRole('listitem').filter({ hasText: name });

/** The network as DevTools sets it: `upload` bytes a second (unlimited when absent), or none at all. */
async function network(cdp: CDPSession, { offline = false, upload }: { offline?: boolean; upload?: number }) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: upload ?? -1,
  });
}

/** Records which parts of a MultiPart upload were asked to be stored and which the store took. */
function partsSeen(page: Page) {
  const seen = { sent: [] as number[], stored: [] as number[] };
  const partOf = (url: string) => Number(/\/parts\/(\d+)/.exec(url)?.[1] ?? 0);
  page.on('request', (r) => {
    if (r.method() === 'PUT' && partOf(r.url())) seen.sent.push(partOf(r.url()));
  });
  page.on('response', (r) => {
    if (r.request().method() === 'PUT' && partOf(r.url()) && r.status() === 204)
      seen.stored.push(partOf(r.url()));
  });
  return seen;
}

/** Percent of `name` the panel's bar shows. */
async function percent(page: Page, name: string) {
  const bar = panel(page).getByRole('progressbar', { name: `Upload of ${name}` });
  const [now, max] = await Promise.all([
    bar.getAttribute('aria-valuenow'),
    bar.getAttribute('aria-valuemax'),
  ]);
  return now && max ? (Number(now) / Number(max)) * 100 : 0;
}

async function newRootFolder(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Files' }).waitFor();
  await page.getByRole('button', { name: 'New Root Folder' }).click();
  // The member's other folders have real names: the new one is the only 'New Directory' among them.
  const made = page.locator('tr[data-node-name^="New Directory"]');
  await made.waitFor();
  const madeName = (await made.getAttribute('data-node-name'))!;
  await menuItem(page, madeName, 'Rename');
  await page.getByLabel(`New name for ${madeName}`).fill(name);
  await page.getByLabel(`New name for ${madeName}`).press('Enter');
  await row(page, name).waitFor();
}

/** A file of `size` random bytes on disk (so choosing it again gives the same modification time). */
async function fileOf(name: string, size: number) {
  const bytes = randomBytes(size);
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'uploads-offline-')), name);
  await writeFile(file, bytes);
  return { file, bytes };
}

/** Downloads `name` from the Files table and answers its bytes' hash. */
async function downloadedHash(page: Page, name: string) {
  await row(page, name).waitFor();
  const downloading = page.waitForEvent('download');
  await menuItem(page, name, 'Download');
  return sha256(await readFile((await (await downloading).path())!));
}

describe('uploads that say where they stand', () => {
  const member = {
    emailAddress: `uploads-offline-${stamp}@example.com`,
    password: 'a long enough passphrase',
  };
  beforeAll(() => filesMember(baseUrl, admin, member));

  /** A page logged in as the member, on Files, with a folder of its own; the network under the test's control. */
  async function filesPage(width: number, folder: string) {
    const page = await newPage(width);
    await logIn(page, member.emailAddress, member.password);
    await page.goto('/files');
    await newRootFolder(page, folder);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    return { page, cdp };
  }

  it('waits out a network cut mid-upload, says so, and finishes by itself with the very bytes', async () => {
    const folder = `Cut ${stamp}`;
    const { page, cdp } = await filesPage(1280, folder);
    const { file, bytes } = await fileOf('garden film.mp4', 12 * 512 * 1024 + 4321);
    const parts = partsSeen(page);
    await network(cdp, { upload: 1024 * 1024 });
    await menuItem(page, folder, 'Upload File');
    await page.getByLabel('Files to upload').setInputFiles(file);

    await expect.poll(() => percent(page, 'garden film.mp4'), { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
    await network(cdp, { offline: true });
    const line = item(page, 'garden film.mp4');
    await line.getByText(/^Offline — will continue · .* of 6\.3 MB · \d+%$/).waitFor();
    expect(await summary(page).textContent()).toBe('1 waiting for the connection');
    expect(await line.getByRole('status', { name: 'Uploading garden film.mp4' }).count()).toBe(0);
    const storedAtCut = new Set(parts.stored);
    expect(storedAtCut.size).toBeGreaterThan(0);
    await shot(page, 'uploads-offline-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'uploads-offline-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    // It stays waiting: no failure while the network is gone.
    await page.waitForTimeout(2000);
    await line.getByText(/^Offline — will continue/).waitFor();

    const sentBeforeReturn = parts.sent.length;
    await network(cdp, {});
    await panel(page)
      .getByRole('button', { name: 'garden film.mp4: DONE. Remove from list' })
      .waitFor({ timeout: 30_000 });
    // The parts stored before the cut were kept, not sent again.
    const sentAfter = parts.sent.slice(sentBeforeReturn);
    expect(sentAfter.filter((n) => storedAtCut.has(n))).toEqual([]);
    expect(await downloadedHash(page, 'garden film.mp4')).toBe(sha256(bytes));
  });

  it('lists an upload a reload left unfinished, with its folder, and carries it on when the file is chosen again', async () => {
    const folder = `Reload ${stamp}`;
    const { page, cdp } = await filesPage(390, folder);
    const { file, bytes } = await fileOf('school play.mov', 12 * 512 * 1024 + 99);
    const parts = partsSeen(page);
    await network(cdp, { upload: 1024 * 1024 });
    await menuItem(page, folder, 'Upload File');
    await page.getByLabel('Files to upload').setInputFiles(file);
    await expect.poll(() => percent(page, 'school play.mov'), { timeout: 30_000 }).toBeGreaterThanOrEqual(30);

    await network(cdp, {});
    await page.reload();
    const line = item(page, 'school play.mov');
    await line.getByText('Unfinished: school play.mov — choose it again to continue').waitFor();
    await line.getByText(`To ${folder} · 6.3 MB`).waitFor();
    expect(await summary(page).textContent()).toBe('1 unfinished');
    await shot(page, 'uploads-unfinished-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'uploads-unfinished-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 900 });

    // Parts on their way at the reload may still land; what the store holds then is not sent again.
    await page.waitForTimeout(1500);
    const storedBefore = new Set(parts.stored);
    const sentBefore = parts.sent.length;
    await page.getByLabel('Choose school play.mov again').setInputFiles(file);
    await panel(page)
      .getByRole('button', { name: 'school play.mov: DONE. Remove from list' })
      .waitFor({ timeout: 30_000 });
    expect(parts.sent.slice(sentBefore).filter((n) => storedBefore.has(n))).toEqual([]);
    await page.reload();
    await row(page, folder).waitFor();
    // Nothing is listed as unfinished any more.
    expect(await panel(page).count()).toBe(0);
    await row(page, folder).click();
    expect(await downloadedHash(page, 'school play.mov')).toBe(sha256(bytes));
  });

  it.each([1280, 390])(
    'pauses and resumes a small file sent in one PUT, then clears it once done (%i px)',
    async (width) => {
      const folder = `Small ${width} ${stamp}`;
      const { page, cdp } = await filesPage(width, folder);
      const { file, bytes } = await fileOf(`letter ${width}.pdf`, 1536 * 1024);
      const name = `letter ${width}.pdf`;
      await network(cdp, { upload: 200 * 1024 });
      await menuItem(page, folder, 'Upload File');
      await page.getByLabel('Files to upload').setInputFiles(file);
      const line = item(page, name);
      await expect.poll(() => percent(page, name), { timeout: 30_000 }).toBeGreaterThan(5);
      await line.getByRole('button', { name: `Pause ${name}` }).click();
      await line.getByText(/^Paused · .* of 1\.6 MB · \d+%$/).waitFor();
      expect(await summary(page).textContent()).toBe('1 paused');
      await line.getByRole('button', { name: `Cancel the upload of ${name}` }).waitFor();
      await shot(page, `uploads-small-paused-${width}`, { fullPage: false });

      await network(cdp, {});
      await line.getByRole('button', { name: `Resume ${name}` }).click();
      const done = panel(page).getByRole('button', { name: `${name}: DONE. Remove from list` });
      await done.waitFor({ timeout: 30_000 });
      // A finished item clears itself after a few seconds, and the panel goes with it.
      await done.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await panel(page).count()).toBe(0);
      expect(await downloadedHash(page, name)).toBe(sha256(bytes));
    },
  );
});
