import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailedLink, verifyEmail } from './mail.ts';
import { newAlbum } from './new-album.ts';
import { callApi } from './page-api.ts';
import { pictureFile } from './pictures.ts';
import { signUpByApi } from './session.ts';
import { newPage, shot, stillPage } from './support.ts';

const password = 'a long enough password';
const stamp = Date.now();
const ownerEmail = `rosa-${stamp}@example.com`;
const ownerName = 'Aunt Rosa Fitzgerald-Montgomery';
const albumName = "Grandma's ninetieth birthday party in the garden";
const secondAlbumName = 'Christmas';

/** Adds pictures to the open album through its 'Add Image' tile and waits until the grid shows `total`. */
async function addPictures(page: Page, hues: number[], total: number) {
  await page
    .getByLabel('Add Image')
    .setInputFiles(await Promise.all(hues.map((hue) => pictureFile(page, `p${hue}.png`, { sky: hue }))));
  await expect
    .poll(() => page.getByRole('list', { name: 'Images' }).getByRole('link').count(), { timeout: 30_000 })
    .toBe(total);
}

/** The 'New' badges on the open album's photos. */
const newInGrid = (page: Page) =>
  page.getByRole('list', { name: 'Images' }).getByText('New', { exact: true });

/**
 * Shares the open album with `email` through the album's Share action: straight into 'Share with' while the album
 * is shared with nobody, else through 'Sharing Settings' and its Add.
 */
