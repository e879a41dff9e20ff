/**
 * The Files screen with a folder of 30,000 files, in headless Chromium against the production build (run
 * `pnpm build` first): how long until its first rows show after a click (beside a folder of 30 in the same run),
 * how long until every page of it is loaded, and the frame times while scrolling it (beside idle frames).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { bigFolderMember, bigFolderSite } from '../../apps/web/e2e/big-folder-site.ts';
import { chromiumArgs, chromiumPath } from '../../apps/web/e2e/chromium.ts';

const requireFromWeb = createRequire(fileURLToPath(new URL('../../apps/web/package.json', import.meta.url)));
const { chromium } = requireFromWeb('playwright-core') as typeof import('playwright-core');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const children = 30_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

/** Reloads the Files screen, opens `folder`, and answers ms until its first child's row is in the page. */
async function firstRows(page: Page, folder: string) {
  await page.goto(`${site.url}/files`);
  await page.locator(`tr[data-node-name="${folder}"]`).waitFor();
  const started = Date.now();
  await page.getByRole('button', { name: `Open folder ${folder}`, exact: true }).click();
  await page.locator('tr[data-node-name="item 1"]').waitFor();
  return Date.now() - started;
}

/**
 * Frame intervals over `frames` animation frames, scrolling the window by `step` px each frame (0: idle). A
 * string, because tsx would wrap a named function in a helper the page does not have.
 */
const frameTimes = (page: Page, frames: number, step: number): Promise<number[]> =>
  page.evaluate(`new Promise((resolve) => {
    const times = [];
    let last = performance.now();
    const tick = (now) => {
      times.push(now - last);
      last = now;
      if (${step}) window.scrollBy(0, ${step});
      if (times.length < ${frames}) requestAnimationFrame(tick);
      else resolve(times.slice(1));
    };
    requestAnimationFrame(tick);
  })`);

const site = await bigFolderSite(children);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.url}/login`);
  await page.getByLabel('Email').fill(bigFolderMember.emailAddress);
  await page.getByLabel('Password').fill(bigFolderMember.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL((url) => url.pathname === '/');

  const big: number[] = [];
  const small: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < rounds; i++) {
    small.push(await firstRows(page, 'Small folder'));
    const started = Date.now();
    big.push(await firstRows(page, 'Big folder'));
    await page
      .getByRole('status')
      .filter({ hasText: 'Loading more' })
      .waitFor({ state: 'detached', timeout: 120_000 });
    whole.push(Date.now() - started);
  }
  console.log(
    `first rows, folder of ${children}: ${median(big)} ms (median of ${rounds}); of 30: ${median(small)} ms`,
  );
  console.log(
    `  ratio ${(median(big) / median(small)).toFixed(2)}; every page loaded after ${median(whole)} ms`,
  );

  const idle = await frameTimes(page, 120, 0);
  const scrolling = await frameTimes(page, 240, 400);
  const rows = await page.locator('tr[data-node-name]').count();
  console.log(
    `frames while scrolling 400 px a frame: median ${median(scrolling).toFixed(1)} ms, p95 ${p95(scrolling).toFixed(1)} ms;` +
      ` idle median ${median(idle).toFixed(1)} ms, p95 ${p95(idle).toFixed(1)} ms`,
  );
  console.log(
    `  ratio (median) ${(median(scrolling) / median(idle)).toFixed(2)}; rows in the page: ${rows}; load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await browser.close();
  await site.close();
}
