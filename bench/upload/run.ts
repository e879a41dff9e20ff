/**
 * A large upload on the local store, the way the web app sends it: a file of BENCH_UPLOAD_MIB (2048) MiB,
 * announced with create-upload (MultiPart, 16 MiB parts), part URLs asked for 16 at a time, the parts PUT over
 * HTTP, BENCH_UPLOAD_PARALLEL (4) at a time, then committed with create-file. Each of BENCH_UPLOAD_RUNS (3) runs
 * times it beside the same PUTs to a bare node:http server that writes them to files, with and without an fsync
 * of each: each right after a `cp` of the same file on the same disk, in an order that turns every run. Prints
 * the ratios to cp (goal >= 0.8), the site's share of the durable floor, the server's CPU per GiB and its peak
 * RSS growth (goal < 64 MiB), sampled from /proc every 50 ms, and the load. The server runs as a child process,
 * as in production, over PGlite and blobs in a temporary folder, removed afterwards.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import {
  cpuSecondsOf,
  freePort,
  putSlice,
  sendParts,
  Session,
  startSiteProcess,
  watchRss,
  type PartPlan,
} from '../support/site-process.ts';

const mib = 2 ** 20;
const size = Number(process.env.BENCH_UPLOAD_MIB ?? 2048) * mib;
const parallel = Number(process.env.BENCH_UPLOAD_PARALLEL ?? 4);
const runs = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);

async function writeRandomFile(file: string) {
  const out = createWriteStream(file);
  for (let written = 0; written < size; written += 4 * mib) {
    if (!out.write(randomBytes(Math.min(4 * mib, size - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * The same parts PUT the same way to a bare node:http server that writes each to a file: the floor of HTTP here.
 * With `?sync=1` it also fsyncs each file before answering (`flush`), as the site must: the floor of a durable
 * upload, which `cp` (no sync) is not held to.
 */
