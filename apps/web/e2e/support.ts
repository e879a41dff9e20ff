import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { chromiumArgs, chromiumPath } from './chromium.ts';

/** The running site (started by global-setup.ts). */
export const baseUrl = inject('baseUrl');
/** Its DATA_DIR: the outbox of mails is under it. */
export const dataDir = inject('dataDir');

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(screenshotDir, { recursive: true });

/** The test file's one Chromium, launched with its first page. */
let browser: Promise<Browser> | undefined;
afterAll(async () => {
  await (await browser)?.close();
});

/** A random client address per browser, reported through the proxy header the server trusts in tests. */
export const nextClientAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join('.')}`;

/**
 * A page of its own (its own cookies, storage, cache and service workers, as a browser of its own would have),
 * `width` x 900, already at `startPath` of `site` (the shared site unless given); with `touch`, a phone's: a
 * touch screen and a coarse pointer; with `density`, that many device pixels per CSS pixel. It is a context of the file's one Chromium rather than a browser each:
 * launching Chromium took about 4 s per page on a loaded 2-core CI machine, a context about 1.5 s.
 */
export async function newPage(
  width: number,
  startPath = '/',
  { touch = false, site = baseUrl, density = 1 } = {},
): Promise<Page> {
  browser ??= chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  const context = await (
    await browser
  ).newContext({
    viewport: { width, height: 900 },
    hasTouch: touch,
    isMobile: touch,
    deviceScaleFactor: density,
    baseURL: site,
    extraHTTPHeaders: { 'X-Forwarded-For': nextClientAddress() },
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(startPath);
  await appReady(page);
  return page;
}

/**
 * Waits until the app has taken over the page the build prerendered (a visitor's public pages), if it was one.
 * Until then its controls are inert, so locator actions wait by themselves; raw mouse and keyboard input needs
 * this first.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('.prerendered[inert]').waitFor({ state: 'detached' });
}

/**
 * Waits until dnd-kit's screen-reader announcement (its live region) contains `text`. A sortable item is over
 * itself the moment it is picked up, so `dragStarted` matches either announcement.
 */
export async function announced(page: Page, text: string | RegExp): Promise<void> {
  await page
    .locator('[id^="DndLiveRegion"]')
    .filter({ hasText: text })
    .first()
    .waitFor({ state: 'attached' });
}

/** What dnd-kit announces once a drag has started. */
export const dragStarted = /Picked up|was moved over/;

/** Waits until no CSS transition or animation is running on the page (before a screenshot). */
export async function stillPage(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Saves e2e/screenshots/<name>.png: the whole page, or only the screen for a page too long to capture. */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}
