import type { Locator, Page } from 'playwright-core';

/** The Files table's row for the file or folder named `name`. */
export const row = (page: Page, name: string): Locator => page.locator(`tr[data-node-name="${name}"]`);

/** The names of the table's rows, top to bottom. */
export const rowNames = (page: Page): Promise<(string | null)[]> =>
  page.locator('tr[data-node-name]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-node-name')));

/** The left padding of a row's name line: 30 px per level of depth. */
export const indentOf = (page: Page, name: string): Promise<string> =>
  row(page, name)
    .locator('td')
    .first()
    .locator('div')
    .first()
    .evaluate((el) => getComputedStyle(el).paddingLeft);

/** Chooses `item` in the actions menu of the row named `nodeName`. */
export async function menuItem(page: Page, nodeName: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${nodeName}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
