import { describe, expect, it } from 'vitest';
import { appReady, newPage, shot } from './support.ts';

describe('game and demo pages', () => {
  it('link to the source of the very modules they run', async () => {
    const page = await newPage(1280, '/games/minesweeper');
    await page.getByRole('heading', { name: 'Minesweeper' }).waitFor();
    await page.getByRole('link', { name: 'Source' }).click();
    await page.waitForURL((url) => url.pathname === '/games/minesweeper/source');
    await page.getByRole('tab', { name: 'logic.ts' }).waitFor();
    await expect.poll(() => page.locator('pre code').textContent()).toMatch(/export function/);
    await shot(page, 'source-1280');
    await page.getByRole('link', { name: 'Back to Minesweeper' }).click();
    await page.locator('canvas').waitFor();
  });

  it('open live from another page, never under the spinner of a prerendered view', async () => {
    const page = await newPage(390, '/');
    await appReady(page);
    // Whether the board was ever on the page beside a spinner saying it is loading.
    await page.evaluate(() => {
      const watched = window as unknown as { boardUnderSpinner: boolean };
      watched.boardUnderSpinner = false;
      new MutationObserver(() => {
        const spinner = [...document.querySelectorAll('[role=status]')].some((s) =>
          s.textContent?.includes('Loading Reversi'),
        );
        if (spinner && document.querySelector('[aria-label^="Reversi board"]'))
          watched.boardUnderSpinner = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('link', { name: /Reversi/ }).click();
    await page.getByRole('img', { name: /Reversi board/ }).waitFor();
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(() => (window as unknown as { boardUnderSpinner: boolean }).boardUnderSpinner),
    ).toBe(false);
  });

  it('send unknown games and demos home', async () => {
    const page = await newPage(390, '/games/chess');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/demos/nothing');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
