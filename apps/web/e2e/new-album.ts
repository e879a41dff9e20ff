import type { Page } from 'playwright-core';

/** Creates an album named `name` through the list's 'New Photo Album' tile and its name dialog; answers its path. */
export async function newAlbum(page: Page, name: string): Promise<string> {
  await page.goto('/albums');
  await page.getByRole('button', { name: 'New Photo Album' }).click();
  const dialog = page.getByRole('dialog', { name: 'New photo album' });
  await dialog.getByLabel('Album name').fill(name);
  await dialog.getByLabel('Album name').press('Enter');
  await page.waitForURL(/\/albums\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name }).waitFor();
  return new URL(page.url()).pathname;
}
