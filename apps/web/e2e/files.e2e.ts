import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, beforeAll } from 'vitest';
import { indentOf, menuItem, row, rowNames } from './file-table.ts';
import { admin } from './global-setup.ts';
import { filesMember, logIn } from './session.ts';
import { announced, dragStarted, newPage, shot, baseUrl } from './support.ts';

/** Presses on `from` until the drag has started, moves in small steps onto `to`, and lets go once it is over it. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await announced(page, dragStarted);
  await page.mouse.move(a.x + a.width / 2 + 2, a.y + a.height / 2 + 2);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await to.and(page.locator('[data-drop-target]')).waitFor();
  await page.mouse.up();
}

describe('the file manager in the browser', () => {
  // An account of this file's own: the admin's folders are shared with every test file running beside it.
  const member = { emailAddress: `files-${Date.now()}@example.com`, password: 'a long enough passphrase' };
  beforeAll(() => filesMember(baseUrl, admin, member));

  it('creates, renames, uploads into, downloads, moves and deletes, with sizes kept in the folder rows', async () => {
    const page = await newPage(1280);
    await logIn(page, member.emailAddress, member.password);
    await page.goto('/files');
    await page.getByRole('heading', { name: 'Files' }).waitFor();

    // A root folder, renamed inline by F2 and Enter.
    await page.getByRole('button', { name: 'New Root Folder' }).click();
    await row(page, 'New Directory').waitFor();
    await page.getByRole('button', { name: 'Open folder New Directory', exact: true }).press('F2');
    const box = page.getByLabel('New name for New Directory');
    await box.fill('Projects');
    await box.press('Enter');
    await row(page, 'Projects').waitFor();

    // A sub folder from the menu; the parent opens to show it, one level in.
    await menuItem(page, 'Projects', 'New Directory');
    await row(page, 'New Directory').waitFor();
    expect(
      await page
        .getByRole('button', { name: 'Close folder Projects', exact: true })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await indentOf(page, 'New Directory')).toBe('30px');
    await menuItem(page, 'New Directory', 'Rename');
    await page.getByLabel('New name for New Directory').fill('Reports');
    await page.getByRole('heading', { name: 'Files' }).click(); // a click outside commits
    await row(page, 'Reports').waitFor();

    // Escape cancels an edit.
    await page.getByRole('button', { name: 'Open folder Reports', exact: true }).press('F2');
    await page.getByLabel('New name for Reports').fill('Nope');
    await page.getByLabel('New name for Reports').press('Escape');
    expect(await row(page, 'Nope').count()).toBe(0);

    // Upload through the real file input.
    const bytes = Buffer.from('Quarterly numbers: 1, 2, 3\n');
    await menuItem(page, 'Reports', 'Upload File');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'numbers.txt', mimeType: 'text/plain', buffer: bytes });
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await uploads.getByText('numbers.txt', { exact: true }).waitFor();
    await uploads.getByRole('button', { name: 'DONE' }).waitFor();
    await row(page, 'numbers.txt').waitFor();
    expect(await indentOf(page, 'numbers.txt')).toBe('60px');
    for (const name of ['Projects', 'Reports', 'numbers.txt']) {
      expect(await row(page, name).locator('td').nth(1).textContent(), name).toBe(`${bytes.length} B`);
    }
    await shot(page, 'files-1280');

    // Download: the signed URL sends the same bytes, under the file's name.
    const downloading = page.waitForEvent('download');
    await menuItem(page, 'numbers.txt', 'Download');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('numbers.txt');
    expect(await readFile((await download.path())!)).toEqual(bytes);

    // DONE clears its item; the X closes the panel.
    await uploads.getByRole('button', { name: 'DONE' }).click();
    expect(await uploads.getByText('numbers.txt', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close uploads' }).click();
    expect(await uploads.count()).toBe(0);

    // Drag the file to the top level: it leaves the folders and takes its size with it.
    await drag(page, row(page, 'numbers.txt').getByText('numbers.txt'), page.getByTestId('root-drop-zone'));
    await expect.poll(() => indentOf(page, 'numbers.txt')).toBe('0px');
    await expect.poll(() => row(page, 'Projects').locator('td').nth(1).textContent()).toBe('0 B');
    expect(await row(page, 'Reports').locator('td').nth(1).textContent()).toBe('0 B');

    // And a folder onto another folder.
    await page.getByRole('button', { name: 'New Root Folder' }).click();
    await row(page, 'New Directory').waitFor();
    await drag(page, row(page, 'Reports').getByText('Reports'), row(page, 'New Directory'));
    await expect.poll(() => row(page, 'Reports').count()).toBe(0); // its new parent is closed
    await row(page, 'New Directory').getByText('New Directory', { exact: true }).click(); // a click on the name opens
    await row(page, 'Reports').waitFor();

    // Moving without dragging, by keyboard alone: the row menu's Move to… browses the folders like a desktop.
    await page.getByRole('button', { name: 'Actions for numbers.txt', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Move to…' }).waitFor();
    while (
      !(await page
        .getByRole('menuitem', { name: 'Move to…' })
        .evaluate((el) => el === document.activeElement))
    )
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const moveDialog = page.getByRole('dialog', { name: 'Move "numbers.txt" to…' });
    await moveDialog.waitFor();
    const folderNames = () => moveDialog.locator('li button span:not([aria-hidden])').allTextContents();
    await expect.poll(folderNames).toEqual(['New Directory', 'Projects']);
    expect(await moveDialog.getByRole('button', { name: 'Move here' }).isDisabled()).toBe(true); // it is here
    await moveDialog.getByRole('button', { name: 'New Directory' }).focus();
    await page.keyboard.press('Enter'); // into New Directory; focus goes to what it holds
    await expect.poll(folderNames).toEqual(['Reports']);
    await expect
      .poll(() =>
        moveDialog.getByRole('button', { name: 'Reports' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await moveDialog.getByText('No folders in here.').waitFor();
    expect(
      await moveDialog.getByRole('navigation', { name: 'Folder path' }).locator('li').allTextContents(),
    ).toEqual(['Top level', 'New Directory', 'Reports']);
    await shot(page, 'files-move-1280');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => moveDialog.count()).toBe(0);
    // The destination opens to show it arrive, two levels in, and the folders above count its size.
    await expect.poll(() => indentOf(page, 'numbers.txt')).toBe('60px');
    expect(await row(page, 'New Directory').locator('td').nth(1).textContent()).toBe(`${bytes.length} B`);

    // Sorting: a header click makes its column active, ascending; a second click flips it.
    await page.getByRole('button', { name: 'Size' }).click();
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).toBe('Size');
    await page.getByRole('button', { name: 'Size' }).click();
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toBe('Size');
    await page.getByRole('button', { name: 'Name' }).click();

    // The menu closes on a click outside it.
    await page.getByRole('button', { name: 'Actions for Projects', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Upload File' }).waitFor();
    await page.getByRole('heading', { name: 'Files' }).click();
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);

    // Delete a folder through the menu and the dialog.
    await menuItem(page, 'Projects', 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete folder?' });
    await dialog.getByText('everything in it').waitFor();
    await shot(page, 'files-delete-1280');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(page, 'Projects').count()).toBe(0);

    // Reloading shows what the server keeps, every folder closed.
    await page.reload();
    await row(page, 'New Directory').waitFor();
    expect(await row(page, 'New Directory').locator('td').nth(1).textContent()).toBe(`${bytes.length} B`);
    expect(await row(page, 'Reports').count()).toBe(0);
    expect(await row(page, 'numbers.txt').count()).toBe(0);
  });

  it('fits a phone screen', async () => {
    const page = await newPage(390);
    await logIn(page, member.emailAddress, member.password);
    await page.goto('/files');
    await page.getByRole('button', { name: 'New Root Folder' }).waitFor();
    const before = await rowNames(page);
    await page.getByRole('button', { name: 'New Root Folder' }).click();
    await expect.poll(async () => (await rowNames(page)).length).toBe(before.length + 1);
    const made = (await rowNames(page)).find((n) => !before.includes(n))!;
    await menuItem(page, made, 'Rename');
    await page.getByLabel(`New name for ${made}`).fill('Phone uploads');
    await page.getByLabel(`New name for ${made}`).press('Enter');
    // The member may already have a top-level "New Directory" from the first test: count, do not just find one.
    const directories = await row(page, 'New Directory').count();
    await menuItem(page, 'Phone uploads', 'New Directory');
    await expect.poll(() => row(page, 'New Directory').count()).toBe(directories + 1);
    await menuItem(page, 'Phone uploads', 'Upload File');
    await page.locator('input[type=file]').setInputFiles([
      {
        name: 'a rather long file name for a small screen.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(1_250_000, 7),
      },
      { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(48_000, 3) },
    ]);
    // Waits for the second DONE as for any element: two uploads on a busy machine outlast a 1 s poll.
    await page.getByRole('button', { name: 'DONE' }).nth(1).waitFor();
    expect(await page.getByRole('button', { name: 'DONE' }).count()).toBe(2);
    expect(await row(page, 'Phone uploads').locator('td').nth(1).textContent()).toBe('1.3 MB');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'files-390');
    await page.getByRole('button', { name: 'Actions for photo.jpg', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    await shot(page, 'files-menu-390');
  });

  it('tells a member without the files permission what is missing', async () => {
    const page = await newPage(1280, '/create-account');
    await page.getByLabel('Email').fill(`no-files-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('member passphrase');
    await page.getByLabel('Retype password').fill('member passphrase');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.goto('/files');
    await page.getByText('Requires the files permission').waitFor();
  });
});
