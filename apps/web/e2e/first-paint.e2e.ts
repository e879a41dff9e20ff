import { describe, expect, it } from 'vitest';
import { newPage, shot } from './support.ts';

describe('the first paint', () => {
  it('shows the site header before any script has run, exactly where the app then draws it', async () => {
    for (const width of [390, 1280]) {
      // Opened on a file of the site's origin, so the routes below are in place before the app's first load.
      const page = await newPage(width, '/robots.txt');
      // As on a slow phone before the scripts arrive: none of them runs.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto('/games/reversi');
      const header = page.locator('header.site-header');
      await expect.poll(() => header.isVisible()).toBe(true);
      const title = page.getByRole('link', { name: 'Personal Site' });
      expect(await title.isVisible()).toBe(true);
      const before = { header: await header.boundingBox(), title: await title.boundingBox() };
      await shot(page, `first-paint-${width}`);

      await page.unroute('**/*.js');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Reversi' }).waitFor();
      expect(await page.locator('header.site-header').count()).toBe(1);
      expect({ header: await header.boundingBox(), title: await title.boundingBox() }).toEqual(before);
      await page.close();
    }
  });
});
