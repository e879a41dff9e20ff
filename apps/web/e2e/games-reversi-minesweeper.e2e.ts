import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cellCentre, layoutFor } from '../src/games/minesweeper/layout.ts';
import { LEVELS } from '../src/games/minesweeper/logic.ts';
import { FINGER, fingerView } from '../src/games/minesweeper/viewport.ts';
import { squareCentre } from '../src/games/reversi/geometry.ts';
import { initialPosition, legalMoves, type Position } from '../src/games/reversi/rules.ts';
import { newPage, shot } from './support.ts';

const widths = [1280, 390] as const;
/** Both canvases draw in an 800 px wide coordinate space and are scaled to the page. */
const DRAWING_WIDTH = 800;

/** Opens a game page and waits until its lazily loaded view has replaced the spinner. */
async function openGame(width: number, slug: string, options: { touch?: boolean } = {}): Promise<Page> {
  const page = await newPage(width, `/games/${slug}`, options);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForSelector('[role=status]', { state: 'detached' });
  return page;
}

/** Clicks the canvas at a point given in drawing coordinates, with the real mouse. */
async function clickAt(page: Page, canvas: Locator, x: number, y: number, button: 'left' | 'right' = 'left') {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas is not visible');
  const scale = box.width / DRAWING_WIDTH;
  await page.mouse.click(box.x + x * scale, box.y + y * scale, { button });
}

describe('reversi in the browser', () => {
  it('plays a move by mouse, gets the computer reply, and plays by keyboard', async () => {
    for (const width of widths) {
      const page = await openGame(width, 'reversi');
      const board = page.getByRole('img', { name: /Reversi board/ });
      await board.waitFor();
      const status = page.getByTestId('reversi-status');
      const score = page.getByTestId('reversi-score');
      expect(await score.textContent()).toBe('You (black) 2 · Computer (white) 2');

      const d3 = squareCentre(19);
      await clickAt(page, board, d3.x, d3.y);
      await expect.poll(() => score.textContent()).toBe('You (black) 4 · Computer (white) 1');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Your move.');
      expect(await score.textContent()).toBe('You (black) 3 · Computer (white) 3');

      // The cursor starts where the mouse last played (d3, now occupied): Enter there is refused, then walk
      // the cursor over the board until Enter lands on a legal square.
      await board.focus();
      await page.keyboard.press('Enter');
      expect(await status.textContent()).toMatch(/turns no discs/);
      for (
        let row = 0;
        row < 8 && (await score.textContent()) === 'You (black) 3 · Computer (white) 3';
        row++
      ) {
        await page.keyboard.press('ArrowDown');
        for (let step = 0; step < 7; step++) {
          await page.keyboard.press(row % 2 === 0 ? 'ArrowLeft' : 'ArrowRight');
          await page.keyboard.press('Enter');
          if ((await score.textContent()) !== 'You (black) 3 · Computer (white) 3') break;
        }
      }
      expect(await score.textContent()).not.toBe('You (black) 3 · Computer (white) 3');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Your move.');
      // Let the computer's discs finish turning over so the picture shows the settled board and its hints.
      await page.locator('canvas[data-animating="false"]').waitFor();
      await shot(page, `reversi-${width}`);

      await page.getByRole('button', { name: 'New game' }).click();
      expect(await score.textContent()).toBe('You (black) 2 · Computer (white) 2');
      // The strongest level answers within its second of thinking (plus the worker's first load).
      await page.getByLabel('Strength').selectOption('expert');
      await clickAt(page, board, d3.x, d3.y);
      await expect.poll(() => status.textContent(), { timeout: 5_000 }).toBe('Your move.');
      expect(await score.textContent()).toBe('You (black) 3 · Computer (white) 3');
      await page.locator('canvas[data-animating="false"]').waitFor();
      await shot(page, `reversi-expert-${width}`);
      await page.close();
    }
  });
});

/** Records how long each request to a worker that carries a reversi `level` takes to be answered, in ms. */
const timeThinking = `{
  window.__thinks = [];
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      const sent = new Map();
      this.postMessage = (message, ...rest) => {
        if (message && message.level) sent.set(message.id, performance.now());
        return Native.prototype.postMessage.call(this, message, ...rest);
      };
      this.addEventListener('message', (event) => {
        const at = sent.get(event.data && event.data.id);
        if (at !== undefined) window.__thinks.push(performance.now() - at);
      });
    }
  };
}`;

