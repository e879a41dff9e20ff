import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { admin } from './global-setup.ts';
import { callApi } from './page-api.ts';
import { logIn, signUpByApi } from './session.ts';
import { newPage, shot } from './support.ts';

const password = 'a long enough password';

/** The entries of a downloaded zip, path to bytes. */
async function unzip(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(await readFile(file), { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  }
  return entries;
}

describe('leaving in the browser', () => {
  it('exports the data and downloads it, then deletes the account from a phone', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const desk = await newPage(1280);
    await signUpByApi(desk, email, password);
    await callApi(desk, 'POST', '/api/photo-albums', { name: 'Garden' });

    await desk.goto('/profile#your-data');
    await desk.getByRole('button', { name: 'Export my data' }).click();
    await desk.getByText(/Preparing…/).waitFor();
    await shot(desk, 'leaving-preparing-1280');
    // The job runner builds it within seconds; the section asks again every 5.
    await desk.getByRole('button', { name: 'Download my data' }).waitFor({ timeout: 30_000 });
    await desk.getByText(/Your data is ready/).scrollIntoViewIfNeeded();
    await shot(desk, 'leaving-ready-1280', { fullPage: false });

    const download = desk.waitForEvent('download');
    await desk.getByRole('button', { name: 'Download my data' }).click();
    const file = await (await download).path();
    expect((await download).suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await unzip(file);
    expect([...entries.keys()]).toEqual(['Albums/', 'Albums/Garden/', 'Files/', 'data.json']);
    const data = JSON.parse(entries.get('data.json')!.toString());
    expect(data.profile.emailAddress).toBe(email);
    expect(data.albums[0].name).toBe('Garden');

    const phone = await newPage(390);
    await logIn(phone, email, password);
    await phone.goto('/profile#your-data');
    await phone.getByRole('button', { name: 'Delete my account…' }).click();
    await phone.getByLabel('Your password').fill(password);
    await phone.getByRole('form', { name: 'Delete my account' }).scrollIntoViewIfNeeded();
    await shot(phone, 'leaving-delete-390', { fullPage: false });
    await phone.getByRole('button', { name: 'Delete my account for good' }).click();
    await phone.getByText('Your account was deleted. Thank you for the time you spent here.').waitFor();
    await shot(phone, 'leaving-deleted-390', { fullPage: false });

    // The other browser's session ended with the account: the profile asks it to log in.
    await desk.goto('/profile');
    await desk.getByLabel('Password').waitFor();
  });

  it("tells the site's only admin why they cannot delete their account, at both widths", async () => {
    for (const width of [1280, 390]) {
      const page = await newPage(width);
      await logIn(page, admin.emailAddress, admin.password);
      await page.goto('/profile#your-data');
      const notice = page.getByText(/You are the only admin of this site, so your account cannot be deleted/);
      await notice.waitFor();
      await page.getByText(/Make another member an admin first/).waitFor();
      expect(await page.getByRole('button', { name: 'Delete my account…' }).count()).toBe(0);
      // The server refuses it too, whatever a page sends.
      await expect(
        callApi(page, 'POST', '/api/me/delete-account', { currentPassword: admin.password }),
      ).rejects.toThrow(/: 409 .*You are the only admin of this site/);
      // The section's end at the bottom of the screen: its heading and the whole notice in view.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shot(page, `leaving-only-admin-${width}`, { fullPage: false });
    }
  });
});
