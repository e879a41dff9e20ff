import { describe, expect, it } from 'vitest';
import { newPage, shot } from './support.ts';

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

  it('send unknown games and demos home', async () => {
    const page = await newPage(390, '/games/chess');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/demos/nothing');
    await page.waitForURL((url) => url.pathname === '/');
  });
});
