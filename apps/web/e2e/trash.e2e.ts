import type { Image } from '@site/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it, beforeAll } from 'vitest';
import { menuItem, row } from './file-table.ts';
import { admin } from './global-setup.ts';
import { newAlbum } from './new-album.ts';
import { callApi } from './page-api.ts';
import { pictureFile } from './pictures.ts';
import { logIn, filesMember } from './session.ts';
import { newPage, shot, stillPage, baseUrl } from './support.ts';

const stamp = Date.now();
const fileName = `trash-note-${stamp}.txt`;
const albumName = `Trash test ${stamp}`;

const trashItem = (page: Page, label: string) => page.getByRole('listitem', { name: label });
const photoLabel = `photo from “${albumName}”`;
const fileLabel = `file “${fileName}”`;

/** Opens the folder `name` unless it is open already (the Files screen remembers open folders). */
async function openFolder(page: Page, name: string) {
  const open = page.getByRole('button', { name: `Open folder ${name}`, exact: true });
  const close = page.getByRole('button', { name: `Close folder ${name}`, exact: true });
  await open.or(close).waitFor();
  if (await open.isVisible()) await open.click();
}

describe('the trash in the browser', () => {
  // An account of this file's own: the admin's folders are shared with every test file running beside it.
  const member = { emailAddress: `trash-${Date.now()}@example.com`, password: 'a long enough passphrase' };
  beforeAll(() => filesMember(baseUrl, admin, member));

  let page: Page;
  let folderName: string;
  /** The album whose photos the restore test puts back in order. */
  let orderedAlbumId = '';

  it('deletes a file and a photo into the trash, which lists them with where they were', async () => {
    page = await newPage(1280);
    await logIn(page, member.emailAddress, member.password);

    // A file in a new folder, then deleted: the dialog says where it goes.
    await page.goto('/files');
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    const before = await page.locator('tr[data-node-name^="New Directory"]').count();
    await page.getByRole('button', { name: 'New Root Folder' }).click();
    folderName = before === 0 ? 'New Directory' : `New Directory (${before + 1})`;
    await row(page, folderName).waitFor();
    await menuItem(page, folderName, 'Upload File');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('keep me, maybe\n') });
    await row(page, fileName).waitFor();
    await menuItem(page, fileName, 'Delete');
    const fileDialog = page.getByRole('dialog', { name: 'Delete file?' });
    await fileDialog.getByText('will be moved to the Trash, where you can restore it').waitFor();
    await fileDialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(page, fileName).count()).toBe(0);

    // A photo in a new album, then deleted: the spec's dialog, plus a line about the Trash.
    await newAlbum(page, albumName);
    await page.getByLabel('Add Image').setInputFiles([await pictureFile(page, 'sun.png')]);
    const images = page.getByRole('list', { name: 'Images' }).getByRole('link');
    await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(1);
    await images.first().click();
    await page.getByRole('button', { name: 'Image actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'DELETE image' });
    await imageDialog.getByText('Are you Sure?').waitFor();
    await imageDialog.getByText('It goes to the Trash').waitFor();
    await imageDialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: albumName }).waitFor();
    await expect.poll(() => images.count()).toBe(0);

    // The account menu leads to the Trash.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Trash' }).click();
    await page.waitForURL((url) => url.pathname === '/trash');
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    const file = trashItem(page, fileLabel);
    await file.getByText(`Files › ${folderName}`).waitFor();
    await file.getByText('15 B').waitFor();
    const photo = trashItem(page, photoLabel);
    await photo.getByText(`Album “${albumName}”`).waitFor();
    // Named after the file it was added from, and shown by its thumbnail.
    await photo.getByText('sun.png').waitFor();
    await expect
      .poll(() => photo.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await stillPage(page);
    await shot(page, 'trash-1280');
  });

  it('restores the file to its folder and deletes the photo forever', async () => {
    await trashItem(page, fileLabel)
      .getByRole('button', { name: `Restore ${fileName}`, exact: true })
      .click();
    await page.getByRole('status').getByText(`“${fileName}” is back in Files › ${folderName}.`).waitFor();
    await expect.poll(() => trashItem(page, fileLabel).count()).toBe(0);

    await trashItem(page, photoLabel)
      .getByRole('button', { name: `Delete ${photoLabel} forever`, exact: true })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete forever?' });
    await confirm.getByText(`The ${photoLabel} will be deleted. This cannot be undone.`).waitFor();
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await expect.poll(() => trashItem(page, photoLabel).count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    await page.getByText('Deleted files, folders').waitFor();
    expect(await trashItem(page, photoLabel).count()).toBe(0);

    await page.goto('/files');
    await openFolder(page, folderName);
    await row(page, fileName).waitFor();
  });

  it('restores a photo to its old place in the album, not at the end', async () => {
    await newAlbum(page, `${albumName} in order`);
    const photoAlbumId = new URL(page.url()).pathname.split('/')[2]!;
    orderedAlbumId = photoAlbumId;
    const names = ['one.png', 'two.png', 'three.png'];
    for (const [i, name] of names.entries()) {
      // One by one, so they take their ranks in this order; different skies, so none is a duplicate.
      await page.getByLabel('Add Image').setInputFiles([await pictureFile(page, name, { sky: 60 * i })]);
      const count = i + 1;
      await expect
        .poll(() => page.getByRole('list', { name: 'Images' }).getByRole('link').count(), { timeout: 20_000 })
        .toBe(count);
    }
    const order = async () =>
      (await callApi<Image[]>(page, 'GET', `/api/photo-albums/${photoAlbumId}/images`))
        .sort((a, b) => a.rank - b.rank)
        .map((i) => i.original?.name);
    expect(await order()).toEqual(names);
    const two = (await callApi<Image[]>(page, 'GET', `/api/photo-albums/${photoAlbumId}/images`)).find(
      (i) => i.original?.name === 'two.png',
    )!;
    await callApi(page, 'DELETE', `/api/photo-albums/${photoAlbumId}/${two.imageId}`);
    expect(await order()).toEqual(['one.png', 'three.png']);

    await page.goto('/trash');
    const label = `photo from “${albumName} in order”`;
    await trashItem(page, label).getByText('two.png').waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
    await stillPage(page);
    await shot(page, 'trash-photo-1280x800', { fullPage: false });
    await trashItem(page, label).getByRole('button', { name: 'Restore' }).click();
    await page
      .getByRole('status')
      .getByText(`The photo is back in the album “${albumName} in order”.`)
      .waitFor();
    expect(await order()).toEqual(names);
  });

  it('fits a phone: the trash at 390 px with an item and the empty-trash dialog', async () => {
    const phone = await newPage(390);
    await logIn(phone, member.emailAddress, member.password);
    await phone.goto('/files');
    await openFolder(phone, folderName);
    await menuItem(phone, fileName, 'Delete');
    await phone.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(phone, fileName).count()).toBe(0);
    // A photo too, to see its thumbnail on a phone.
    const [photo] = await callApi<Image[]>(phone, 'GET', `/api/photo-albums/${orderedAlbumId}/images`);
    await callApi(phone, 'DELETE', `/api/photo-albums/${orderedAlbumId}/${photo!.imageId}`);
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/trash');
    await trashItem(phone, fileLabel).waitFor();
    await trashItem(phone, `photo from “${albumName} in order”`).getByText('one.png').waitFor();
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await stillPage(phone);
    await shot(phone, 'trash-390');

    await phone.getByRole('button', { name: 'Empty trash' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Empty trash?' });
    await confirm.getByText(/will be deleted\. This cannot be undone\./).waitFor();
    await stillPage(phone);
    await shot(phone, 'trash-empty-dialog-390');
    await confirm.getByRole('button', { name: 'Delete forever' }).click();
    await phone.getByText('The trash is empty.').waitFor();
  });
});
