import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsBigFolderMember, bigFolderSite } from './big-folder-site.ts';
import { row } from './file-table.ts';
import { newPage, shot } from './support.ts';

const children = 30_000;
let site: Awaited<ReturnType<typeof bigFolderSite>>;
beforeAll(async () => {
  site = await bigFolderSite(children);
}, 240_000);
afterAll(() => site?.close());

const rowsInPage = (page: Page) => page.locator('tr[data-node-name]').count();

let member: BrowserContext | undefined;

/**
 * Opens the Files screen in a new tab of the member's browser, logged in through the form the first time: the
 * tests share the log in rather than start a browser each. The tab before is closed, so its 30,000 rows do not
 * compete for the CPU.
 */
async function filesScreen(width: number) {
  let page: Page;
  if (member) {
    const before = member.pages();
    page = await member.newPage();
    await Promise.all(before.map((p) => p.close()));
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.setViewportSize({ width, height: 900 });
  } else {
    page = await newPage(width);
    member = page.context();
    await logInAsBigFolderMember(page, site.url);
  }
  await page.goto(`${site.url}/files`);
  await row(page, 'Big folder').waitFor();
  return page;
}

/** Opens "Big folder" and waits for its first row; answers the milliseconds that took. */
async function openBigFolder(page: Page) {
  const started = Date.now();
  await page.getByRole('button', { name: 'Open folder Big folder', exact: true }).click();
  await row(page, 'item 1').waitFor();
  return Date.now() - started;
}

const allLoaded = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: 'Loading more' })
    .waitFor({ state: 'detached', timeout: 60_000 });

describe('a folder of 30,000 files in the browser', () => {
  it('opens with its first rows at once, keeps only a window of rows in the page, and scrolls to the last', async () => {
    const page = await filesScreen(1280);
    const firstRows = await openBigFolder(page);
    console.log(`first rows of ${children} after ${firstRows} ms`);
    expect(await rowsInPage(page)).toBeLessThan(200);
    await allLoaded(page);
    expect(await rowsInPage(page)).toBeLessThan(200);
    await shot(page, 'files-big-folder-top-1280', { fullPage: false });

    // The whole folder is in the sort: the largest file of all comes first by size, descending.
    await page.getByRole('button', { name: 'Size', exact: true }).click();
    await page.getByRole('button', { name: 'Size', exact: true }).click();
    await row(page, `item ${children}`).waitFor();
    const first = await page.locator('tr[data-node-name]').nth(1).getAttribute('data-node-name');
    expect(first).toBe(`item ${children}`);
    await page.getByRole('button', { name: 'Name', exact: true }).click();

    // The last child by name, at the end of the page, and still a window of rows.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await row(page, `item ${children}`).waitFor();
    await row(page, 'item 1').waitFor({ state: 'detached' });
    expect(await rowsInPage(page)).toBeLessThan(200);
    await shot(page, 'files-big-folder-end-1280', { fullPage: false });

    // A row that came into the page by scrolling still renames with F2 and Enter.
    await page.getByRole('button', { name: `Actions for item ${children}`, exact: true }).press('F2');
    const box = page.getByLabel(`New name for item ${children}`);
    await box.fill('item zz last');
    await box.press('Enter');
    await row(page, 'item zz last').waitFor();

    // A rename in progress whose row scrolls out of the window is kept, as a click elsewhere would keep it.
    await page.getByRole('button', { name: 'Actions for item zz last', exact: true }).press('F2');
    await page.getByLabel('New name for item zz last').fill('item zz scrolled away');
    await page.evaluate(() => window.scrollTo(0, 0));
    await row(page, 'item 1').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await row(page, 'item zz scrolled away').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
  });

  it('opens Move to… inside the big folder after one page of its listing, its files not read', async () => {
    const page = await filesScreen(1280);
    await openBigFolder(page);
    await allLoaded(page); // the table's own pages, read in the background, are not the dialog's
    const listings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/files')) listings.push(request.url());
    });
    await page.getByRole('button', { name: 'Actions for item 1', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Move to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move "item 1" to…' });
    await dialog.getByText('No folders in here.').waitFor();
    expect(listings).toHaveLength(1);
    expect(new URL(listings[0]!).searchParams.get('limit')).toBe('500');
    // Up at the top level, both folders are there to move into.
    await dialog.getByRole('button', { name: 'Top level' }).click();
    await dialog.getByRole('button', { name: 'Small folder' }).waitFor();
    await dialog.getByRole('button', { name: 'Big folder' }).waitFor();
  });

  it('scrolls the big folder at 390 px, its rows as on a phone', async () => {
    const page = await filesScreen(390);
    await openBigFolder(page);
    await allLoaded(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForFunction(() => !document.querySelector('tr[data-node-name="item 1"]'));
    expect(await rowsInPage(page)).toBeLessThan(200);
    await shot(page, 'files-big-folder-middle-390', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
