import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlled } from './service-worker.ts';
import { signUpByApi } from './session.ts';
import { newPage, shot } from './support.ts';

const stamp = Date.now();
const banner = (page: Page) => page.locator('[aria-live=polite]').filter({ hasText: 'You are offline' });

describe.each([1280, 390])('offline at %i px', (width) => {
  it('tells a member she is offline on the cached shell, keeps her logged in, and comes back by itself', async () => {
    const page = await newPage(width, '/');
    await signUpByApi(page, `offline-${width}-${stamp}@example.com`, 'a long enough passphrase');
    await page.goto('/albums');
    await page.getByRole('heading', { name: 'Shared with me' }).waitFor();
    await controlled(page);

    await page.context().setOffline(true);
    await page.reload();
    await banner(page).waitFor();
    await page.getByRole('heading', { name: 'My photo albums' }).waitFor();
    // Never sent to the log-in form.
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.getByText(`offline-${width}-${stamp}@example.com`).count()).toBeGreaterThan(0);
    await shot(page, `offline-albums-${width}`);

    // The games and demos open from the cache.
    await page.getByRole('link', { name: 'Personal Site' }).click();
    await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
    await page.getByRole('link', { name: /Minesweeper/ }).click();
    await page.getByRole('img', { name: /Minesweeper field/ }).waitFor();
    await banner(page).waitFor();
    await shot(page, `offline-game-${width}`);
    await page.goBack();
    await page.getByRole('link', { name: /L-systems/ }).click();
    await page.getByRole('heading', { name: 'L-systems' }).waitFor();

    // Back online: the banner goes and what waited for the connection loads.
    await page.goto('/albums').catch(() => {});
    await page.getByRole('heading', { name: 'My photo albums' }).waitFor();
    await page.context().setOffline(false);
    await banner(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Shared with me' }).waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
  });

  it('says the site cannot be reached when logging in without a network, not that the password is wrong', async () => {
    const page = await newPage(width, '/');
    const email = `cut-login-${width}-${stamp}@example.com`;
    await signUpByApi(page, email, 'a long enough passphrase');
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough passphrase');

    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Cannot reach the site. Check your connection and try again.' })
      .waitFor();
    expect(await page.getByText('email or password is incorrect').count()).toBe(0);
    await banner(page).waitFor();
    await shot(page, `offline-login-${width}`);

    await page.context().setOffline(false);
    await banner(page).waitFor({ state: 'detached' });
    // What she typed is still there: nothing reloaded behind her.
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(email).first().waitFor();
  });
});