describe('reversi on a slow phone', () => {
  it(
    'answers every move within a second at every level with the CPU slowed four times',
    { timeout: 600_000 },
    async () => {
      for (const level of ['medium', 'hard', 'expert']) {
        const page = await newPage(390, '/', { touch: true });
        await page.addInitScript(timeThinking);
        await page.goto('/games/reversi');
        const board = page.getByRole('img', { name: /Reversi board/ });
        await board.waitFor();
        // DevTools' "4x slowdown", its stand-in for a phone-class CPU. Hard and Expert stop at a wall-clock budget
        // (600 and 800 ms), so what is measured is that budget's overrun plus the worker's first load and reply.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.getByLabel('Strength').selectOption(level);
        const status = page.getByTestId('reversi-status');
        for (let turn = 0; turn < 12; turn++) {
          await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Your move|win|Draw/);
          if (!(await status.textContent())?.startsWith('Your move')) break;
          const kept = await page.evaluate(() => window.sessionStorage.getItem('reversi.game'));
          const position: Position = kept ? (JSON.parse(kept) as Position) : initialPosition();
          const moves = legalMoves(position);
          const sq = moves[(turn * 7) % moves.length] as number;
          const at = squareCentre(sq);
          await page.locator('canvas[data-animating="false"]').waitFor();
          await clickAt(page, board, at.x, at.y);
        }
        const thinks = (await page.evaluate('window.__thinks')) as number[];
        console.log(`${level}: ${thinks.map((ms) => Math.round(ms)).join(', ')} ms`);
        expect(thinks.length).toBeGreaterThan(5);
        expect(Math.max(...thinks)).toBeLessThanOrEqual(1000);
        await page.close();
      }
    },
  );
});

describe('minesweeper in the browser', () => {
  it('opens a safe region on the first click, flags by right click and by keyboard', async () => {
    for (const width of widths) {
      const page = await openGame(width, 'minesweeper');
      const field = page.getByRole('img', { name: /Minesweeper field/ });
      await field.waitFor();
      const status = page.getByTestId('minesweeper-status');
      const counters = page.getByTestId('minesweeper-counters');
      expect(await status.textContent()).toMatch(/first one is always safe/);
      expect(await counters.textContent()).toBe('Mines left 10 · Time 0 s');

      const level = LEVELS.beginner;
      const layout = layoutFor(level);
      const centre = 4 * level.cols + 4;
      const middle = cellCentre(layout, level, centre);
      await clickAt(page, field, middle.x, middle.y);
      await expect.poll(() => status.textContent()).toBe('Clear every square that hides no mine.');

      // Flag the first still-closed cell: a flag on an opened cell is refused, so the counter tells them apart.
      let flagged = -1;
      for (let cell = 0; cell < level.cols * level.rows && flagged < 0; cell++) {
        const { x, y } = cellCentre(layout, level, cell);
        await clickAt(page, field, x, y, 'right');
        if ((await counters.textContent())?.startsWith('Mines left 9')) flagged = cell;
      }
      expect(flagged).toBeGreaterThanOrEqual(0);

      // The cursor sits on the flagged cell: F takes the flag off, Space opens the cell.
      await field.focus();
      await page.keyboard.press('f');
      expect(await counters.textContent()).toMatch(/^Mines left 10/);
      const before = await field.screenshot();
      await page.keyboard.press('Space');
      await expect.poll(async () => (await field.screenshot()).equals(before)).toBe(false);
      await shot(page, `minesweeper-${width}`);

      await page.getByLabel('Difficulty').selectOption('expert');
      await page.getByRole('button', { name: 'Restart' }).click();
      expect(await counters.textContent()).toBe('Mines left 99 · Time 0 s');
      const expert = layoutFor(LEVELS.expert);
      const spot = cellCentre(expert, LEVELS.expert, 8 * 30 + 15);
      await clickAt(page, field, spot.x, spot.y);
      await expect.poll(() => status.textContent()).toBe('Clear every square that hides no mine.');
      await shot(page, `minesweeper-expert-${width}`);
      await page.close();
    }
  });
});

