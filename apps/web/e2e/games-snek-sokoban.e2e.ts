import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame } from '../src/games/snek/logic.ts';
import { boardLayout, CANVAS_WIDTH, cellCentre } from '../src/games/sokoban/layout.ts';
import { neighbour } from '../src/games/sokoban/level.ts';
import { LEVELS, levelXsb } from '../src/games/sokoban/levels.ts';
import { initialState, move, parseLevel } from '../src/games/sokoban/logic.ts';
import { parseLurd } from '../src/games/sokoban/lurd.ts';
import { SOLUTIONS } from '../src/games/sokoban/solutions.ts';
import { appReady, newPage, shot } from './support.ts';

const widths = [1280, 390] as const;

const KEY = { left: 'ArrowLeft', up: 'ArrowUp', right: 'ArrowRight', down: 'ArrowDown' } as const;

/** Opens a game page and waits until its lazily loaded view has replaced the spinner. */
async function openGame(width: number, slug: string, init?: string): Promise<Page> {
  const page = await newPage(width, init ? '/' : `/games/${slug}`);
  if (init) {
    await page.addInitScript(init);
    await page.goto(`/games/${slug}`);
    await appReady(page);
  }
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForSelector('[role=status]', { state: 'detached' });
  await page.locator('canvas').waitFor();
  return page;
}

/** Clicks the canvas at a point in its 800 px drawing space, with the real mouse. */
async function clickAt(page: Page, canvas: Locator, x: number, y: number): Promise<void> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas is not visible');
  const scale = box.width / CANVAS_WIDTH;
  await page.mouse.click(box.x + x * scale, box.y + y * scale);
}

/**
 * A fixed "random" number that makes the first food appear three cells straight ahead of the
 * snake, so the test can steer to it. Found through the game's own rules rather than hard-coded.
 */
function foodAheadRandom(): number {
  const probe = createGame(() => 0);
  const head = probe.snake[0] as { x: number; y: number };
  for (let i = 1; i < 1000; i += 1) {
    const r = i / 1000;
    const food = createGame(() => r).food;
    if (food && food.x === head.x + 3 && food.y === head.y) return r;
  }
  throw new Error('no random number puts the food ahead of the snake');
}

describe('snek in the browser', () => {
  it('eats, scores, keeps the best score, pauses, crashes and restarts by tap', async () => {
    const random = foodAheadRandom();
    for (const width of widths) {
      const page = await openGame(width, 'snek', `Math.random = () => ${random};`);
      const board = page.getByRole('img', { name: /Snek board/ });
      const status = page.getByTestId('snek-status');
      const score = page.getByTestId('snek-score');
      expect(await status.textContent()).toMatch(/^Ready/);
      expect(await score.textContent()).toBe('0');

      await page.keyboard.press('ArrowRight');
      await expect.poll(() => status.textContent()).toBe('Playing');
      // At least the food ahead: the next one may come up ahead too, and a loaded machine may read the score late.
      await expect
        .poll(async () => Number(await score.textContent()), { timeout: 5_000 })
        .toBeGreaterThanOrEqual(10);

      await page.keyboard.press('p');
      expect(await status.textContent()).toBe('Paused');
      await page.keyboard.press('Space');
      expect(await status.textContent()).toBe('Playing');

      // Two presses inside one tick: both turns are taken, a U-turn back along the row above.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Game over');
      const finalScore = await score.textContent();
      expect(Number(finalScore)).toBeGreaterThanOrEqual(10);
      expect(await page.getByTestId('snek-best').textContent()).toBe(finalScore);
      await shot(page, `snek-over-${width}`);

      await page.reload();
      await appReady(page);
      await expect.poll(() => page.getByTestId('snek-best').textContent()).toBe(finalScore);

      const box = await board.boundingBox();
      if (!box) throw new Error('the board is not visible');
      await clickAt(page, board, 400, 300);
      await expect.poll(() => status.textContent()).toBe('Playing');
      // A swipe up with the pointer steers the snake away from the wall it was heading for.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 80, { steps: 4 });
      await page.mouse.up();
      await page.locator('canvas[data-heading="up"]').waitFor();
      expect(await status.textContent()).toBe('Playing');
      await shot(page, `snek-${width}`);
      await page.getByRole('button', { name: 'Pause' }).click();
      expect(await status.textContent()).toBe('Paused');
      await page.close();
    }
  });
});

