// Start-up time to ready (first 200 from /api/health) and idle RSS of the server on the embedded defaults, against
// bare.mjs (a process that only opens the same PGlite folder, and one that only answers HTTP) in the same run,
// the three alternated run by run. Usage: node bench/startup/run.mjs [runs] [-- command args...]
// (default command: node apps/server/dist/main.js)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dash = process.argv.indexOf('--');
const runs = Number(process.argv[2] && process.argv[2] !== '--' ? process.argv[2] : 3);
const commands = {
  server: dash > 0 ? process.argv.slice(dash + 1) : ['node', 'apps/server/dist/main.js'],
  'bare PGlite open': ['node', 'bench/startup/bare.mjs', 'pglite'],
  'bare node:http': ['node', 'bench/startup/bare.mjs', 'node'],
};

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

async function once(command, dataDir) {
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
const loads = [];
for (const kind of ['fresh data folder', 'existing data folder']) {
  const results = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  // The existing folder is the server's own, made once beforehand; each baseline opens that same folder.
  const dir = mkdtempSync(path.join(tmpdir(), 'site-startup-'));
  if (kind === 'existing data folder') await once(commands.server, dir);
  for (let i = 0; i < runs; i++) {
    for (const [name, command] of Object.entries(commands)) {
      const d = kind === 'fresh data folder' ? mkdtempSync(path.join(tmpdir(), 'site-startup-')) : dir;
      results[name].push(await once(command, d));
      if (d !== dir) rmSync(d, { recursive: true, force: true });
      loads.push(loadavg()[0]);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`${kind} (median of ${runs}, alternated):`);
  const ready = (name) => median(results[name].map((r) => r.readyMs));
  const rss = (name) => median(results[name].map((r) => r.rssMb));
  for (const name of Object.keys(commands)) {
    console.log(
      `  ${name.padEnd(18)} ready in ${ready(name).toFixed(0)} ms, idle RSS ${rss(name).toFixed(0)} MB`,
    );
  }
  const ratio = median(results.server.map((r, i) => r.readyMs / results['bare PGlite open'][i].readyMs));
  console.log(`  server / bare PGlite open: ${ratio.toFixed(2)}x to ready (median of the paired ratios)`);
  // On a fresh folder the bare process runs initdb itself, which the server leaves to a child that exits.
  if (kind === 'existing data folder') {
    console.log(
      `  idle RSS: ${rss('bare node:http').toFixed(0)} MB Node, ` +
        `+${(rss('bare PGlite open') - rss('bare node:http')).toFixed(0)} MB PGlite, ` +
        `+${(rss('server') - rss('bare PGlite open')).toFixed(0)} MB the server's code (Prisma, Express, the app)`,
    );
  }
}
console.log(`load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
