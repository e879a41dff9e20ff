/**
 * GET /api/me, /api/health and a blob download against baselines started in the same run, on both databases.
 * Runs are interleaved (site, baseline, site, baseline…) so each pair sees the same load on a shared machine;
 * the figure that counts is the median of the per-pair ratios.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

interface Target {
  url: string;
  headers?: Record<string, string>;
}
type Targets = Record<
  | 'me'
  | 'raw'
  | 'expressRaw'
  | 'health'
  | 'bareHealth'
  | 'blob'
  | 'sendFile'
  | 'meValidated'
  | 'loggedHealth'
  | 'headersHealth',
  Target
> &
  Partial<Record<'card' | 'offloaded' | 'nginxDirect', Target>>;

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const kinds = (process.env.BENCH_DATABASES ?? 'postgresql,pglite').split(',');

async function load(target: Target) {
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections: 10,
    duration: seconds,
  });
  const bad = result.non2xx + result.errors;
  if (bad) throw new Error(`${target.url}: ${bad} failed requests`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

function startServers(kind: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('serve.ts', import.meta.url).pathname, kind],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise<{ targets: Targets; stop: () => void }>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`servers exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', (line) =>
      resolve({ targets: JSON.parse(line) as Targets, stop: () => child.kill('SIGTERM') }),
    );
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pairs = [
  // The goal (issue 31): at least 0.9 of the card's own stack answering the same read (PostgreSQL only).
  {
    name: 'GET /api/me vs the card',
    site: 'me',
    base: 'card',
    baseName: 'Express + express-session on PostgreSQL + csrf-csrf',
  },
  { name: 'GET /api/me (logged in)', site: 'me', base: 'raw', baseName: 'raw one-row query on node:http' },
  // The framework's floor: no layer, no session, the same query; /api/me cannot pass this ratio.
  {
    name: 'bare Express + query',
    site: 'expressRaw',
    base: 'raw',
    baseName: 'raw one-row query on node:http',
  },
  { name: 'GET /api/health', site: 'health', base: 'bareHealth', baseName: 'bare Express 5' },
  { name: 'blob download (64 KiB)', site: 'blob', base: 'sendFile', baseName: 'Express res.sendFile' },
  // DOWNLOAD_OFFLOAD=nginx behind nginx (when installed): the goal is at least 0.9 of nginx sending the file alone.
  {
    name: 'blob via nginx offload',
    site: 'offloaded',
    base: 'nginxDirect',
    baseName: 'nginx serving the file',
  },
] as const;
/** What single layers cost, measured once (on the first database): each against the same thing without it. */
const layers = [
  { name: 'Express + request log', site: 'loggedHealth', base: 'bareHealth', baseName: 'bare Express 5' },
  { name: '+ helmet', site: 'headersHealth', base: 'loggedHealth', baseName: 'Express + request log' },
  { name: 'me + responseValidation', site: 'meValidated', base: 'me', baseName: 'me as in production' },
] as const;

for (const kind of kinds) {
  const { targets, stop } = await startServers(kind);
  try {
    console.log(`\n${kind} (${rounds} interleaved rounds of ${seconds} s each, 10 connections)`);
    for (const { name, site, base, baseName } of kind === kinds[0] ? [...pairs, ...layers] : pairs) {
      const siteTarget = targets[site];
      const baseTarget = targets[base];
      if (!siteTarget || !baseTarget) {
        console.log(`  ${name.padEnd(24)} skipped: no ${baseName} here`);
        continue;
      }
      await load(siteTarget); // warm-up of both, not counted
      await load(baseTarget);
      const siteRuns = [];
      const baseRuns = [];
      const ratios: number[] = [];
      for (let i = 0; i < rounds; i++) {
        siteRuns.push(await load(siteTarget));
        baseRuns.push(await load(baseTarget));
        ratios.push(siteRuns[i]!.rps / baseRuns[i]!.rps);
      }
      const ratio = median(ratios);
      console.log(
        `  ${name.padEnd(24)} ${Math.round(median(siteRuns.map((r) => r.rps)))} req/s, p99 ` +
          `${median(siteRuns.map((r) => r.p99))} ms | ${baseName}: ${Math.round(median(baseRuns.map((r) => r.rps)))} ` +
          `req/s | ratio ${(ratio * 100).toFixed(1)}%` +
          (site === 'blob' ? ` (baseline ${(1 / ratio).toFixed(2)}x as fast)` : '') +
          ` | load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    stop();
  }
}
