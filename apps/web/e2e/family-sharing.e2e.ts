import { describe, expect, it } from 'vitest';
import { mailedLink, verifyEmail } from './mail.ts';
import { pictureFile } from './pictures.ts';
import { signUpByApi } from './session.ts';
import { moveServerClock } from './server-clock.ts';
import { newPage, shot } from './support.ts';

const stamp = Date.now();
const ownerEmail = `party-host-${stamp}@example.com`;
const grandma = `grandma-${stamp}@example.com`;

describe('a party shared with a grandmother who has no account, counted', () => {
  it('takes the owner at most 8 actions and her one tap, and brings her back by an e-mailed link', async () => {
    const owner = await newPage(1280);
    await signUpByApi(owner, ownerEmail, 'a long enough password');
    await verifyEmail(owner, ownerEmail);
    const photos = await Promise.all(
      Array.from({ length: 30 }, (_, i) => pictureFile(owner, `party-${i + 1}.jpg`, { sky: i * 12 })),
    );
    await owner.goto('/albums');

    let actions = 0;
    // 1-2: the New Photo Album tile, and Enter in its name dialog (keeping the name it offers).
    await owner.getByRole('button', { name: 'New Photo Album' }).click();
    await owner.getByRole('dialog', { name: 'New photo album' }).getByLabel('Album name').press('Enter');
    actions += 2;
    await owner.waitForURL(/\/albums\/[0-9a-f-]{36}$/);
    const albumPath = new URL(owner.url()).pathname;
    // 3-4: Add Image, and the 30 photos picked in the file chooser.
    await owner.getByLabel('Add Image').setInputFiles(photos);
    actions += 2;
    await expect
      .poll(() => owner.getByRole('list', { name: 'Images' }).getByRole('link').count(), { timeout: 180_000 })
      .toBe(30);
    // 5-8: Album actions, Share (straight to 'Share with'), her address, Enter.
    await owner.getByRole('button', { name: 'Album actions' }).click();
    await owner.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share with' });
    await dialog.getByLabel('Email addresses').fill(grandma);
    await dialog.getByLabel('Email addresses').press('Enter');
    actions += 4;
    await dialog.waitFor({ state: 'detached' });
    expect(actions).toBeLessThanOrEqual(8);

    // Her phone opens the invitation: one navigation, no password, the 30 photos.
    const phone = await newPage(390);
    const navigations: string[] = [];
    phone.on('framenavigated', (frame) => {
      if (frame === phone.mainFrame()) navigations.push(new URL(frame.url()).pathname);
    });
    await phone.goto(await mailedLink(grandma, '/invitation/'));
    await phone.waitForURL((url) => url.pathname === albumPath);
    await expect
      .poll(() => phone.getByRole('list', { name: 'Images' }).getByRole('link').count(), { timeout: 30_000 })
      .toBe(30);
    expect(await phone.getByLabel('Password').count()).toBe(0);
    expect(navigations.filter((p) => !p.startsWith('/invitation/') && p !== albumPath)).toEqual([]);
    await shot(phone, 'family-sharing-grandma-390');

    // Inside the album, a photo she has not seen says so in the viewer as on its thumbnail.
    await phone.getByRole('link', { name: 'Image 1 of 30, new' }).click();
    await expect.poll(() => phone.getByRole('heading', { level: 1 }).textContent()).toContain('New');
    await shot(phone, 'family-sharing-new-in-viewer-390', { fullPage: false });

    // A week later her phone is still signed in, and on her tablet an e-mailed sign-in link brings her back
    // without a password.
    await moveServerClock(7);
    try {
      await phone.goto(albumPath);
      await expect.poll(() => phone.getByRole('list', { name: 'Images' }).getByRole('link').count()).toBe(30);
      const tablet = await newPage(1280);
      await tablet.goto('/login');
      await tablet.getByLabel('Email').fill(grandma);
      await tablet.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await tablet.getByText(`If ${grandma} has an account, a sign-in link is on its way`).waitFor();
      await tablet.goto(await mailedLink(grandma, '/sign-in/'));
      await tablet.getByRole('region', { name: 'Shared with me' }).getByRole('link').first().click();
      await tablet.waitForURL((url) => url.pathname === albumPath);
      await expect
        .poll(() => tablet.getByRole('list', { name: 'Images' }).getByRole('link').count())
        .toBe(30);
      await shot(tablet, 'family-sharing-back-by-link-1280');
    } finally {
      await moveServerClock(0);
    }
  });
});