/** Counts the animation frames the page asks for, from the start. */
const countFrames = `{
  window.__frames = 0;
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    window.__frames += 1;
    return request(callback);
  };
}`;

/** How many animation frames the page asks for in one second. */
async function framesInASecond(page: Page): Promise<number> {
  const before = await page.evaluate('window.__frames');
  await page.waitForTimeout(1000);
  return Number(await page.evaluate('window.__frames')) - Number(before);
}

describe('snek at rest', () => {
  it('draws no frames while it waits to start or is paused, and animates while playing', async () => {
    const page = await openGame(390, 'snek', countFrames);
    const status = page.getByTestId('snek-status');
    expect(await status.textContent()).toMatch(/^Ready/);
    expect(await framesInASecond(page)).toBe(0);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => status.textContent()).toBe('Playing');
    expect(await framesInASecond(page)).toBeGreaterThan(10);

    await page.keyboard.press('p');
    expect(await status.textContent()).toBe('Paused');
    await page.waitForTimeout(200);
    expect(await framesInASecond(page)).toBe(0);
    await page.close();
  });
});

describe('sokoban in the browser', () => {
  it('moves, undoes, walks by pointer, solves level 1 and goes on to level 2', async () => {
    const [first, second] = LEVELS;
    if (!first || !second) throw new Error('fewer than two levels');
    const secondOpening = parseLurd(SOLUTIONS[second.id] ?? '').slice(0, 4);
    const steps = parseLurd(SOLUTIONS[first.id] ?? '');
    const level = parseLevel(levelXsb(first));
    const layout = boardLayout(level.width, level.height);

    for (const width of widths) {
      const page = await openGame(width, 'sokoban');
      const board = page.getByRole('img', { name: /Sokoban level 1\b/ });
      const moves = page.getByTestId('sokoban-moves');
      const pushes = page.getByTestId('sokoban-pushes');
      expect(await moves.textContent()).toBe('0');
      // Levels carry Microban's own numbers, so the last one is 154 although one level is left out.
      expect(await page.getByLabel('Level').locator('option').last().textContent()).toBe(
        String(LEVELS.at(-1)?.id),
      );

      const [a, b] = steps;
      if (!a || !b) throw new Error('level 1 needs a longer solution');
      await page.keyboard.press(KEY[a.dir]);
      await page.keyboard.press(KEY[b.dir]);
      expect(await moves.textContent()).toBe('2');
      await page.keyboard.press('z');
      expect(await moves.textContent()).toBe('1');

      // Tap the cell next to the keeper in the solution's second direction: the keeper steps there.
      const afterFirst = move(initialState(level), a.dir);
      const target = cellCentre(layout, neighbour(level, afterFirst.player, b.dir));
      await clickAt(page, board, target.x, target.y);
      await expect.poll(() => moves.textContent()).toBe('2');

      for (const step of steps.slice(2)) await page.keyboard.press(KEY[step.dir]);
      await expect.poll(() => moves.textContent()).toBe(String(steps.length));
      expect(await pushes.textContent()).toBe(String(steps.filter((s) => s.push).length));
      await page.getByText('Solved!', { exact: true }).waitFor();
      await shot(page, `sokoban-solved-${width}`);

      await page.getByRole('button', { name: 'Next level' }).click();
      await page.getByRole('img', { name: /Sokoban level 2\b/ }).waitFor();
      expect(await moves.textContent()).toBe('0');
      expect(
        await page.getByLabel('Level', { exact: true }).locator('option').first().textContent(),
      ).toContain('solved');
      for (const step of secondOpening) await page.keyboard.press(KEY[step.dir]);
      expect(await moves.textContent()).toBe(String(secondOpening.length));
      await shot(page, `sokoban-${width}`);
      await page.close();
    }
  });

  it('also answers at /games/Sokoban with a capital S', async () => {
    const page = await openGame(1280, 'Sokoban');
    await page.getByRole('img', { name: /Sokoban level/ }).waitFor();
    expect(await page.getByTestId('sokoban-moves').textContent()).toBe('0');
    await page.close();
  });
});
