import type { Page } from 'playwright-core';

/** Creates an album through the list's 'New Photo Album' tile, renames it inline, and answers its path. */
export async function newAlbum(page: Page, name: string): Promise<string> {
  await page.goto('/albums');
  await page.getByRole('button', { name: 'New Photo Album' }).click();
  await page.waitForURL(/\/albums\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'New album' }).click();
  await page.getByLabel('Album name').fill(name);
  await page.getByLabel('Album name').press('Enter');
  await page.getByRole('heading', { name }).waitFor();
  return new URL(page.url()).pathname;
}
