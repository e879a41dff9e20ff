import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityFindings } from './axe.ts';
import { menuItem, row } from './file-table.ts';
import { admin } from './global-setup.ts';
import { newAlbum } from './new-album.ts';
import { pictureFile } from './pictures.ts';
import { verifyEmail } from './mail.ts';
import { callApi } from './page-api.ts';
import { filesMember, logIn } from './session.ts';
import { baseUrl, newPage, shot, stillPage } from './support.ts';

const stamp = Date.now();
const albumName = `Axe ${stamp}`;
const fileName = `axe-${stamp}.txt`;
/** A verified member with the files permission. */
const member = { emailAddress: `axe-${stamp}@example.com`, password: 'a long enough passphrase' };
let albumPath = '';
let imagePath = '';

/**
 * What the screens show: the member's album with one photo, shared with a long address and with the admin (not
 * verified), a folder, and a file in the Trash.
 */
beforeAll(async () => {
  await filesMember(baseUrl, admin, member);
  const page = await newPage(1280);
  await logIn(page, member.emailAddress, member.password);
  await verifyEmail(page, member.emailAddress);
  albumPath = await newAlbum(page, albumName);
  await callApi(page, 'POST', `/api${albumPath.replace('/albums/', '/photo-albums/')}/share`, {
    emailAddress: 'grandmother.of.the.family@example.com',
  });
  // The admin's address is not verified: the album shows her the notice in its place.
  await callApi(page, 'POST', `/api${albumPath.replace('/albums/', '/photo-albums/')}/share`, {
    emailAddress: admin.emailAddress,
  });
  await page.getByLabel('Add Image').setInputFiles([await pictureFile(page, 'axe.png')]);
  const images = page.getByRole('list', { name: 'Images' }).getByRole('link');
  await images.first().waitFor({ timeout: 20_000 });
  imagePath = (await images.first().getAttribute('href')) ?? '';

  await page.goto('/files');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('read me\n') });
  await row(page, fileName).waitFor();
  await menuItem(page, fileName, 'Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await row(page, fileName).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'New Root Folder' }).click();
  await page.locator('tr[data-node-name]').first().waitFor();
  await page.context().close();
}, 120_000);

/** Each screen or state: how to reach it from the page before, and a name for its findings and screenshot. */
interface State {
  name: string;
  reach: (page: Page) => Promise<unknown>;
}

const visit = (path: string, ready: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await page.goto(path);
  await ready(page);
};
const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).first().waitFor();

const loggedOut: State[] = [
  { name: 'home', reach: visit('/', (p) => p.locator('main h1').waitFor()) },
  { name: 'log-in', reach: visit('/login', heading('Log in')) },
  {
    name: 'forgot-password',
    reach: async (page) => {
      await page.getByLabel('Email').fill('grandma@example.com');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await heading('Forgot password')(page);
    },
  },
  { name: 'game', reach: visit('/games/sokoban', (p) => p.locator('main canvas').first().waitFor()) },
  {
    name: 'games-menu',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Games' }).click();
      await page.getByRole('menuitem', { name: /Sokoban/ }).waitFor();
      await page.keyboard.press('ArrowDown'); // by keys: the highlight and its ring
    },
  },
  {
    name: 'api-docs',
    reach: visit('/api/docs', (p) => p.locator('.opblock').first().waitFor({ timeout: 60_000 })),
  },
];

const memberStates: State[] = [
  { name: 'albums', reach: visit('/albums', heading('My photo albums')) },
  { name: 'album', reach: async (page) => visit(albumPath, heading(albumName))(page) },
  {
    name: 'viewer',
    reach: async (page) =>
      visit(imagePath, (p) => p.getByRole('button', { name: 'Image actions' }).waitFor())(page),
  },
  {
    name: 'dialog',
    reach: async (page) => {
      await visit(albumPath, heading(albumName))(page);
      await page.getByRole('button', { name: 'Album actions' }).click();
      await page.getByRole('menuitem', { name: 'Share' }).click();
      await page.getByRole('dialog', { name: 'Sharing Settings' }).getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'files-menu',
    reach: async (page) => {
      await visit('/files', heading('Files'))(page);
      const first = page.locator('tr[data-node-name]').first();
      await first.waitFor();
      await first.getByRole('button', { name: /^Actions for / }).click();
      // Under the pointer, an item shows it plainly.
      await page.getByRole('menuitem', { name: 'Rename' }).hover();
    },
  },
  {
    name: 'trash',
    reach: visit('/trash', (p) => p.getByRole('listitem', { name: new RegExp(fileName) }).waitFor()),
  },
  { name: 'profile', reach: visit('/profile', heading(/Profile/)) },
  { name: 'settings', reach: visit('/settings', heading(/Settings/)) },
];

const adminStates: State[] = [
  { name: 'admin', reach: visit('/admin/user-search', heading('Admin Tools')) },
  {
    name: 'verify-notice',
    reach: async (page) => visit(albumPath, heading('Confirm your e-mail address'))(page),
  },
];

/** Reaches each state in turn and answers every finding, prefixed with the state's name. */
async function findingsOf(page: Page, states: State[], width: number) {
  const findings: string[] = [];
  for (const state of states) {
    await state.reach(page);
    await stillPage(page);
    await shot(page, `a11y-${state.name}-${width}`, { fullPage: false });
    const found = (await accessibilityFindings(page)).map((f) => `${state.name} at ${width}: ${f}`);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    if (pageWidth > width) found.push(`${state.name} at ${width}: the page is ${pageWidth} px wide`);
    findings.push(...found);
  }
  return findings;
}

describe('accessibility (axe) of the main screens', () => {
  for (const width of [1280, 390]) {
    it(`finds nothing serious or critical at ${width} px, logged out and as a member`, async () => {
      const visitor = await newPage(width);
      const findings = await findingsOf(visitor, loggedOut, width);
      await visitor.context().close();

      for (const [account, states] of [
        [member, memberStates],
        [admin, adminStates],
      ] as const) {
        const page = await newPage(width);
        await logIn(page, account.emailAddress, account.password);
        findings.push(...(await findingsOf(page, states, width)));
        await page.context().close();
      }
      expect(findings).toEqual([]);
    });
  }
});
