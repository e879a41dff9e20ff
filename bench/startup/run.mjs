// Start-up time to ready (first 200 from /api/health) and idle RSS of the server on the embedded defaults.
// Usage: node bench/startup/run.mjs [runs] [-- command args...]   (default command: node apps/server/dist/main.js)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dash = process.argv.indexOf('--');
const runs = Number(process.argv[2] && process.argv[2] !== '--' ? process.argv[2] : 3);
const command = dash > 0 ? process.argv.slice(dash + 1) : ['node', 'apps/server/dist/main.js'];

/** Resident memory of a process and all its descendants, in MB (tsx keeps a parent process alive). */
function treeRssMb(pid) {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const ids = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, pp] of rows) if (ids.has(pp) && !ids.has(p)) (ids.add(p), (grew = true));
  }
  return rows.filter(([p]) => ids.has(p)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

async function once(dataDir) {
  const port = 4100 + Math.floor(Math.random() * 800);
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })).ok)
        break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 5000));
  const rssMb = treeRssMb(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { readyMs, rssMb };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const kind of ['fresh data folder', 'existing data folder']) {
  const results = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'site-startup-'));
  if (kind === 'existing data folder') await once(dir);
  for (let i = 0; i < runs; i++) {
    const d = kind === 'fresh data folder' ? mkdtempSync(path.join(tmpdir(), 'site-startup-')) : dir;
    results.push(await once(d));
    if (d !== dir) rmSync(d, { recursive: true, force: true });
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `${command.join(' ')} — ${kind}: ready in ${median(results.map((r) => r.readyMs)).toFixed(0)} ms, ` +
      `idle RSS ${median(results.map((r) => r.rssMb)).toFixed(0)} MB (median of ${runs})`,
  );
}
