import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, shot } from './support.ts';

const widths = [1280, 390] as const;

/** Opens a demo page and waits until its lazily loaded view has replaced the spinner. */
async function openDemo(width: number, slug: string): Promise<Page> {
  const page = await newPage(width, `/demos/${slug}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForSelector('[role=status]', { state: 'detached' });
  return page;
}

/** `1000` as ¹⁰⁰⁰. */
function superscript(digits: string): string {
  return digits.replace(/\d/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(d)] as string);
}

/** Full-page screenshot from the top, so the sticky header sits where it belongs. */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

describe('demos in the browser', () => {
  it('zooms the Mandelbrot set with two clicks and renders the new view', async () => {
    for (const width of widths) {
      const page = await openDemo(width, 'mandelbrot');
      // The SIMD kernel, not the fallback: the site's content security policy lets WebAssembly compile.
      await page.getByText(/ms on \d+ workers? \(WebAssembly SIMD\)/).waitFor();
      const zoom = page.getByTestId('mandelbrot-zoom');
      const centre = page.getByTestId('mandelbrot-centre');
      expect(await zoom.textContent()).toBe('1×');
      const before = await centre.textContent();

      const picture = await page.getByRole('img', { name: 'The Mandelbrot set' }).boundingBox();
      if (!picture) throw new Error('the Mandelbrot canvas is not visible');
      // Corners of a small box over the Seahorse Valley, between the cardioid and the period-2 bulb.
      await page.mouse.click(picture.x + picture.width * 0.43, picture.y + picture.height * 0.42);
      await page.mouse.click(picture.x + picture.width * 0.49, picture.y + picture.height * 0.46);

      await expect.poll(() => zoom.textContent()).not.toBe('1×');
      expect(await centre.textContent()).not.toBe(before);
      await page.getByText(/ms on \d+ workers?/).waitFor();
      await snap(page, `mandelbrot-${width}`);
    }
  });

  it('zooms the Mandelbrot set with the wheel about the pointer and pans it by dragging', async () => {
    const page = await openDemo(1280, 'mandelbrot');
    await page.getByText(/ms on \d+ workers?/).waitFor();
    const zoom = page.getByTestId('mandelbrot-zoom');
    const centre = page.getByTestId('mandelbrot-centre');
    const picture = await page.getByRole('img', { name: 'The Mandelbrot set' }).boundingBox();
    if (!picture) throw new Error('the Mandelbrot canvas is not visible');

    // Two notches towards the screen over the left part of the picture: 4× about that point.
    await page.mouse.move(picture.x + picture.width * 0.25, picture.y + picture.height / 2);
    await page.mouse.wheel(0, -200);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => zoom.textContent()).toBe('4×');
    // The point under the pointer, −1.45, stays put: the centre moves three quarters of the way to it.
    const zoomed = await centre.textContent();
    expect(zoomed).toBe('−1.237500 + 0.000000i');

    // A drag to the right moves the picture with the pointer: the centre goes left, the zoom stays.
    await page.mouse.down();
    await page.mouse.move(picture.x + picture.width * 0.6, picture.y + picture.height / 2, { steps: 5 });
    await page.mouse.up();
    // 280 canvas pixels of 0.0010625 each.
    await expect.poll(() => centre.textContent()).toBe('−1.535000 + 0.000000i');
    expect(await zoom.textContent()).toBe('4×');
    expect(await page.getByText('Size the box').count()).toBe(0);
    await page.getByText(/ms on \d+ workers?/).waitFor();
  });

  it('keeps the Mandelbrot view in the address for reloads, links and Back and Forward', async () => {
    const page = await openDemo(1280, 'mandelbrot');
    await page.getByText(/ms on \d+ workers?/).waitFor();
    const zoom = page.getByTestId('mandelbrot-zoom');
    const centre = page.getByTestId('mandelbrot-centre');
    const picture = await page.getByRole('img', { name: 'The Mandelbrot set' }).boundingBox();
    if (!picture) throw new Error('the Mandelbrot canvas is not visible');
    const search = () => new URL(page.url()).search;

    // Two quick notches are one step; a drag is one more, however many moves it takes.
    await page.mouse.move(picture.x + picture.width * 0.25, picture.y + picture.height / 2);
    await page.mouse.wheel(0, -200);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => zoom.textContent()).toBe('4×');
    await page.mouse.down();
    await page.mouse.move(picture.x + picture.width * 0.6, picture.y + picture.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => centre.textContent()).toBe('−1.535000 + 0.000000i');
    const panned = search();
    expect(panned).toMatch(/^\?re=-1\.53\d*&im=0&px=/);

    await page.reload();
    await page.getByText(/ms on \d+ workers?/).waitFor();
    expect(await centre.textContent()).toBe('−1.535000 + 0.000000i');
    expect(await zoom.textContent()).toBe('4×');
    expect(search()).toBe(panned);

    await page.goBack();
    await expect.poll(() => centre.textContent()).toBe('−1.237500 + 0.000000i');
    expect(await zoom.textContent()).toBe('4×');
    await page.goBack();
    await expect.poll(() => zoom.textContent()).toBe('1×');
    expect(search()).toBe('');
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    await page.goForward();
    await page.goForward();
    await expect.poll(() => centre.textContent()).toBe('−1.535000 + 0.000000i');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => centre.textContent()).toBe('−1.237500 + 0.000000i');

    // A link to a location far past double precision opens it to the last digit.
    const link = await openDemo(390, 'mandelbrot?re=-0.75&im=0.1&px=1e-40');
    await link.getByText(/ms on \d+ workers?/).waitFor();
    // Past 20 places trailing zeros go: the centre is exactly −0.75 + 0.1i.
    expect(await link.getByTestId('mandelbrot-centre').textContent()).toBe('−0.75 + 0.1i');
  });

  it(
    'renders views past the range of doubles, at 1e-300 and 1e-1000, opened from a link',
    { timeout: 300_000 },
    async () => {
      for (const depth of ['300', '1000']) {
        // Beside the Misiurewicz point i: a spiral of filaments at every depth.
        const page = await openDemo(1280, `mandelbrot?re=-3e-${depth}&im=1&px=4.25e-${depth}`);
        const frame = page.getByText(/\d+ ms on \d+ workers? \(perturbation, JavaScript\)/);
        await frame.waitFor({ timeout: 120_000 });
        console.log(`1e-${depth}: ${await frame.textContent()}`);
        expect(await page.getByTestId('mandelbrot-zoom').textContent()).toMatch(
          new RegExp(`^1\\.0e\\+${Number(depth) - 3}×`),
        );
        // Many colours: the filaments are drawn, not one flat colour that offsets rounded to 0 would give.
        const colours = await page
          .getByRole('img', { name: 'The Mandelbrot set' })
          .evaluate((canvas: HTMLCanvasElement) => {
            const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
            const seen = new Set<number>();
            for (let i = 0; data && i < data.length; i += 4 * 97)
              seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
            return seen.size;
          });
        await snap(page, `mandelbrot-1e-${depth}`);
        expect(colours).toBeGreaterThan(20);
        // A thousand zeros read as a power of ten.
        expect(await page.getByTestId('mandelbrot-centre').textContent()).toBe(
          `−3 × 10⁻${superscript(depth)} + 1i`,
        );
        // The same frame at a phone's width: the canvas is scaled, not drawn again.
        await page.setViewportSize({ width: 390, height: 844 });
        await snap(page, `mandelbrot-1e-${depth}-390`);
        await page.close();
      }
    },
  );

  it(
    'shows a 1e-1000 centre in twenty places, every place one click away',
    { timeout: 120_000 },
    async () => {
      const digits = '74364388703715870475219150611477'.repeat(32).slice(0, 1001);
      for (const width of widths) {
        const page = await openDemo(
          width,
          `mandelbrot?re=-0.${digits}&im=0.13182590420531197049&px=4.25e-1000`,
        );
        const centre = page.getByTestId('mandelbrot-centre');
        expect(await centre.textContent()).toBe(
          '−0.74364\u200938870\u200937158\u200970475… + 0.13182\u200959042\u200905311\u200997049i',
        );
        await page.getByText('All 1,001 decimal places').click();
        const full = page.getByTestId('mandelbrot-centre-full');
        expect((await full.textContent())?.replaceAll('\u2009', '').split('\n')[0]).toBe(`−0.${digits}`);
        // The digits scroll inside their box; the page keeps its width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await snap(page, `mandelbrot-centre-digits-${width}`);
        await page.close();
      }
    },
  );

  it('rotates the simplicial complex by dragging and changes the threshold with the arrow keys', async () => {
    for (const width of widths) {
      const page = await openDemo(width, 'simplicial-complex');
      const canvas = page.locator('canvas');
      const threshold = page.getByTestId('simplicial-threshold');
      const startThreshold = await threshold.textContent();
      const box = await canvas.boundingBox();
      if (!box) throw new Error('the complex canvas is not visible');
      const before = await canvas.screenshot();

      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 8 });
      await page.mouse.up();
      await expect.poll(async () => (await canvas.screenshot()).equals(before)).toBe(false);

      await page.keyboard.press('ArrowRight');
      await expect.poll(() => threshold.textContent()).not.toBe(startThreshold);
      expect(await threshold.textContent()).toBe('Threshold 0.55');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect(await threshold.textContent()).toBe('Threshold 0.45');
      await page.getByRole('button', { name: 'Raise the threshold' }).click();
      expect(await threshold.textContent()).toBe('Threshold 0.50');
      await snap(page, `simplicial-complex-${width}`);
    }
  });

  it('draws an L-system preset and explains a program it cannot draw', async () => {
    for (const width of widths) {
      const page = await openDemo(width, 'l-systems');
      await page.getByLabel('Preset').selectOption('Plant, figure 1.24 (d)');
      expect(await page.getByLabel('Axiom').inputValue()).toBe('X');
      expect(await page.getByLabel('Iterations').inputValue()).toBe('7');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('4,118 segments').waitFor();
      await snap(page, `l-systems-${width}`);
      await page.getByRole('button', { name: 'Zoom in' }).click();
      expect(await page.getByTestId('lsystems-zoom').textContent()).toBe('110%');
      await page.getByRole('button', { name: 'Zoom out' }).click();
      expect(await page.getByTestId('lsystems-zoom').textContent()).toBe('99%');

      await page.getByLabel('Rules, one per line').fill('X=F[+X]F[-X+X\nF=FF');
      await page.getByRole('button', { name: 'Submit' }).click();
      expect(await page.getByRole('alert').textContent()).toContain(
        'brackets in the rule for X do not match',
      );

      await page.getByLabel('Axiom').fill('');
      await page.getByRole('button', { name: 'Submit' }).click();
      expect(await page.getByRole('alert').textContent()).toContain('The axiom is empty');
      await snap(page, `l-systems-error-${width}`);
    }
  });
});
