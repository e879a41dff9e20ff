import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { row } from './file-table.ts';
import { admin } from './global-setup.ts';
import { newAlbum } from './new-album.ts';
import { pictureFile } from './pictures.ts';
import { filesMember, logIn } from './session.ts';
import { baseUrl, newPage, shot } from './support.ts';
import { videoSample } from './video-samples.ts';

interface Dropped {
  name: string;
  type: string;
  base64: string;
}

const textFile = (name: string, text: string): Dropped => ({
  name,
  type: 'text/plain',
  base64: Buffer.from(text).toString('base64'),
});

/**
 * Drags `files` from "the computer" over `target` as the browser does (dragenter, dragover with a DataTransfer
 * holding them), checks the hint says `hint`, and drops them there.
 */
async function dropFiles(page: Page, target: Locator, files: Dropped[], hint: string) {
  const dataTransfer = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const f of files) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect.poll(() => page.getByTestId('file-drop-hint').textContent()).toBe(hint);
  await target.dispatchEvent('drop', { dataTransfer });
  await page.getByTestId('file-drop-hint').waitFor({ state: 'detached' });
}

const member = { emailAddress: `drop-${Date.now()}@example.com`, password: 'a long enough passphrase' };

describe('files dropped in from the computer', () => {
  beforeAll(() => filesMember(baseUrl, admin, member));

  for (const width of [1280, 390]) {
    it(`go into the folder they are dropped on, or the top level, and Upload adds at the top (${width} px)`, async () => {
      const page = await newPage(width);
      await logIn(page, member.emailAddress, member.password);
      await page.goto('/files');
      await page.getByRole('button', { name: 'New Root Folder' }).click();
      const folder = `Drops ${width}`;
      await page.getByRole('button', { name: 'Open folder New Directory', exact: true }).press('F2');
      await page.getByLabel('New name for New Directory').fill(folder);
      await page.getByLabel('New name for New Directory').press('Enter');
      await row(page, folder).waitFor();

      // Onto a folder's row: into that folder, which opens to show it.
      await dropFiles(
        page,
        row(page, folder),
        [textFile(`a-${width}.txt`, 'alpha')],
        `Drop files to upload to ${folder}`,
      );
      await row(page, `a-${width}.txt`).waitFor();
      await expect.poll(() => row(page, folder).locator('td').nth(1).textContent()).toBe('5 B');

      // Onto a file's row: into the folder holding it.
      await dropFiles(
        page,
        row(page, `a-${width}.txt`),
        [textFile(`b-${width}.txt`, 'beta')],
        `Drop files to upload to ${folder}`,
      );
      await row(page, `b-${width}.txt`).waitFor();
      await expect.poll(() => row(page, folder).locator('td').nth(1).textContent()).toBe('9 B');

      // Onto the page around the table: the top level.
      await dropFiles(
        page,
        page.getByRole('heading', { name: 'Files' }),
        [textFile(`top-${width}.txt`, 'top')],
        'Drop files to upload to Files',
      );
      await row(page, `top-${width}.txt`).waitFor();

      // The Upload button at the top puts files at the top level too.
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.locator('input[type=file]').setInputFiles({
        name: `picked-${width}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from('picked'),
      });
      await row(page, `picked-${width}.txt`).waitFor();
      expect(
        await row(page, `picked-${width}.txt`)
          .locator('td')
          .first()
          .locator('div')
          .first()
          .evaluate((el) => getComputedStyle(el).paddingLeft),
      ).toBe('0px');

      // After a reload, the server agrees on where each went.
      await page.reload();
      await row(page, `top-${width}.txt`).waitFor();
      await row(page, `picked-${width}.txt`).waitFor();
      expect(await row(page, `a-${width}.txt`).count()).toBe(0);
      await page.getByRole('button', { name: `Open folder ${folder}`, exact: true }).click();
      await row(page, `b-${width}.txt`).waitFor();
      await page.context().close();
    });
  }

  it('shows where files would land while they hover', async () => {
    const page = await newPage(1280);
    await logIn(page, member.emailAddress, member.password);
    await page.goto('/files');
    await row(page, 'Drops 1280').waitFor();
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['x'], 'x.txt'));
      return dt;
    });
    const outlined = page.locator('[data-file-drop-area]');
    expect(await outlined.count()).toBe(0);
    // Over the page around the table, the whole table is outlined for the top level.
    await page.getByRole('heading', { name: 'Files' }).dispatchEvent('dragover', { dataTransfer });
    await outlined.waitFor();
    await row(page, 'Drops 1280').dispatchEvent('dragover', { dataTransfer });
    await outlined.waitFor({ state: 'detached' });
    await page.getByTestId('file-drop-hint').waitFor();
    expect(await row(page, 'Drops 1280').getAttribute('data-drop-target')).toBe('true');
    await shot(page, 'file-drop-1280', { fullPage: false });
    await page.context().close();
  });

  it('adds photos and videos dropped on an album, leaving out what the picker would not offer', async () => {
    const page = await newPage(390);
    await logIn(page, member.emailAddress, member.password);
    await newAlbum(page, 'Dropped photos');
    const photo = await pictureFile(page, 'dropped.jpg');
    const clip = videoSample('mp4', 2, '2025-07-01T12:00:00Z');
    await dropFiles(
      page,
      page.getByRole('list', { name: 'Images' }),
      [
        { name: photo.name, type: photo.mimeType, base64: photo.buffer.toString('base64') },
        { name: 'clip.mp4', type: 'video/mp4', base64: clip.toString('base64') },
        textFile('notes.txt', 'not a photo'),
      ],
      'Drop photos or videos to add to Dropped photos',
    );
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await uploads.getByText('dropped.jpg', { exact: true }).waitFor();
    await uploads.getByText('clip.mp4', { exact: true }).waitFor();
    const tiles = page.getByRole('list', { name: 'Images' }).getByRole('link');
    await expect.poll(() => tiles.count(), { timeout: 90_000 }).toBe(2);
    await tiles.filter({ hasText: '0:02' }).waitFor();
    expect(await uploads.getByText('notes.txt').count()).toBe(0);
    await page.context().close();
  });
});
