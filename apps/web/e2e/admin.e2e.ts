import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin } from './global-setup.ts';
import { logIn, signUpByApi } from './session.ts';
import { newPage, shot } from './support.ts';

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menu').waitFor();
}

/** Every card of the admin page as [top, right, bottom, left] in CSS pixels. */
const cardBoxes = (page: Page) =>
  page.locator('details.card').evaluateAll((cards) =>
    cards.map((card) => {
      const r = card.getBoundingClientRect();
      return [r.top, r.right, r.bottom, r.left] as const;
    }),
  );

/** Fails unless each of the page's cards sits at least 8 px clear of every other, as separate cards do. */
async function expectCardsApart(page: Page) {
  const boxes = await cardBoxes(page);
  expect(boxes.length).toBe(6);
  const gap = 8;
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart = a[2] + gap <= b[0] || b[2] + gap <= a[0] || a[1] + gap <= b[3] || b[1] + gap <= a[3];
      expect(apart, `${JSON.stringify(a)} against ${JSON.stringify(b)}`).toBe(true);
    }
  }
}

describe('admin tools in the browser', () => {
  it('finds a user, grants files, logs in as them and goes back', async () => {
    const memberEmail = `member-${Date.now()}@example.com`;
    const member = await newPage(1280, '/create-account');
    await member.getByLabel('Email').fill(memberEmail);
    await member.getByLabel('Password', { exact: true }).fill('member passphrase');
    await member.getByLabel('Retype password').fill('member passphrase');
    await member.getByRole('button', { name: 'Create Account' }).click();
    await member.getByRole('button', { name: 'OK' }).click();
    await openMenu(member);
    expect(await member.getByRole('menuitem', { name: 'Files' }).count()).toBe(0);
    await member.goto('/admin/user-search');
    await member.getByText('Requires admin access').waitFor();

    const page = await newPage(1280);
    await logIn(page, admin.emailAddress, admin.password);
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Tools' }).waitFor();
    await page.getByLabel('User email address:').fill('nobody-here@example.com');
    await page.getByLabel('User email address:').press('Enter');
    await page.getByText('No result').waitFor();

    await page.getByLabel('User email address:').fill(memberEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('definition').getByText(memberEmail).waitFor();
    expect(await page.getByRole('checkbox', { name: 'admin', exact: true }).isDisabled()).toBe(true);
    const files = page.getByRole('checkbox', { name: 'files' });
    await files.click();
    await expect.poll(() => files.isChecked()).toBe(true);
    await shot(page, 'admin-user-search-1280');
    // On a wide screen User Search sits beside the member list, each card clear of the others.
    await expectCardsApart(page);
    const [search, members] = await cardBoxes(page);
    expect(search![0]).toBe(members![0]);
    expect(search![1]).toBeLessThan(members![3]);

    // Details beside a member shows them in User Search, which stays in view beside the list.
    const row = page
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem', { name: admin.emailAddress });
    await row.getByRole('button', { name: 'Details' }).click();
    await expect.poll(() => page.getByLabel('User email address:').inputValue()).toBe(admin.emailAddress);
    await page.getByRole('checkbox', { name: 'admin', exact: true, checked: true }).waitFor();
    await page.getByLabel('User email address:').fill(memberEmail);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('definition').getByText(memberEmail).waitFor();

    await member.reload();
    await openMenu(member);
    await member.getByRole('menuitem', { name: 'Files' }).waitFor();

    await page.getByRole('button', { name: 'Log in as this user' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('WARNING: maintenance mode').waitFor();
    await page.getByText(memberEmail).waitFor();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await shot(page, 'maintenance-mode-1280');

    await page.getByRole('button', { name: 'Return to my account' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/user-search');
    await page.getByText(admin.emailAddress).first().waitFor();
    expect(await page.getByText('WARNING: maintenance mode').count()).toBe(0);
  });

  it('looks finished on a phone', async () => {
    const page = await newPage(390);
    await logIn(page, admin.emailAddress, admin.password);
    await page.goto('/admin/user-search');
    await page.getByLabel('User email address:').fill(admin.emailAddress);
    await page.getByLabel('User email address:').press('Enter');
    await page.getByRole('checkbox', { name: 'files' }).waitFor();
    await shot(page, 'admin-user-search-390');
  });

  it('finds a member on a phone by the start of their address and disables them', async () => {
    const memberEmail = `grandma-${Date.now()}@example.com`;
    const member = await newPage(390);
    await signUpByApi(member, memberEmail, 'member passphrase');
    await member.goto('/profile');
    await member.getByText(memberEmail).first().waitFor();

    const page = await newPage(390);
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, admin.emailAddress, admin.password);
    await page.goto('/admin/user-search');
    await page.getByLabel(/Find a member/).fill(memberEmail.slice(0, 14));
    const members = page.getByRole('list', { name: 'Members' });
    const row = members.getByRole('listitem', { name: memberEmail });
    await row.waitFor();
    await expect.poll(() => members.getByRole('listitem').count()).toBe(1);
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Enable again' }).waitFor();
    // Nothing wider than the phone: no sideways scrolling; the cards one above the other, clear of each other.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectCardsApart(page);
    const [search, list] = await cardBoxes(page);
    expect(search![2]).toBeLessThan(list![0]);
    // Details scrolls up to User Search, which then shows the member below the sticky header.
    await row.getByRole('button', { name: 'Details' }).click();
    await expect.poll(() => page.getByLabel('User email address:').inputValue()).toBe(memberEmail);
    await expect.poll(async () => (await cardBoxes(page))[0]![0]).toBeGreaterThanOrEqual(60);
    await expect.poll(async () => (await cardBoxes(page))[0]![0]).toBeLessThan(100);
    await page.getByText('Audit log', { exact: true }).click();
    await page
      .getByRole('list', { name: 'Audit log' })
      .or(page.getByText('No admin has acted as a member yet.'))
      .waitFor();
    // From the top, so the sticky header is drawn where it belongs in the whole-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'admin-members-390');

    // Their open page is signed out at its next request, and log in says why.
    await member.reload();
    await member.getByLabel('Email').waitFor();
    await member.getByLabel('Email').fill(memberEmail);
    await member.getByLabel('Password').fill('member passphrase');
    await member.getByLabel('Password').press('Enter');
    await member.getByText(/This account has been disabled by an admin of this site/).waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'admin-members-1280');
  });
});
