import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { row, rowNames } from './file-table.ts';
import { admin } from './global-setup.ts';
import { filesMember, logIn } from './session.ts';
import { announced, baseUrl, dragStarted, newPage, shot } from './support.ts';

/** A finger held on `target` until the press counts as long, then lifted without moving (touch events, as a phone sends them). */
async function longPress(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await announced(page, dragStarted);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const names = ['f1.txt', 'f2.txt', 'f3.txt', 'f4.txt', 'f5.txt'];

/** Logs in, uploads f1…f5 to the top level with the Upload button and waits for their rows. */
async function fiveFiles(page: Page, member: { emailAddress: string; password: string }) {
  await logIn(page, member.emailAddress, member.password);
  await page.goto('/files');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page
    .locator('input[type=file]')
    .setInputFiles(names.map((name) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(name) })));
  for (const name of names) await row(page, name).waitFor();
  // On a phone the panel lies over the lower rows.
  await page.getByRole('button', { name: 'Close uploads' }).click();
  await page.getByRole('button', { name: 'Close uploads' }).waitFor({ state: 'detached' });
}

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Selection' });
const count = (page: Page) => bar(page).getByRole('status');

/** Deletes the selection through the bar, answering its one confirmation, and waits for the rows to go. */
async function deleteSelected(page: Page, gone: string[]) {
  let dialogs = 0;
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${gone.length} items?` });
  await dialog.waitFor();
  dialogs += await page.getByRole('dialog').count();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  for (const name of gone) await row(page, name).waitFor({ state: 'detached' });
  expect(dialogs).toBe(1);
  await bar(page).waitFor({ state: 'detached' });
}

describe('selecting many files', () => {
  const member = (tag: string) => ({
    emailAddress: `select-${tag}-${Date.now()}@example.com`,
    password: 'a long enough passphrase',
  });

  it('by checkbox, shift-click and ctrl-click, then deletes 3 in one confirmation (1280 px)', async () => {
    const who = member('mouse');
    await filesMember(baseUrl, admin, who);
    const page = await newPage(1280);
    await fiveFiles(page, who);

    await page.getByLabel('Select f1.txt').click();
    await page.getByLabel('Select f3.txt').click({ modifiers: ['Shift'] });
    await expect.poll(() => count(page).textContent()).toBe('3 selected');
    // Ctrl-click on a row's name adds it; again takes it out.
    await row(page, 'f5.txt')
      .getByText('f5.txt')
      .click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => count(page).textContent()).toBe('4 selected');
    await row(page, 'f5.txt')
      .getByText('f5.txt')
      .click({ modifiers: ['ControlOrMeta'] });
    await expect.poll(() => count(page).textContent()).toBe('3 selected');
    expect(await page.getByLabel('Select f2.txt').isChecked()).toBe(true);
    await shot(page, 'file-selection-1280', { fullPage: false });

    // The selection downloads as one zip holding each of them.
    const downloading = page.waitForEvent('download');
    await bar(page).getByRole('link', { name: 'Download as zip' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Files.zip');
    const zip = await readFile((await download.path())!);
    for (const name of ['f1.txt', 'f2.txt', 'f3.txt']) expect(zip.includes(Buffer.from(name))).toBe(true);
    expect(zip.includes(Buffer.from('f4.txt'))).toBe(false);

    await deleteSelected(page, ['f1.txt', 'f2.txt', 'f3.txt']);
    expect(await rowNames(page)).toEqual(['f4.txt', 'f5.txt']);
    await page.reload();
    await row(page, 'f4.txt').waitFor();
    expect(await rowNames(page)).toEqual(['f4.txt', 'f5.txt']);
  });

  it('from the keyboard: Space toggles, Shift+arrows extend, Escape clears', async () => {
    const who = member('keys');
    await filesMember(baseUrl, admin, who);
    const page = await newPage(1280);
    await fiveFiles(page, who);

    await page.getByLabel('Select f2.txt').focus();
    await page.keyboard.press('Space');
    await expect.poll(() => count(page).textContent()).toBe('1 selected');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => count(page).textContent()).toBe('3 selected');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Select f4.txt',
    );
    await page.keyboard.press('Escape');
    await bar(page).waitFor({ state: 'detached' });

    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect.poll(() => count(page).textContent()).toBe('3 selected');
    await deleteSelected(page, ['f2.txt', 'f3.txt', 'f4.txt']);
    expect(await rowNames(page)).toEqual(['f1.txt', 'f5.txt']);

    // Both left move into a new folder in one go, through the bar's Move.
    await page.getByRole('button', { name: 'New Root Folder' }).click();
    await row(page, 'New Directory').waitFor();
    await page.getByLabel('Select f1.txt').click();
    await page.getByLabel('Select f5.txt').click();
    await bar(page).getByRole('button', { name: 'Move' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move 2 items to…' });
    await dialog.getByRole('button', { name: 'New Directory' }).click();
    await dialog.getByRole('button', { name: 'Move here' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rowNames(page)).toEqual(['New Directory', 'f1.txt', 'f5.txt']);
    expect(
      await row(page, 'f1.txt')
        .locator('td')
        .first()
        .locator('div')
        .first()
        .evaluate((el) => getComputedStyle(el).paddingLeft),
    ).toBe('30px');
    await bar(page).waitFor({ state: 'detached' });
  });

  it('on a phone: a long press starts, taps add, and 3 go in one confirmation (390 px)', async () => {
    const who = member('touch');
    await filesMember(baseUrl, admin, who);
    const page = await newPage(390, '/', { touch: true });
    await fiveFiles(page, who);

    await longPress(page, row(page, 'f2.txt').getByText('f2.txt'));
    await expect.poll(() => count(page).textContent()).toBe('1 selected');
    // One tap at a time, each seen before the next. On a loaded CI machine a tap sent while the page was busy was
    // once not delivered at all: a tap that changed nothing after 3 s is sent once more (a tap that toggled twice
    // would still show, as the count would stay wrong).
    for (const [name, selected] of [
      ['f4.txt', '2 selected'],
      ['f5.txt', '3 selected'],
    ] as const) {
      const before = await count(page).textContent();
      const tap = async () => {
        const box = (await row(page, name).getByText(name).boundingBox())!;
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      };
      await tap();
      const changed = await expect
        .poll(() => count(page).textContent(), { timeout: 3000 })
        .not.toBe(before)
        .then(
          () => true,
          () => false,
        );
      if (!changed) await tap();
      await expect.poll(() => count(page).textContent()).toBe(selected);
    }
    await shot(page, 'file-selection-390', { fullPage: false });
    await deleteSelected(page, ['f2.txt', 'f4.txt', 'f5.txt']);
    expect(await rowNames(page)).toEqual(['f1.txt', 'f3.txt']);
    await page.context().close();
  });
});
