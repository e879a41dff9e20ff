import { describe, expect, it } from 'vitest';
import { mailedLink, verifyEmail } from './mail.ts';
import { signUp } from './session.ts';
import { newPage, shot } from './support.ts';

const password = 'a long enough password';

describe('account recovery and verification in the browser', () => {
  it('resets a forgotten password through the mailed link, then logs in with the new one', async () => {
    const email = `forgot-${Date.now()}@example.com`;
    const page = await newPage(1280);
    await signUp(page, email, password);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    const send = page.getByRole('button', { name: 'Send reset link' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(email);
    await send.click();
    await page.getByRole('heading', { name: 'Password Reset' }).waitFor();
    await page
      .getByText(`An email has been sent to ${email} with further instructions to reset your password.`)
      .waitFor();

    const link = await mailedLink(email, '/reset-password/');
    await page.goto(link);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('my new passphrase');
    await page.getByLabel('Re-type password').fill('my new pass');
    await page.getByText('passwords do not match').waitFor();
    expect(await page.getByRole('button', { name: 'Reset password' }).isDisabled()).toBe(true);
    await page.getByLabel('Re-type password').fill('my new passphrase');
    expect(await page.getByText('passwords do not match').count()).toBe(0);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Your password has been reset.').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('my new passphrase');
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(email).waitFor();

    // The link was single-use.
    await page.goto(link);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('third passphrase!');
    await page.getByLabel('Re-type password').fill('third passphrase!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(/invalid, has been used, or has expired/).waitFor();
  });

  it('verifies the address through the mailed link: the profile then says Verified? Yes', async () => {
    const email = `verify-${Date.now()}@example.com`;
    const page = await newPage(1280);
    await signUp(page, email, password);
    await page.goto('/profile');
    await page.getByText('No', { exact: true }).waitFor();
    const again = page.getByRole('button', { name: 'Send again' });
    await again.click();
    await page.getByText('Sent. A new link is on its way.').waitFor();
    expect(await again.isDisabled()).toBe(true);

    await verifyEmail(page, email);
    await page.goto('/profile');
    await page.getByText('Yes', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Send again' }).count()).toBe(0);
  });

  it('changes the display name inline and keeps notification preferences', async () => {
    const email = `prefs-${Date.now()}@example.com`;
    const page = await newPage(1280);
    await signUp(page, email, password);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change display name' }).click();
    const input = page.getByLabel('Display name');
    await input.fill('Temporary');
    await input.press('Escape');
    expect(await page.getByText('Temporary').count()).toBe(0);
    await page.getByRole('button', { name: 'Change display name' }).click();
    await page.getByLabel('Display name').fill('Grace Hopper');
    await page.getByLabel('Display name').press('Enter');
    await page.getByText('Grace Hopper').waitFor();
    await page.reload();
    await page.getByText('Grace Hopper').waitFor();

    await page.goto('/settings');
    await page.getByText('Manange your notification emails.').waitFor();
    const box = page.getByLabel('Someone shared a photo album with you');
    expect(await box.isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/notifications'));
    await box.click();
    // The cache update that re-renders the box lands a tick after the click.
    await expect.poll(() => box.isChecked()).toBe(false);
    expect((await saved).status()).toBe(200);
    await page.reload();
    expect(await page.getByLabel('Someone shared a photo album with you').isChecked()).toBe(false);
  });

  it('shows finished profile, settings, forgot and reset screens at desktop and phone widths', async () => {
    for (const width of [1280, 390]) {
      const page = await newPage(width);
      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
      await shot(page, `forgot-password-${width}`);
      await page.goto('/reset-password/example-link');
      await page.getByLabel('Password', { exact: true }).fill('one passphrase');
      await page.getByLabel('Re-type password').fill('one pass');
      await shot(page, `reset-password-${width}`);
      await signUp(page, `screens-${width}-${Date.now()}@example.com`, password);
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Profile' }).waitFor();
      await shot(page, `profile-${width}`);
      await page.goto('/settings');
      await page.getByRole('checkbox').first().waitFor();
      await shot(page, `settings-${width}`);
    }
  });
});