describe('minesweeper on a phone', () => {
  it('shows cells a finger can hit; a tap opens, a long press flags', async () => {
    const page = await openGame(390, 'minesweeper', { touch: true });
    const field = page.getByRole('img', { name: /Minesweeper field/ });
    await field.waitFor();
    const status = page.getByTestId('minesweeper-status');
    const counters = page.getByTestId('minesweeper-counters');
    const box = (await field.boundingBox())!;
    const level = LEVELS.beginner;
    const layout = layoutFor(level);
    const view = fingerView(layout, box.width);
    const pixels = box.width / DRAWING_WIDTH;
    expect(layout.cell * view.zoom * pixels).toBeGreaterThanOrEqual(FINGER);
    /** Where a cell's centre is on the screen, through the magnified view. */
    const onScreen = (cell: number) => {
      const c = cellCentre(layout, level, cell);
      return {
        x: box.x + (c.x - view.x) * view.zoom * pixels,
        y: box.y + (c.y - view.y) * view.zoom * pixels,
      };
    };
    /** Whether a cell shows the closed tile's grey at its centre. */
    const closed = (cell: number) => {
      const { x, y } = onScreen(cell);
      return field.evaluate(
        (c: HTMLCanvasElement, at) => {
          const rect = c.getBoundingClientRect();
          const [r, g, b] = c
            .getContext('2d')!
            .getImageData(
              ((at.x - rect.left) * c.width) / rect.width,
              ((at.y - rect.top) * c.height) / rect.height,
              1,
              1,
            ).data;
          return Math.abs(r! - 0xc4) + Math.abs(g! - 0xc9) + Math.abs(b! - 0xd0) < 12;
        },
        { x, y },
      );
    };
    const visible = (cell: number) => {
      const { x, y } = onScreen(cell);
      return x > box.x + 8 && x < box.x + box.width - 8 && y > box.y + 8 && y < box.y + box.height - 8;
    };

    const middle = 4 * level.cols + 4;
    expect(visible(middle)).toBe(true);
    expect(await closed(middle)).toBe(true);
    await page.touchscreen.tap(onScreen(middle).x, onScreen(middle).y);
    await expect.poll(() => status.textContent()).toBe('Clear every square that hides no mine.');
    expect(await closed(middle)).toBe(false);

    let target = -1;
    for (let cell = 0; cell < level.cols * level.rows && target < 0; cell++) {
      if (visible(cell) && (await closed(cell))) target = cell;
    }
    expect(target).toBeGreaterThanOrEqual(0);
    const touch = await page.context().newCDPSession(page);
    const point = onScreen(target);
    const around = { x: point.x - 12, y: point.y - 12, width: 24, height: 24 };
    const before = await page.screenshot({ clip: around });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await expect.poll(() => counters.textContent()).toMatch(/^Mines left 9/);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await status.textContent()).toBe('Clear every square that hides no mine.');
    expect((await page.screenshot({ clip: around })).equals(before)).toBe(false);
    await shot(page, 'minesweeper-phone-touch');

    // One finger dragged past the tap slop moves the board and opens nothing.
    const board = await field.screenshot();
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    for (let step = 1; step <= 8; step++) {
      const at = { x: start.x + step * 10, y: start.y + step * 8 };
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => (await field.screenshot()).equals(board)).toBe(false);
    expect(await status.textContent()).toBe('Clear every square that hides no mine.');
    expect(await counters.textContent()).toMatch(/^Mines left 9/);

    // Two fingers pinched together zoom out to the whole drawing, and open nothing either.
    const pinched = await field.screenshot();
    const fingers = (gap: number) => [
      { x: start.x - gap, y: start.y, id: 1 },
      { x: start.x + gap, y: start.y, id: 2 },
    ];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(80) });
    for (const gap of [70, 60, 50, 40, 30, 20]) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap) });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => (await field.screenshot()).equals(pinched)).toBe(false);
    expect(await counters.textContent()).toMatch(/^Mines left 9/);
    await shot(page, 'minesweeper-phone-pinched');

    await page.getByLabel('Difficulty').selectOption('expert');
    await page.touchscreen.tap(start.x, start.y);
    await expect.poll(() => status.textContent()).toBe('Clear every square that hides no mine.');
    await shot(page, 'minesweeper-phone-expert');
    await page.close();
  });
});

describe('board canvases', () => {
  it('paint as many pixels as they are shown at, and follow their box when it changes', async () => {
    for (const slug of ['reversi', 'minesweeper']) {
      const page = await openGame(390, slug);
      const canvas = page.locator('canvas');
      const backing = () =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          // A painted pixel in the middle: the board is drawn at the new size, not just cleared by it.
          const middle = c.getContext('2d')!.getImageData(c.width / 2, c.height / 2, 1, 1).data;
          return {
            width: c.width,
            height: c.height,
            shown: c.getBoundingClientRect().width,
            alpha: middle[3],
          };
        });
      // On a phone the 800-unit board is shown about 360 px wide: it is painted at that size, not at 800.
      const small = await backing();
      expect(small.shown).toBeLessThan(400);
      expect(small.width).toBeGreaterThanOrEqual(small.shown);
      expect(small.width).toBeLessThan(small.shown + 8);
      expect(small.height / small.width).toBeCloseTo(600 / 800, 2);
      expect(small.alpha).toBe(255);

      await page.setViewportSize({ width: 1280, height: 900 });
      await expect.poll(async () => (await backing()).width).toBe(800);
      expect((await backing()).alpha).toBe(255);
      await page.close();
    }
  });
});
