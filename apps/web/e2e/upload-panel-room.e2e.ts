import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAlbum } from './new-album.ts';
import { pictureFile } from './pictures.ts';
import { signUpByApi } from './session.ts';
import { newPage, shot, stillPage } from './support.ts';

/** Adds two photos through the album's Add Image field and opens the first in the viewer, the Uploads panel open. */
async function viewerAfterUploads(page: Page) {
  await signUpByApi(page, `panel-room-${Date.now()}@example.com`, 'a long enough password');
  await newAlbum(page, 'Harbour walk');
  await page
    .getByLabel('Add Image')
    .setInputFiles([
      await pictureFile(page, 'quay.jpg', { width: 1600, height: 1200 }),
      await pictureFile(page, 'boats.jpg', { sky: 20, width: 1200, height: 1600 }),
    ]);
  const thumbnails = page.getByRole('list', { name: 'Images' }).getByRole('link');
  await thumbnails.nth(1).waitFor();
  await thumbnails.first().click();
  await page.getByLabel('New comment').waitFor();
  // Still open: finished lines clear themselves after a few seconds, the panel stays until closed.
  await page.getByRole('region', { name: 'Uploads' }).waitFor();
}

const boxOf = async (page: Page, name: 'panel' | 'submit') => {
  const locator =
    name === 'panel'
      ? page.getByRole('region', { name: 'Uploads' })
      : page.getByRole('button', { name: 'Submit' });
  return (await locator.boundingBox())!;
};

describe('the Uploads panel over the photo viewer', () => {
  it.each([390, 1280])(
    'leaves the comment box clear of the panel at %i px, scrolled to the end and on focus',
    async (width) => {
      const page = await newPage(width);
      await viewerAfterUploads(page);
      // Scrolled to the end of the page, the comment box and its Submit lie above the panel.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(async () => (await boxOf(page, 'submit')).y + (await boxOf(page, 'submit')).height)
        .toBeLessThanOrEqual((await boxOf(page, 'panel')).y);
      await stillPage(page);
      await shot(page, `upload-panel-viewer-${width}`, { fullPage: false });

      // Typing a comment from the top of the page scrolls the box clear of the panel too.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByLabel('New comment').focus();
      const field = (await page.getByLabel('New comment').boundingBox())!;
      expect(field.y + field.height).toBeLessThanOrEqual((await boxOf(page, 'panel')).y);

      // Closed, the panel takes its room with it.
      await page.getByRole('button', { name: 'Close uploads' }).click();
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
      await page.context().close();
    },
  );
});
