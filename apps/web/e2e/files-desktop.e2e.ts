import type { FileNode } from '@site/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it, beforeAll } from 'vitest';
import { indentOf, menuItem, row, rowNames } from './file-table.ts';
import { admin } from './global-setup.ts';
import { callApi } from './page-api.ts';
import { logIn, filesMember } from './session.ts';
import { newPage, shot, baseUrl } from './support.ts';

/** Makes folders through the Files API, as another tab would: `[name, parent name or null]`, parents first. */
async function makeFolders(page: Page, folders: [string, string | null][]) {
  const ids = new Map<string, string>();
  for (const [name, parent] of folders) {
    const parentId = parent === null ? null : ids.get(parent);
    const made = await callApi<FileNode>(page, 'POST', '/api/files/create-directory', { name, parentId });
    ids.set(name, made.nodeId);
  }
}

describe('Files opens like a desktop', () => {
  // An account of this file's own: the admin's folders are shared with every test file running beside it.
  const member = {
    emailAddress: `files-desktop-${Date.now()}@example.com`,
    password: 'a long enough passphrase',
  };
  beforeAll(() => filesMember(baseUrl, admin, member));

  for (const width of [1280, 390]) {
    it(`opens a folder by its name, moves a file into a folder never opened, sorts by size mixing folders and files (${width} px)`, async () => {
      const page = await newPage(width);
      await logIn(page, member.emailAddress, member.password);
      const inbox = `Inbox ${width}`;
      const family = `Family ${width}`;
      await page.goto('/files');
      await page.getByRole('heading', { name: 'Files' }).waitFor();
      await makeFolders(page, [
        [inbox, null],
        [`Small ${width}`, inbox],
        [family, null],
        [`Trips ${width}`, family],
        [`Year ${width}`, `Trips ${width}`],
      ]);
      await page.reload();

      // A click on the name opens the folder and a second one closes it; Enter on it opens it again.
      await row(page, inbox).getByText(inbox, { exact: true }).click();
      await row(page, `Small ${width}`).waitFor();
      expect(await indentOf(page, `Small ${width}`)).toBe('30px');
      await row(page, inbox).getByText(inbox, { exact: true }).click();
      await expect.poll(() => row(page, `Small ${width}`).count()).toBe(0);
      await page.getByRole('button', { name: `Open folder ${inbox}`, exact: true }).press('Enter');
      await row(page, `Small ${width}`).waitFor();

      // Two files into the inbox: a 3 MB one, bigger than the folder beside it, and a small one.
      await menuItem(page, inbox, 'Upload File');
      await page.locator('input[type=file]').setInputFiles([
        { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(3_000_000, 1) },
        { name: 'letter.txt', mimeType: 'text/plain', buffer: Buffer.alloc(2_000, 65) },
      ]);
      await row(page, 'big.bin').waitFor();
      await row(page, 'letter.txt').waitFor();
      await page.getByRole('button', { name: 'Close uploads' }).click();
      // By name, folders come first, as on a desktop.
      const order = async (...names: string[]) => {
        const all = await rowNames(page);
        return names.map((n) => all.indexOf(n));
      };
      const [small, big, letter] = await order(`Small ${width}`, 'big.bin', 'letter.txt');
      expect(small).toBeLessThan(big!);
      expect(big).toBeLessThan(letter!);

      // By size, descending: the 3 MB file, then the 2 KB one, then the empty folder.
      await page.getByRole('button', { name: 'Size' }).click();
      await page.getByRole('button', { name: 'Size' }).click();
      expect(await page.locator('th[aria-sort="descending"]').textContent()).toBe('Size');
      await expect
        .poll(async () => {
          const [bigAt, letterAt, smallAt] = await order('big.bin', 'letter.txt', `Small ${width}`);
          return bigAt! < letterAt! && letterAt! < smallAt!;
        })
        .toBe(true);
      await shot(page, `files-size-sort-${width}`);
      await page.getByRole('button', { name: 'Name' }).click();

      // Move to… reaches a folder two levels down that the table never opened.
      await menuItem(page, 'letter.txt', 'Move to…');
      const dialog = page.getByRole('dialog', { name: 'Move "letter.txt" to…' });
      await dialog.getByRole('button', { name: `Small ${width}` }).waitFor(); // it opens where the file is
      await dialog.getByRole('button', { name: 'Top level' }).click();
      await dialog.getByRole('button', { name: family }).click();
      await dialog.getByRole('button', { name: `Trips ${width}` }).click();
      await dialog.getByRole('button', { name: `Year ${width}` }).click();
      await dialog.getByText('No folders in here.').waitFor();
      await shot(page, `files-move-unopened-${width}`);
      await dialog.getByRole('button', { name: 'Move here' }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      // The way down opens to show it arrive, three levels in; the sizes above it follow.
      await row(page, 'letter.txt').waitFor();
      expect(await indentOf(page, 'letter.txt')).toBe('90px');
      for (const name of [family, `Trips ${width}`, `Year ${width}`])
        await expect
          .poll(() => row(page, name).locator('td').nth(1).textContent(), { message: name })
          .toBe('2 KB');
      expect(await row(page, inbox).locator('td').nth(1).textContent()).toBe('3 MB');
      await shot(page, `files-moved-${width}`);

      // F2 renames the focused folder, as on a desktop.
      await page.getByRole('button', { name: `Close folder Year ${width}`, exact: true }).press('F2');
      const box = page.getByLabel(`New name for Year ${width}`);
      await box.fill(`Summer ${width}`);
      await box.press('Enter');
      await row(page, `Summer ${width}`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
});
