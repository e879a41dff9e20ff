/**
 * Mandelbrot worker-pool benchmark: builds page.ts (which imports the app's own
 * pool and worker modules) with Vite, serves it on localhost, opens it in headless
 * Chromium and prints milliseconds per 800x600 frame at 1,000 iterations for the
 * worker pool and for a single-threaded loop in the same page.
 *
 * Then the deep-zoom case: the app's whole frame at 1e50 and 1e100 (perturbation:
 * reference orbit, preview and full pass) against the first view, interleaved.
 *
 * Run from the repository root: apps/web/node_modules/.bin/tsx bench/mandelbrot/run.ts
 * (BENCH_ONLY=deep for the deep case alone; BENCH_SHOTS=<dir> saves the deep frames as PNGs).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumArgs, chromiumPath } from '../../apps/web/e2e/chromium.ts';
import { watPlugin } from '../../apps/web/build/wat-plugin.ts';
import type { DeepResult, SceneResult } from './page.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const webApp = join(here, '../../apps/web/package.json');
const requireFromWeb = createRequire(webApp);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const MAX_ITERATIONS = 1000;
const ONLY = process.env.BENCH_ONLY;
const SHOTS = process.env.BENCH_SHOTS;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.map': 'application/json',
};

async function build(outDir: string): Promise<void> {
  const vite = (await import(pathToFileURL(requireFromWeb.resolve('vite')).href)) as typeof import('vite');
  await vite.build({
    root: here,
    configFile: false,
    logLevel: 'warn',
    plugins: [watPlugin()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
    worker: { format: 'es', plugins: () => [watPlugin()] },
  });
}

function serve(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function report(results: SceneResult[], cores: number, capacity: number): void {
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  const line = (label: string, pool: number, single: number) =>
    `  ${label.padEnd(8)} pool ${ms(pool)}   single ${ms(single)}   ratio ${(pool / single).toFixed(2)}`;
  console.log(
    `\nMandelbrot 800x600, ${MAX_ITERATIONS} iterations, ${REPEATS} runs each; ${cores} logical cores`,
  );
  console.log(
    `Cores the page really got (the same frame on ${cores} single workers at once): ${capacity.toFixed(2)}`,
  );
  for (const r of results) {
    console.log(`\n${r.name}, ${r.workers} ${r.workers === 1 ? 'worker' : 'workers'}`);
    console.log(line('median', median(r.poolMs), median(r.singleMs)));
    console.log(line('best', Math.min(...r.poolMs), Math.min(...r.singleMs)));
    // Each pool run is timed right before its single-threaded twin, so a pair sees the same machine load.
    const paired = median(r.poolMs.map((pool, i) => pool / (r.singleMs[i] as number)));
    console.log(
      `  paired   ratio ${paired.toFixed(2)} (median of the ratios of each pool run to the run beside it)`,
    );
    const one = median(r.oneWorkerMs);
    console.log(
      `  1 worker ${ms(one)}   (the pool's kernel alone: ${(one / median(r.singleMs)).toFixed(2)} of single; ` +
        `${r.workers} workers are ${(one / median(r.poolMs)).toFixed(2)}x faster)`,
    );
    console.log(`  preview  ${ms(median(r.previewMs))} until the 1/8-resolution pass is complete (median)`);
    if (r.mismatchedPixels > 0)
      console.log(`  !! ${r.mismatchedPixels} pixels differ from the single-threaded frame`);
  }
  console.log(
    '\npool: the full-resolution frame on the worker pool (WebAssembly SIMD kernel); single: the same frame in one\n' +
      'plain JavaScript loop on the main thread; 1 worker: the pool with one worker.',
  );
}

function reportDeep(results: DeepResult[], capacity: number): void {
  console.log(
    `\nDeep zoom, 800x600, the app's whole frame (reference orbit, 1/8 preview, full pass), ${REPEATS} runs`,
  );
  console.log(`Cores the page really got: ${capacity.toFixed(2)}`);
  for (const r of results) {
    const ratios = r.deepMs.map((deep, i) => deep / (r.shallowMs[i] as number));
    console.log(`\n${r.name} at ${r.zoom}x, ${r.maxIterations.toLocaleString('en-US')} iterations at most`);
    console.log(
      `  deep     median ${median(r.deepMs).toFixed(1).padStart(7)} ms   best ${Math.min(...r.deepMs).toFixed(1)} ms`,
    );
    console.log(
      `  shallow  median ${median(r.shallowMs).toFixed(1).padStart(7)} ms   (the first view, timed just before each)`,
    );
    console.log(`  ratio    ${median(ratios).toFixed(2)} (median of deep / shallow, pair by pair)`);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      const file = join(SHOTS, `deep-${r.zoom}.png`);
      writeFileSync(file, Buffer.from(r.image.replace(/^data:image\/png;base64,/, ''), 'base64'));
      console.log(`  frame    ${file}`);
    }
  }
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'mandelbrot-bench-'));
  const profile = mkdtempSync(join(tmpdir(), 'mandelbrot-bench-profile-'));
  await build(outDir);
  const { server, url } = await serve(outDir);
  const { chromium } = requireFromWeb('playwright-core') as typeof import('playwright-core');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(url);
    await page.waitForFunction(() => typeof window.runBenchmark === 'function');
    if (ONLY !== 'deep') {
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      const { capacity, scenes } = await page.evaluate(
        ([repeats, iterations]) => window.runBenchmark(repeats, iterations),
        [REPEATS, MAX_ITERATIONS] as const,
      );
      report(scenes, cores, capacity);
    }
    const deep = await page.evaluate((repeats) => window.runDeepBenchmark(repeats), REPEATS);
    reportDeep(deep.scenes, deep.capacity);
  } finally {
    await context.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

await main();