const bareServer = `
const { createServer } = require('node:http');
const { createWriteStream } = require('node:fs');
const { pipeline } = require('node:stream');
let n = 0;
createServer((req, res) => {
  const flush = req.url.endsWith('?sync=1');
  const out = createWriteStream(process.argv[2] + '/bare-' + (n++ % 10000), { flush, highWaterMark: 1 << 20 });
  pipeline(req, out, (err) => res.writeHead(err ? 500 : 204).end());
}).listen(Number(process.argv[1]), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

async function bareUpload(baseUrl: string, file: string, partSize: number, sync: boolean): Promise<void> {
  const partCount = Math.ceil(size / partSize);
  let next = 1;
  const worker = async () => {
    for (;;) {
      const n = next++;
      if (n > partCount) return;
      const url = sync ? '/part?sync=1' : '/part';
      await putSlice(baseUrl, url, file, (n - 1) * partSize, Math.min(n * partSize, size));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Answers when the parts went up and when create-file had joined and committed them. */
async function upload(session: Session, file: string): Promise<{ nodeId: string; partsSeconds: number }> {
  const plan = await session.call('POST', '/files/create-upload', {
    size,
    name: 'bench.bin',
    lastModified: Date.now(),
  });
  if (plan.tag !== 'MultiPart') throw new Error(`expected a MultiPart upload, got ${plan.tag}`);
  const { uploadId } = plan.contents as PartPlan;
  const started = performance.now();
  await sendParts(session, `/files/uploads/${uploadId}`, plan.contents as PartPlan, file, size, parallel);
  const partsSeconds = (performance.now() - started) / 1000;
  const node = await session.call('POST', '/files/create-file', {
    name: 'bench.bin',
    mimeType: 'application/octet-stream',
    size,
    parentId: null,
    uploadId,
  });
  return { nodeId: node.nodeId as string, partsSeconds };
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = await mkdtemp(path.join(tmpdir(), 'bench-upload-'));
const { baseUrl, server } = await startSiteProcess(dir);
try {
  const file = path.join(dir, 'source.bin');
  await writeRandomFile(file);
  const session = new Session(baseUrl);
  await session.call('GET', '/csrf');
  await session.call('POST', '/signup', {
    emailAddress: 'bench@example.com',
    password: 'a bench passphrase',
  });
  // A warm-up upload of 64 MiB parts' worth would skew nothing here: the first run is reported like the others.

  const barePort = await freePort();
  const bareDir = path.join(dir, 'bare');
  await mkdir(bareDir);
  const bare = spawn(process.execPath, ['-e', bareServer, String(barePort), bareDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(bare.stdout!, 'data');

  const rows = { site: [] as number[], bare: [] as number[], bareSync: [] as number[] };
  const ofDurableFloor: number[] = [];
  const cpuPerGiB = { site: [] as number[], bare: [] as number[], bareSync: [] as number[] };
  const growths: number[] = [];
  console.log(`file: ${size / mib} MiB in ${dir}; parts PUT ${parallel} at a time; ${runs} interleaved runs`);
  for (let run = 1; run <= runs; run++) {
    const copy = path.join(dir, 'copy.bin');
    const cp = () =>
      timed(async () => {
        const result = spawnSync('cp', [file, copy]);
        if (result.status !== 0) throw new Error(`cp failed: ${result.stderr}`);
      }).finally(() => rm(copy, { force: true }));

    const pid = server.pid!;
    const site = async () => {
      const rss = await watchRss(pid);
      const cpuBefore = await cpuSecondsOf(pid);
      const up = await timed(() => upload(session, file));
      const { baseline, peak } = rss.stop();
      const cpu = (await cpuSecondsOf(pid)) - cpuBefore;
      // Deleted for the next run (to the trash: its bytes stay on disk, as a user's would).
      await session.call('DELETE', `/files/${up.value.nodeId}`);
      return { ...up, cpu, baseline, peak };
    };
    const bareRun = async (sync: boolean) => {
      const cpuBefore = await cpuSecondsOf(bare.pid!);
      const t = await timed(() => bareUpload(`http://127.0.0.1:${barePort}`, file, 16 * mib, sync));
      const cpu = (await cpuSecondsOf(bare.pid!)) - cpuBefore;
      await rm(bareDir, { recursive: true, force: true });
      await mkdir(bareDir);
      return { ...t, cpu };
    };
    // Each is timed right after a cp of its own, and the order turns each run, so that none always meets the
    // dirty pages of the same one before it.
    const order = (['site', 'bare', 'bareSync'] as const).map(
      (_, i, all) => all[(i + run - 1) % all.length]!,
    );
    const results: Record<string, { seconds: number; cp: number; cpu?: number }> = {};
    let up: Awaited<ReturnType<typeof site>> | undefined;
    for (const which of order) {
      // Each starts with no dirty pages: else a cp after a run that did not sync waits for that run's writeback.
      spawnSync('sync');
      const c = await cp();
      spawnSync('sync');
      if (which === 'site') {
        up = await site();
        results.site = { seconds: up.seconds, cp: c.seconds, cpu: up.cpu };
      } else {
        const b = await bareRun(which === 'bareSync');
        results[which] = { seconds: b.seconds, cp: c.seconds, cpu: b.cpu };
      }
    }
    const gib = size / 2 ** 30;
    const line = (which: 'site' | 'bare' | 'bareSync') => {
      const { seconds, cp } = results[which]!;
      rows[which].push(cp / seconds);
      return `${(size / mib / seconds).toFixed(0)} MiB/s, cp ${(size / mib / cp).toFixed(0)} MiB/s, ratio ${(cp / seconds).toFixed(2)}`;
    };
    cpuPerGiB.site.push(results.site!.cpu! / gib);
    cpuPerGiB.bare.push(results.bare!.cpu! / gib);
    cpuPerGiB.bareSync.push(results.bareSync!.cpu! / gib);
    growths.push(up!.peak - up!.baseline);
    ofDurableFloor.push(results.bareSync!.seconds / results.site!.seconds);
    console.log(
      `run ${run} (load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; order ${order.join(', ')}):\n` +
        `  site:            ${line('site')}; parts ${up!.value.partsSeconds.toFixed(2)} s, join and commit ` +
        `${(up!.seconds - up!.value.partsSeconds).toFixed(2)} s; server CPU ${(up!.cpu / gib).toFixed(2)} s/GiB; ` +
        `RSS ${(up!.baseline / mib).toFixed(0)} -> peak ${(up!.peak / mib).toFixed(0)} MiB ` +
        `(+${((up!.peak - up!.baseline) / mib).toFixed(1)} MiB)\n` +
        `  bare node:http:  ${line('bare')}; CPU ${(results.bare!.cpu! / gib).toFixed(2)} s/GiB\n` +
        `  bare + fsync:    ${line('bareSync')}; CPU ${(results.bareSync!.cpu! / gib).toFixed(2)} s/GiB; the site takes ${(results.site!.seconds / results.bareSync!.seconds).toFixed(2)}x its time`,
    );
  }
  bare.kill();
  console.log(
    `median ratios to cp: site ${median(rows.site).toFixed(2)} (goal >= 0.8), bare node:http ` +
      `${median(rows.bare).toFixed(2)}, bare + fsync ${median(rows.bareSync).toFixed(2)}; site / bare + fsync ` +
      `throughput ${median(ofDurableFloor).toFixed(2)}; server CPU ` +
      `${median(cpuPerGiB.site).toFixed(2)} s/GiB (bare ${median(cpuPerGiB.bare).toFixed(2)}, bare + fsync ${median(cpuPerGiB.bareSync).toFixed(2)}); ` +
      `largest RSS growth: ${(Math.max(...growths) / mib).toFixed(1)} MiB (goal < 64 MiB)`,
  );
  const { size: kept } = await stat(file);
  if (kept !== size) throw new Error('the source file changed');
} finally {
  server.kill('SIGTERM');
  if (server.exitCode === null) await once(server, 'exit');
  await rm(dir, { recursive: true, force: true });
}
