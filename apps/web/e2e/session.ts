import type { Page } from 'playwright-core';

/** Creates an account through the real form, confirms the notice, and waits until the frame shows the address. */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/create-account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Retype password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByText(email).waitFor();
}

/** Logs in through the real form (Enter submits) and waits for the home page. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
}