async function shareWith(page: Page, email: string) {
  await page.getByRole('button', { name: 'Album actions' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const sharing = page.getByRole('dialog', { name: 'Sharing Settings' });
  const dialog = page.getByRole('dialog', { name: 'Share with' });
  await dialog.or(sharing).first().waitFor();
  const throughSettings = await sharing.isVisible();
  if (throughSettings) await sharing.getByRole('button', { name: 'Add' }).click();
  await dialog.getByLabel('Email addresses').fill(email);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await dialog.waitFor({ state: 'detached' });
  if (!throughSettings) return;
  await sharing.getByText(email).waitFor();
  await sharing.getByRole('button', { name: 'Close' }).click();
}

/** The shared album's tile in the viewer's list. */
const sharedTile = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Shared with me' }).getByRole('link', { name });

let owner: Page;
let albumPath = '';

describe('invited relatives and what is new, in the browser', () => {
  it('lets a verified owner share an album with an address that has no account, checking it as they type', async () => {
    owner = await newPage(1280);
    await signUpByApi(owner, ownerEmail, password);
    await verifyEmail(owner, ownerEmail);
    await callApi(owner, 'PATCH', '/api/me/display-name', { displayName: ownerName });

    albumPath = await newAlbum(owner, albumName);
    await addPictures(owner, [200, 20], 2);

    // Share with, straight from the album's Share while it is shared with nobody: nothing is wrong with a field
    // nobody has typed in yet; a half-typed address says what is missing.
    await owner.getByRole('button', { name: 'Album actions' }).click();
    await owner.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share with' });
    const addresses = dialog.getByLabel('Email addresses');
    await addresses.waitFor();
    expect(await owner.getByRole('dialog', { name: 'Sharing Settings' }).count()).toBe(0);
    expect(await dialog.getByText('invalid email address').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Share' }).isDisabled()).toBe(true);
    await addresses.pressSequentially('grandma');
    await dialog.getByText('invalid email address: it needs an @, as in name@example.com').waitFor();
    await addresses.pressSequentially('@example');
    await dialog.getByText('invalid email address: add the domain after the @, as in example.com').waitFor();
    await shot(owner, 'invitations-share-with-typing-1280');
    // Several at once, one a line or after a comma; each one lacking its shape is named.
    await addresses.fill('grandma@example.com\nuncle.joe@example.com, aunt@example');
    await dialog.getByText('aunt@example: invalid email address: add the domain after the @').waitFor();
    await shot(owner, 'invitations-share-with-several-1280', { fullPage: false });
    await owner.setViewportSize({ width: 390, height: 844 });
    await shot(owner, 'invitations-share-with-several-390', { fullPage: false });
    await owner.setViewportSize({ width: 1280, height: 900 });
    await addresses.fill('grandma@example.com\nuncle.joe@example.com, aunt@example.com');
    expect(await dialog.getByText('invalid email address').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Share with 3' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  for (const width of [390, 1280]) {
    it(`takes an invited relative at ${width} px from the mail to the album in one step, no password`, async () => {
      const relativeEmail = `cousin-${width}-${stamp}@example.com`;
      await owner.goto(albumPath);
      await shareWith(owner, relativeEmail);

      // Her phone's mail app opens the link in a browser that has never seen the site.
      const relative = await newPage(width);
      await relative.goto(await mailedLink(relativeEmail, '/invitation/'));
      await relative.waitForURL((url) => url.pathname === albumPath);
      await relative.getByRole('heading', { name: albumName }).waitFor();
      await expect
        .poll(() => relative.getByRole('list', { name: 'Images' }).getByRole('link').count())
        .toBe(2);
      expect(await relative.getByLabel('Password').count()).toBe(0);
      await shot(relative, `invitations-album-reached-${width}`);

      // A week later, on another device, an e-mailed sign-in link brings her back.
      const tablet = await newPage(width);
      await tablet.goto('/login');
      await tablet.getByLabel('Email').fill(relativeEmail);
      await tablet.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await tablet.getByText(`If ${relativeEmail} has an account, a sign-in link is on its way`).waitFor();
      await shot(tablet, `invitations-sign-in-link-${width}`);
      await tablet.goto(await mailedLink(relativeEmail, '/sign-in/'));
      await tablet.getByRole('region', { name: 'Shared with me' }).waitFor();

      // The way back leads to the list, where the tile says who shared the album.
      await relative.getByRole('link', { name: 'Back to Photo Albums' }).click();
      const tile = sharedTile(relative, albumName);
      await tile.getByText(`from ${ownerName}`).last().waitFor();
      expect(await tile.getByText('New', { exact: true }).count()).toBe(0);
    });
  }

  it('marks new photos and newly shared albums in the list, and clears the marks once they are opened', async () => {
    const relativeEmail = `nephew-${stamp}@example.com`;
    const relative = await newPage(1280);
    await signUpByApi(relative, relativeEmail, password);
    await verifyEmail(relative, relativeEmail);

    await owner.goto(albumPath);
    await shareWith(owner, relativeEmail);
    const secondPath = await newAlbum(owner, secondAlbumName);
    await addPictures(owner, [120], 1);
    await shareWith(owner, relativeEmail);

    await relative.goto('/albums');
    const first = sharedTile(relative, albumName);
    const second = sharedTile(relative, secondAlbumName);
    await first.getByText('New', { exact: true }).waitFor();
    await second.getByText('New', { exact: true }).waitFor();
    await first.getByText(`from ${ownerName}`).last().waitFor();

    // The long name is cut on the tile, and shown in full on keyboard focus.
    await first.focus();
    await relative.keyboard.press('Shift+Tab');
    await relative.keyboard.press('Tab');
    const full = first.locator('[aria-hidden="true"]').filter({ hasText: albumName }).first();
    await expect.poll(() => full.isVisible()).toBe(true);
    await stillPage(relative);
    await shot(relative, 'invitations-new-marks-1280');

    await first.click();
    await relative.getByRole('heading', { name: albumName }).waitFor();
    // Every photo of an album never opened is new.
    await expect.poll(() => newInGrid(relative).count()).toBe(2);
    await relative.getByRole('link', { name: 'Back to Photo Albums' }).click();
    await second.waitFor();
    await expect.poll(() => first.getByText('New', { exact: true }).count()).toBe(0);
    await second.getByText('New', { exact: true }).waitFor();

    // Photos added after the last look are counted until the album is opened again.
    await owner.goto(albumPath);
    await addPictures(owner, [300, 330], 4);
    await relative.reload();
    await first.getByText('2 new photos').waitFor();
    await first.click();
    await relative.getByRole('heading', { name: albumName }).waitFor();
    // Inside, exactly the two photos the tile counted carry the badge, and say so to a screen reader.
    const grid = relative.getByRole('list', { name: 'Images' });
    await expect.poll(() => grid.getByRole('link', { name: /^Image \d of 4, new$/ }).count()).toBe(2);
    expect(await grid.getByRole('link', { name: /^Image [12] of 4$/ }).count()).toBe(2);
    expect(await newInGrid(relative).count()).toBe(2);
    await expect.poll(() => grid.locator('img').count()).toBe(4);
    await stillPage(relative);
    await shot(relative, 'invitations-new-photos-1280');
    await relative.setViewportSize({ width: 390, height: 800 });
    await stillPage(relative);
    expect(await newInGrid(relative).count()).toBe(2);
    await shot(relative, 'invitations-new-photos-390');
    await relative.setViewportSize({ width: 1280, height: 900 });
    await relative.getByRole('link', { name: 'Back to Photo Albums' }).click();
    await second.waitFor();
    await expect.poll(() => first.getByText(/new photo/).count()).toBe(0);
    await relative.goto(secondPath);
    await relative.getByRole('heading', { name: secondAlbumName }).waitFor();
    await relative.goto('/albums');
    await second.waitFor();
    expect(await second.getByText('New', { exact: true }).count()).toBe(0);
  });

  it.each([1280, 390])('shows Not Found for a malformed or unknown album id at %i px', async (width) => {
    const page = await newPage(width);
    await signUpByApi(page, `wanderer-${width}-${stamp}@example.com`, password);
    for (const path of ['/albums/xyz', '/albums/5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Not Found' }).waitFor();
      expect(await page.getByText('could not be loaded').count()).toBe(0);
      await page.getByRole('link', { name: 'Back to Photo Albums' }).waitFor();
    }
    await shot(page, `invitations-not-found-${width}`);
  });
});
