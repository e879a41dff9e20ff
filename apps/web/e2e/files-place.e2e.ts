import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigFolderSite, logInAsBigFolderMember } from './big-folder-site.ts';
import { menuItem, row } from './file-table.ts';
import { newPage } from './support.ts';

let site: Awaited<ReturnType<typeof bigFolderSite>>;
beforeAll(async () => {
  site = await bigFolderSite(600, { stored: true });
}, 240_000);
afterAll(() => site?.close());

/** The Files screen with "Big folder" (600 files) open, scrolled half way down. */
async function scrolledHalfWay(width: number) {
  const page = await newPage(width, '/api/health');
  await logInAsBigFolderMember(page, site.url);
  await page.goto(`${site.url}/files`);
  await page.getByRole('button', { name: 'Open folder Big folder', exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Loading more' })
    .waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForFunction(() => document.documentElement.scrollHeight > 600 * 40);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  // The table draws the rows that scrolled into view a frame later.
  await page.waitForFunction(() =>
    document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)?.closest('tr[data-index]'),
  );
  return page;
}

/** The names of the rows from the one in the middle of the screen down. */
const namesFromMiddle = (page: Page) =>
  page.evaluate(() => {
    const middle = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2)?.closest('tr');
    const index = Number(middle?.dataset.index);
    return [0, 1, 2, 3].map(
      (i) => document.querySelector(`tr[data-index="${index + i}"]`)?.getAttribute('data-node-name') ?? '',
    );
  });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** The row holding the focused element, by name. */
const focusedRow = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-node-name') ?? null);

describe('the place in a big folder after an action', () => {
  for (const width of [1280, 390]) {
    it(`keeps the scroll and puts focus back on the row after delete, move and rename at ${width} px`, async () => {
      const page = await scrolledHalfWay(width);
      const [first = '', second = '', third = '', fourth = ''] = await namesFromMiddle(page);
      const before = await scrollY(page);
      expect(before).toBeGreaterThan(3000);

      // A dialog let go of gives focus back to the button that opened its menu.
      await menuItem(page, first, 'Delete');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe(`Actions for ${first}`);

      await menuItem(page, first, 'Delete');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await row(page, first).waitFor({ state: 'detached' });
      await expect.poll(() => focusedRow(page)).toBe(second);
      expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(100);

      await menuItem(page, second, 'Move to…');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Top level' }).click();
      await dialog.getByRole('button', { name: 'Small folder' }).click();
      await dialog.getByRole('button', { name: 'Move here' }).click();
      await row(page, second).waitFor({ state: 'detached' });
      await expect.poll(() => focusedRow(page)).toBe(third);
      expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(100);

      // F2 and Enter: the renamed row keeps the focus, and the page its scroll.
      await row(page, third).getByRole('checkbox').focus();
      await page.keyboard.press('F2');
      await page.getByLabel(`New name for ${third}`).fill(`${third} renamed`);
      await page.getByLabel(`New name for ${third}`).press('Enter');
      await expect.poll(() => focusedRow(page)).toBe(`${third} renamed`);
      expect(Math.abs((await scrollY(page)) - before)).toBeLessThan(100);

      // A double click on a file's name opens it (a download), without starting a rename.
      const download = page.waitForEvent('download');
      await row(page, fourth).locator('span', { hasText: fourth }).last().dblclick();
      expect((await download).suggestedFilename()).toBe(fourth);
      expect(await page.getByLabel(`New name for ${fourth}`).count()).toBe(0);
      await page.context().close();
    });
  }
});
