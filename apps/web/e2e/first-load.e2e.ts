import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publicPaths } from '../src/prerender/public-paths.ts';
import { newAlbum } from './new-album.ts';
import { signUpByApi } from './session.ts';
import { appReady, newPage, shot } from './support.ts';

/** Notes when the page's first frame starts: registered before the page's own scripts, it runs first in it. */
const recordFirstFrame = (page: Page) =>
  page.addInitScript(() =>
    requestAnimationFrame(
      () => ((window as unknown as { firstFrame: number }).firstFrame = performance.now()),
    ),
  );
const firstFrameOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstFrame: number }).firstFrame);

/** Every request the page has made: its path, and when it started and ended (ms from the page's start). */
const requestsOf = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    })),
  );

describe('the first load', () => {
  it('paints the styled site header from the page alone, exactly where the app then draws it', async () => {
    for (const width of [390, 1280]) {
      // Opened on a file of the site's origin, so the routes below are in place before the app's first load.
      const page = await newPage(width, '/robots.txt');
      // As on a slow phone before anything but the page itself has arrived: no script runs, no stylesheet loads.
      await page.route('**/*.{js,css}', (route) => route.abort());
      // A member's page (here showing a visitor the log in): index.html itself, not a prerendered page.
      await page.goto('/albums');
      const header = page.locator('header.site-header');
      await expect.poll(() => header.isVisible()).toBe(true);
      const title = page.getByRole('link', { name: 'Personal Site' });
      expect(await title.isVisible()).toBe(true);
      const before = { header: await header.boundingBox(), title: await title.boundingBox() };
      await shot(page, `first-paint-${width}`);

      await page.unroute('**/*.{js,css}');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
      expect(await page.locator('header.site-header').count()).toBe(1);
      expect({ header: await header.boundingBox(), title: await title.boundingBox() }).toEqual(before);
      await page.close();
    }
  });

  it("draws a visitor's public page from its HTML alone, and the app takes it over without a flash", async () => {
    const page = await newPage(390, '/robots.txt');
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    await page.goto('/games/reversi');
    await page.getByTestId('reversi-status').waitFor();
    // Until its code has run, the game says it is loading.
    expect(await page.getByRole('status').filter({ hasText: 'Loading Reversi' }).count()).toBe(1);
    await shot(page, 'prerendered-reversi-390');
    const drawn = await page.getByTestId('reversi-status').boundingBox();

    // Counts every spinner the app adds (from the moment the page's own HTML is in).
    await page.addInitScript(() => {
      const seen = window as unknown as { spinners: number };
      seen.spinners = 0;
      const spinner = (node: Node) =>
        node instanceof Element && (node.matches('[role=status]') || !!node.querySelector('[role=status]'));
      const observer = new MutationObserver((changes) => {
        for (const change of changes) seen.spinners += [...change.addedNodes].filter(spinner).length;
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document, { childList: true, subtree: true }),
      );
    });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.unroute('**/*.js');
    await page.reload();
    expect(await page.locator('.prerendered').count()).toBe(1);
    await appReady(page);
    expect(await page.evaluate(() => (window as unknown as { spinners: number }).spinners)).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Loading Reversi' }).waitFor({ state: 'detached' });
    // A page the app drew differently from the build would show here as a hydration error.
    expect(errors).toEqual([]);
    expect(await page.getByTestId('reversi-status').boundingBox()).toEqual(drawn);
    // The game is live: Enter plays the square under the keyboard cursor.
    const score = page.getByTestId('reversi-score');
    expect(await score.textContent()).toBe('You (black) 2 · Computer (white) 2');
    await page.getByRole('img', { name: /Reversi board/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => score.textContent()).not.toBe('You (black) 2 · Computer (white) 2');
    await page.close();
  });

  it('takes over every page the build prerendered without a hydration error', async () => {
    const page = await newPage(390, '/robots.txt');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    // A returning player: what the games keep in this browser is not in the pages the build drew.
    await page.evaluate(() => {
      localStorage.setItem('snek.bestScore', '7');
      localStorage.setItem('sokoban.current', '2');
      localStorage.setItem('sokoban.solved', '[1]');
    });
    for (const path of publicPaths) {
      await page.goto(path);
      expect(await page.locator('.prerendered').count(), path).toBe(1);
      // The account menu's code arrives after the page is hydrated; until then its button is disabled.
      await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).isEnabled()).toBe(true);
      expect(errors, path).toEqual([]);
    }
    await page.close();
  });

  it("draws the first frame before it fetches the app's code beyond React, and fetches the game's with it", async () => {
    const page = await newPage(390, '/robots.txt');
    await recordFirstFrame(page);
    await page.goto('/games/reversi');
    await appReady(page);
    const firstFrame = await firstFrameOf(page);
    const requests = await requestsOf(page);
    const request = (prefix: string) => {
      const found = requests.find((r) => r.path.split('/').pop()!.startsWith(prefix));
      expect(found, `${prefix} in ${JSON.stringify(requests)}`).toBeDefined();
      return found!;
    };
    const started = (prefix: string) => request(prefix).start;
    for (const chunk of ['router', 'contract', 'query', 'ts-rest', 'start', 'ReversiView'])
      expect(started(`${chunk}-`), chunk).toBeGreaterThanOrEqual(firstFrame);
    // The game's view is on its way with the boot, not asked for once the router has arrived and started.
    expect(started('ReversiView-')).toBeLessThan(request('router-').end);
    await page.close();
  });

  it('sets up no SVG image: the mark is drawn in the page, the icons are PNGs', async () => {
    // An SVG as an image or an icon is a document of its own, set up and laid out on the page's main thread.
    const page = await newPage(390, '/robots.txt');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/games/reversi');
    await appReady(page);
    expect(await page.getByRole('link', { name: 'Personal Site' }).locator('svg').count()).toBe(1);
    const icons = await page.evaluate(async () => {
      const manifest = await (
        await fetch(document.querySelector<HTMLLinkElement>('link[rel=manifest]')!.href)
      ).json();
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel~=icon]')].map((l) => l.href);
      return [...links, ...(manifest.icons as { src: string }[]).map((i) => i.src)];
    });
    for (const icon of icons) expect(icon).toMatch(/\.png$/);
    expect(requested.filter((path) => path.endsWith('.svg'))).toEqual([]);
    await page.close();
  });

  it("asks for a member's albums at once, without waiting to learn who is logged in", async () => {
    const page = await newPage(390);
    await signUpByApi(page, `first-load-${Date.now()}@example.com`, 'a first load passphrase');
    await newAlbum(page, 'Beach day');
    // Who is logged in answers slowly; the album list must already be on its way meanwhile.
    let meAnswered = 0;
    await page.route('**/api/me', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const answer = await route.fetch();
      meAnswered = Date.now();
      await route.fulfill({ response: answer });
    });
    let listAsked = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/photo-albums' && !listAsked) listAsked = Date.now();
    });
    await page.goto('/albums');
    await page.getByRole('link', { name: /Beach day/ }).waitFor();
    expect(listAsked).toBeGreaterThan(0);
    expect(listAsked).toBeLessThan(meAnswered);
    await page.close();
  });

  it("fetches a member's screen and its first answers with the boot, each once, and the menu's code after", async () => {
    const page = await newPage(390);
    await signUpByApi(page, `first-screen-${Date.now()}@example.com`, 'a first screen passphrase');
    await newAlbum(page, 'Harbour walk');
    const warnings: string[] = [];
    page.on('console', (message) => message.type() !== 'log' && warnings.push(message.text()));
    // When the screen's heading enters the page.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('main h1')) return;
        (window as unknown as { screenDrawn: number }).screenDrawn = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/albums');
    await page.getByRole('link', { name: /Harbour walk/ }).waitFor();
    // Long enough for Chromium to warn about a preload nothing used.
    await page.waitForTimeout(3500);
    const requests = await requestsOf(page);
    const all = (prefix: string) => requests.filter((r) => r.path.startsWith(prefix));
    const first = (prefix: string) => {
      const [found] = all(prefix);
      expect(found, `${prefix} in ${JSON.stringify(requests)}`).toBeDefined();
      return found!;
    };
    // Asked for as the boot starts (the list index.html holds, src/app/screen-preloads.ts), beside the app's own
    // chunk: not once it has come and made the router, as they would be without the list.
    const app = first('/assets/start-');
    for (const early of ['/assets/AlbumListPage-', '/api/me', '/api/photo-albums'])
      expect(first(early).start, early).toBeLessThan(app.end);
    // The account menu's code is asked for once the screen is drawn, not while it is drawn: on a phone's link it
    // would share the bandwidth with what the screen needs.
    const screenDrawn = await page.evaluate(() => (window as unknown as { screenDrawn: number }).screenDrawn);
    expect(first('/assets/AccountMenu-').start).toBeGreaterThan(screenDrawn);
    // The app's own reads took the preloaded answers: each address was fetched once.
    expect(all('/api/me')).toHaveLength(1);
    expect(all('/api/photo-albums')).toHaveLength(1);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    await page.close();
  });

  it("ships React Router's production build, without its development build or its server renderer", async () => {
    const page = await newPage(390, '/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.endsWith('.js')),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const code = await (await page.request.get(url)).text();
      // A console.error React Router's development build makes on every error a route shows (its package exports
      // only that build; vite.config.ts takes the production files).
      expect(code.includes('Error handled by React Router default ErrorBoundary'), url).toBe(false);
      // The server renderer's code, a message of it: only what the site uses of the package is shipped.
      expect(code.includes('staticHandler.query()'), url).toBe(false);
    }
    await page.close();
  });
});
