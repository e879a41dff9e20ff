import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { appReady, baseUrl, nextClientAddress } from './support.ts';

let browser: Promise<Browser> | undefined;
afterAll(async () => {
  await (await browser)?.close();
});

/**
 * Like newPage, a page with cookies, storage and client address of its own, `width` x 900, at the site's origin;
 * but in a context of one Chromium shared by the test file rather than in a browser of its own, as starting
 * Chromium took seconds per page on a loaded 2-core CI machine. For tests that do not need a profile on disk.
 */
export async function newTab(width: number, startPath = '/'): Promise<Page> {
  browser ??= chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  const context = await (
    await browser
  ).newContext({
    viewport: { width, height: 900 },
    baseURL: baseUrl,
    extraHTTPHeaders: { 'X-Forwarded-For': nextClientAddress() },
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(startPath);
  await appReady(page);
  return page;
}
