/**
 * Lighthouse over the site's public pages and a member's album list, on its default mobile profile (a mid-range
 * phone on a throttled 4G link), against the built site (`pnpm build` first), which this script starts on the
 * embedded defaults in a throwaway DATA_DIR. Prints the four scores and FCP, LCP and TBT per page.
 *
 * Run from the repository root: pnpm bench:lighthouse (LIGHTHOUSE_RUNS=3 prints the median of three runs).
 * LIGHTHOUSE_PAGES=/,/login limits the pages; LIGHTHOUSE_GZIP=1 puts a gzip proxy in front of the server to
 * estimate the figures with compressed text before the server compresses itself. LIGHTHOUSE_THROTTLING=devtools
 * throttles the load for real instead of simulating it (Lighthouse's default).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../apps/web/e2e/chromium.ts';
import { demos, games } from '../../apps/web/src/shared/catalog.ts';
import { gzipProxy } from './gzip-proxy.ts';
import { memberCookies, withBrowserCookies } from './member.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every page the issue asks about; `member` pages are measured logged in, with a few albums. */
const allPages = [
  { path: '/', member: false },
  { path: '/login', member: false },
  { path: '/albums', member: true },
  ...games.map((g) => ({ path: `/games/${g.slug}`, member: false })),
  ...demos.map((d) => ({ path: `/demos/${d.slug}`, member: false })),
];

/** A port nobody listens on now (several people may run servers on this machine). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  // WEB_DIST (read by the server too) measures another build, e.g. a copy of the one before a change.
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('run `pnpm build` first');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    path.join(root, 'apps/server/node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/main.ts')],
    {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // As the browser tests' servers: a loaded machine takes minutes to start one.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become healthy within 240 s');
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);

/** The median of the values Lighthouse gave (null where a run had none). */
function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
}

const score = (value: number | null | undefined) =>
  value == null ? '  -' : String(Math.round(value * 100)).padStart(3);
const seconds = (ms: number | null) => `${((ms ?? 0) / 1000).toFixed(1)} s`.padStart(6);

/** One Lighthouse run; a run whose trace broke (it happens on a busy machine) is tried again, twice at most. */
async function measure(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      // `devtools` slows the page for real (4x CPU, throttled link) and reports what it observed, instead of
      // simulating the slow phone from an unthrottled load: steadier on a busy machine.
      throttlingMethod: process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate',
    });
    if (!result) throw new Error(`no result for ${url}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError || attempt === 3) return result.lhr;
    console.error(`  ${url}: ${runtimeError.code}, measuring again`);
  }
}

async function main() {
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const pages = only ? allPages.filter((p) => only.includes(p.path)) : allPages;
  const server = await startServer();
  const proxy = process.env.LIGHTHOUSE_GZIP === '1' ? await gzipProxy(server.url) : null;
  const base = proxy?.url ?? server.url;
  const cookies = await memberCookies(server.url);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    console.log(`\nLighthouse (mobile), ${base}${proxy ? ' through a gzip proxy' : ''}\n`);
    console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const run = () => measure(`${base}${page.path}`, chrome.port);
        runs.push(await (page.member ? withBrowserCookies(chrome.port, base, cookies, run) : run()));
      }
      const category = (id: string) => median(runs.map((r) => r.categories[id]?.score ?? null));
      const metric = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? null));
      console.log(
        `| ${page.path} | ${score(category('performance'))} | ${score(category('accessibility'))} | ` +
          `${score(category('best-practices'))} | ${score(category('seo'))} | ` +
          `${seconds(metric('first-contentful-paint'))} | ${seconds(metric('largest-contentful-paint'))} | ` +
          `${Math.round(metric('total-blocking-time') ?? 0)} ms |`,
      );
      const saveTo = process.env.LIGHTHOUSE_SAVE;
      if (saveTo) {
        await mkdir(saveTo, { recursive: true });
        const name = page.path.replaceAll('/', '_') || '_';
        await writeFile(path.join(saveTo, `${name}.json`), JSON.stringify(runs[0]));
      }
      if (process.env.LIGHTHOUSE_VERBOSE === '1') {
        const failing = Object.values(runs[0]!.audits).filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
        );
        for (const audit of failing)
          console.log(`    ${audit.id}: ${audit.score} ${audit.displayValue ?? ''}`);
      }
    }
    console.log(
      `\nload average while measuring: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (${cpus().length} cores)`,
    );
  } finally {
    chrome.kill();
    await proxy?.stop();
    await server.stop();
  }
}

await main();
