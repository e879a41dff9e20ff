import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { verifyEmail } from './mail.ts';
import { newAlbum } from './new-album.ts';
import { pictureFile } from './pictures.ts';
import { logIn, signUpByApi } from './session.ts';
import { newPage, shot, stillPage } from './support.ts';

const member = { emailAddress: `photo-picker-${Date.now()}@example.com`, password: 'a long enough password' };

const tiles = (page: Page) => page.getByRole('list', { name: 'Images' }).getByRole('link');
const bar = (page: Page) => page.getByRole('toolbar', { name: 'Selection' });
const selectedCount = (page: Page) => bar(page).getByRole('status').textContent();

/** Waits until `count` thumbnails have really loaded. */
async function thumbnailsLoaded(page: Page, count: number) {
  await expect
    .poll(() =>
      page
        .locator('main img')
        .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    )
    .toBe(count);
}

/** A finger held on `target` until the press selects it, then lifted without moving (touch events, as a phone sends them). */
async function longPress(page: Page, target: Locator, selected: string) {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await bar(page).getByRole('status').filter({ hasText: selected }).waitFor();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function tap(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

let albumPath: string;

describe('choosing several photos of an album', () => {
  it('on a desktop: shift-click chooses 3, which go to another album (1280 px)', async () => {
    const page = await newPage(1280);
    await signUpByApi(page, member.emailAddress, member.password);
    await verifyEmail(page, member.emailAddress);
    const bestOf = await newAlbum(page, 'Best of');
    albumPath = await newAlbum(page, 'Summer');
    const files = [];
    for (const [i, sky] of [200, 15, 120, 280].entries())
      files.push(await pictureFile(page, `photo-${i + 1}.jpg`, { sky }));
    await page.getByLabel('Add Image').setInputFiles(files);
    await expect.poll(() => tiles(page).count(), { timeout: 30_000 }).toBe(4);
    await page.getByRole('button', { name: 'Close uploads' }).click();
    await thumbnailsLoaded(page, 4);

    await tiles(page)
      .nth(0)
      .click({ modifiers: ['ControlOrMeta'] });
    await tiles(page)
      .nth(2)
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => selectedCount(page)).toBe('3 selected');
    expect(new URL(page.url()).pathname).toBe(albumPath);
    await stillPage(page);
    await shot(page, 'photo-selection-bar-1280');
    await page.screenshot({ path: '/work/shots/albumselect/bar-1280.png' });

    await bar(page).getByRole('button', { name: 'Add to another album' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to another album' });
    await dialog.getByRole('radio', { name: 'Best of' }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Best of' }).isChecked()).toBe(true);
    await stillPage(page);
    await page.screenshot({ path: '/work/shots/albumselect/dialog-1280.png' });
    await dialog.getByRole('button', { name: 'Add 3 photos' }).click();
    await page.getByText('Added 3 photos to “Best of”.').waitFor();
    await page.screenshot({ path: '/work/shots/albumselect/added-1280.png' });

    await page.getByRole('link', { name: 'Open “Best of”' }).click();
    await page.waitForURL((url) => url.pathname === bestOf);
    await expect.poll(() => tiles(page).count()).toBe(3);
    await thumbnailsLoaded(page, 3);
  });

  it('on a phone: a long press starts, a tap adds, and two are deleted (390 px)', async () => {
    const page = await newPage(390, '/', { touch: true });
    await logIn(page, member.emailAddress, member.password);
    await page.goto(albumPath);
    await expect.poll(() => tiles(page).count()).toBe(4);
    await thumbnailsLoaded(page, 4);

    await longPress(page, tiles(page).nth(1), '1 selected');
    // A person lifts the finger and then taps: a tap at once after the lift is taken by Chromium's touch gestures
    // (on a mobile viewport) as part of the long press's, and its click opens the photo instead of adding it.
    await page.waitForTimeout(1200);
    await tap(page, tiles(page).nth(3));
    await expect.poll(() => selectedCount(page)).toBe('2 selected');
    expect(new URL(page.url()).pathname).toBe(albumPath);
    await stillPage(page);
    await page.screenshot({ path: '/work/shots/albumselect/bar-390.png' });

    await bar(page).getByRole('button', { name: 'Add to album' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to another album' });
    await dialog.getByRole('radio', { name: 'Best of' }).waitFor();
    await stillPage(page);
    await page.screenshot({ path: '/work/shots/albumselect/dialog-390.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const kept = [
      await tiles(page).nth(0).getAttribute('href'),
      await tiles(page).nth(2).getAttribute('href'),
    ];
    await bar(page).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'DELETE 2 photos' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => tiles(page).count()).toBe(2);
    expect(await tiles(page).evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(kept);
    expect(await bar(page).count()).toBe(0);
    await shot(page, 'photo-selection-deleted-390');
  });
});
