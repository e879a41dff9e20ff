import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createGame } from '../src/games/snek/logic.ts';
import { CANVAS_WIDTH } from '../src/games/snek/draw.ts';
import { boardLayout, cellCentre } from '../src/games/sokoban/layout.ts';
import { neighbour } from '../src/games/sokoban/level.ts';
import { LEVELS, levelXsb } from '../src/games/sokoban/levels.ts';
import { initialState, move, parseLevel } from '../src/games/sokoban/logic.ts';
import { parseLurd } from '../src/games/sokoban/lurd.ts';
import { SOLUTIONS } from '../src/games/sokoban/solutions.ts';
import { appReady, newPage, shot } from './support.ts';

const widths = [1280, 390] as const;

const KEY = { left: 'ArrowLeft', up: 'ArrowUp', right: 'ArrowRight', down: 'ArrowDown' } as const;

/** Opens a game page and waits until its lazily loaded view has replaced the spinner. */
async function openGame(width: number, slug: string, init?: string, touch = false): Promise<Page> {
  const page = await newPage(width, init ? '/' : `/games/${slug}`, { touch });
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

/** Clicks the Snek board at a point in its 800 px drawing space, with the real mouse. */
async function clickAt(page: Page, canvas: Locator, x: number, y: number): Promise<void> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas is not visible');
  const scale = box.width / CANVAS_WIDTH;
  await page.mouse.click(box.x + x * scale, box.y + y * scale);
}

/** The Sokoban board's box on screen, less its 1 px border: its drawing space is its CSS pixels. */
async function boardBox(canvas: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas is not visible');
  return { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2 };
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

describe('snek on a phone', () => {
  it('turns while the finger is still moving, and a reload brings the game back paused', async () => {
    const page = await openGame(390, 'snek', undefined, true);
    const board = page.getByRole('img', { name: /Snek board/ });
    const status = page.getByTestId('snek-status');
    const box = await board.boundingBox();
    if (!box) throw new Error('the board is not visible');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.touchscreen.tap(x, y);
    await expect.poll(() => status.textContent()).toBe('Playing');

    // A finger pressed and dragged up, not lifted: the snake must already be heading up.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dy: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y: y + dy }],
      });
    await touch('touchStart', 0);
    for (const dy of [-10, -20, -30, -40]) await touch('touchMove', dy);
    await page.locator('canvas[data-heading="up"]').waitFor({ timeout: 2_000 });
    await touch('touchEnd', -40);
    expect(await status.textContent()).toBe('Playing');

    await page.reload();
    await appReady(page);
    await expect.poll(() => status.textContent()).toBe('Paused');
    expect(await page.locator('canvas').getAttribute('data-heading')).toBe('up');
    await page.getByRole('button', { name: 'Resume' }).click();
    expect(await status.textContent()).toBe('Playing');
    await page.close();
  });
});

describe('snek on a high-density phone', () => {
  it('draws the board with a backing pixel for every device pixel at a density of 3', async () => {
    const page = await newPage(390, '/games/snek', { touch: true, density: 3 });
    const board = page.getByRole('img', { name: /Snek board/ });
    await board.waitFor();
    // The drawing is 800 units wide, shown some 360 CSS px wide: 3 device pixels for each of those.
    await expect
      .poll(() => board.evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.clientWidth))
      .toBeGreaterThanOrEqual(3);
    const [pixels, shown, density] = await board.evaluate((canvas: HTMLCanvasElement) => [
      canvas.width,
      canvas.getBoundingClientRect().width,
      window.devicePixelRatio,
    ]);
    expect(density).toBe(3);
    expect(shown).toBeLessThan(CANVAS_WIDTH / 2);
    // No more than the box with its border needs, and the hundredth the scale is rounded up to.
    expect(pixels).toBeLessThanOrEqual(Math.ceil(3 * shown) + CANVAS_WIDTH / 100);
    await shot(page, 'snek-390-dpr3', { fullPage: false });
    await page.close();
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

    for (const width of widths) {
      const page = await openGame(width, 'sokoban');
      const board = page.getByRole('img', { name: /Sokoban level 1\b/ });
      const moves = page.getByTestId('sokoban-moves');
      const pushes = page.getByTestId('sokoban-pushes');
      expect(await moves.textContent()).toBe('0');
      // Levels carry Microban's own numbers, so the last one is 155 although level 153 is left out.
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
      const box = await boardBox(board);
      const layout = boardLayout(level.width, level.height, box.width, box.height);
      const target = cellCentre(layout, neighbour(level, afterFirst.player, b.dir));
      await page.mouse.click(box.x + target.x, box.y + target.y);
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
      await page.keyboard.press('z');
      await page.keyboard.press('z');
      expect(await moves.textContent()).toBe(String(secondOpening.length - 2));
      await page.keyboard.press('y');
      await page.getByRole('button', { name: 'Redo' }).click();
      expect(await moves.textContent()).toBe(String(secondOpening.length));
      expect(await page.getByRole('button', { name: 'Redo' }).isDisabled()).toBe(true);
      await shot(page, `sokoban-${width}`);

      // A reload comes back to the same level with its moves, and the whole board on screen.
      await page.reload();
      await appReady(page);
      await page.getByRole('img', { name: /Sokoban level 2\b/ }).waitFor();
      await expect.poll(() => moves.textContent()).toBe(String(secondOpening.length));
      const shown = await boardBox(page.getByRole('img', { name: /Sokoban level 2\b/ }));
      expect(shown.y + shown.height).toBeLessThanOrEqual(900);
      await page.close();
    }
  });

  it('shows the largest level whole on a 1366 x 768 laptop and a 390 x 844 phone', async () => {
    const page = await openGame(1366, 'sokoban');
    await page.getByLabel('Level', { exact: true }).selectOption({ label: String(LEVELS.at(-1)?.id) });
    const board = page.getByRole('img', { name: /Sokoban level 155\b/ });
    for (const [width, height] of [
      [1366, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(async () => (await boardBox(board)).width).toBeLessThanOrEqual(width - 20);
      const shown = await boardBox(board);
      expect(shown.y + shown.height).toBeLessThanOrEqual(height);
      // Drawn at the screen's density: the backing store has a pixel for every device pixel.
      const [pixels, density] = await board.evaluate((canvas: HTMLCanvasElement) => [
        canvas.width,
        window.devicePixelRatio,
      ]);
      expect(pixels).toBe(Math.round(shown.width * (density ?? 1)));
      await shot(page, `sokoban-155-${width}x${height}`, { fullPage: false });
    }
    await page.close();
  });

  it('also answers at /games/Sokoban with a capital S', async () => {
    const page = await openGame(1280, 'Sokoban');
    await page.getByRole('img', { name: /Sokoban level/ }).waitFor();
    expect(await page.getByTestId('sokoban-moves').textContent()).toBe('0');
    await page.close();
  });
});
