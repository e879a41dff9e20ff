import { describe, expect, it } from 'vitest';
import { newPage, shot } from './support.ts';

const password = 'a long enough password';

describe('accounts in the browser', () => {
  it('signs up, logs out and logs back in through the real pages', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const page = await newPage(1280, '/create-account');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const submit = page.getByRole('button', { name: 'Create Account' });
    await page.getByLabel('Retype password').fill('not the same');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Retype password').fill(password);
    await submit.click();
    await page.getByText('New account has been created').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(email).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.getByText(email).count()).toBe(0);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('email or password is incorrect').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(email).waitFor();

    // A logged-in visitor of an account screen is sent home.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('refuses a taken address with the product message and keeps the form', async () => {
    const email = `taken-${Date.now()}@example.com`;
    const signUp = async () => {
      const page = await newPage(1280, '/create-account');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Retype password').fill(password);
      await page.getByLabel('Retype password').press('Enter');
      return page;
    };
    await (await signUp()).getByText('New account has been created').waitFor();
    const second = await signUp();
    await second.getByText('email address is not available').waitFor();
    expect(await second.getByLabel('Email').inputValue()).toBe(email);
  });

  for (const width of [1280, 390]) {
    it(`words what is wrong by each field only after typing, never the validator's text (${width} px)`, async () => {
      const page = await newPage(width, '/create-account');
      const alerts = () => page.getByRole('alert').allTextContents();
      expect(await alerts()).toEqual([]);
      await page.getByLabel('Email').fill(`fields-${width}-${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('short');
      expect(await alerts()).toEqual([]);
      await page.getByLabel('Retype password').fill('shorter');
      await expect.poll(alerts).toEqual(['At least 8 characters', 'passwords do not match']);
      await shot(page, `create-account-errors-${width}`);
      await page.getByLabel('Password', { exact: true }).fill('password1');
      await page.getByLabel('Retype password').fill('password1');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText(/one of the most common ones/).waitFor();
      expect(await page.getByText(/String must contain/).count()).toBe(0);
    });
  }

  it('shows the finished account screens and home page at desktop and phone widths', async () => {
    for (const width of [1280, 390]) {
      const page = await newPage(width, '/');
      await page.locator('canvas').waitFor();
      await page.mouse.move(width * 0.7, 300);
      await shot(page, `home-${width}`);
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await shot(page, `login-${width}`);
      await page.goto('/create-account');
      await page.getByRole('heading', { name: 'Create Account' }).waitFor();
      await shot(page, `create-account-${width}`);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Games' }).click();
      await page.getByRole('menuitem', { name: 'Reversi' }).waitFor();
      await shot(page, `menu-logged-out-${width}`);
    }
  });
});
