import type { Page } from 'playwright-core';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { newPage, shot } from './support.ts';

/** Waits until the service worker is active and controls the page (it claims the page on first install). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describe('the installable app', () => {
  it('links a manifest with icons, theme colour and a share target, and installs its service worker', async () => {
    const page = await newPage(390, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await page.evaluate(async (url) => (await fetch(url!)).json(), href);
    expect(manifest).toMatchObject({ display: 'standalone', theme_color: '#4338ca', start_url: '/' });
    expect(manifest.share_target).toMatchObject({ method: 'POST', enctype: 'multipart/form-data' });
    for (const icon of manifest.icons as { src: string }[]) {
      const status = await page.evaluate(async (src) => (await fetch(src)).status, icon.src);
      expect(status, icon.src).toBe(200);
    }
    expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
    await controlled(page);
    const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(script).toMatch(/\/sw\.js$/);
    await shot(page, 'installable-home-390');
  });

  it('opens the shell and its assets from the cache on the second visit', async () => {
    const page = await newPage(390, '/');
    await controlled(page);
    const fromNetwork: string[] = [];
    const fromWorker: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/api/')) return;
      (res.fromServiceWorker() ? fromWorker : fromNetwork).push(url.pathname);
    });
    await page.goto('/games/reversi');
    await page.getByRole('img', { name: /Reversi board/ }).waitFor();
    expect(fromNetwork).toEqual([]);
    expect(fromWorker).toContain('/games/reversi');
    expect(fromWorker.some((p) => p.startsWith('/assets/'))).toBe(true);
  });

  it('opens a game and a demo with the network cut', async () => {
    const page = await newPage(390, '/');
    await controlled(page);
    await page.context().setOffline(true);
    try {
      await page.goto('/games/minesweeper');
      await page.getByRole('img', { name: /Minesweeper field/ }).waitFor();
      await shot(page, 'offline-minesweeper-390');
      await page.goto('/demos/l-systems');
      await page.getByRole('heading', { name: 'L-systems' }).waitFor();
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('never answers /api from the cache', async () => {
    const page = await newPage(390, '/');
    await controlled(page);
    await page.context().setOffline(true);
    try {
      const outcome = await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'answered',
          () => 'failed',
        ),
      );
      expect(outcome).toBe('failed');
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('offers a new build once it is deployed, and Reload brings it in', async () => {
    const page = await newPage(390, '/');
    await controlled(page);
    // A deploy as the browser sees it: a service worker script that differs by a byte from the running one.
    const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/sw.js');
    const deployed = await readFile(script);
    try {
      await appendFile(script, `\n// build ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await page.getByText('A new version is available.').waitFor({ timeout: 30_000 });
      await shot(page, 'update-prompt-390');
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await controlled(page);
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())!.waiting,
      );
      expect(waiting).toBeNull();
      await expect(page.getByText('A new version is available.').count()).resolves.toBe(0);
    } finally {
      await writeFile(script, deployed);
    }
  });
});
