/**
 * A 2 GiB folder (BENCH_ZIP_FILES files of BENCH_ZIP_FILE_MIB MiB, default 8 x 256) on the local store, downloaded
 * as one zip over HTTP from the real server in a child process, against `cp` of the same blob files on the same
 * disk and against the same files sent by a bare node:http server (with and without crc32): the floor of an HTTP
 * download here. Interleaved and repeated (BENCH_REPEATS, default 3); prints the ratios (goal zip/cp >= 0.8), the
 * server's CPU per GiB and its peak RSS growth during each download (VmHWM after, less VmRSS before, with the
 * peak reset through /proc/<pid>/clear_refs), and the load. Every zip must be as long as its Content-Length and be
 * listed whole by Info-ZIP's `unzip`. BENCH_ZIP_SPARSE=1 plants each blob as a sparse file of zeros instead of
 * uploading it, so a zip past 4 GiB (Zip64: e.g. 2 files of 4,200 MiB) needs disk only for the download.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { LocalBlobStore } from '../../apps/server/src/storage/local-blob-store.ts';
import { signUpMember, startServerProcess } from '../../apps/server/test/server-process.ts';

const fileCount = Number(process.env.BENCH_ZIP_FILES ?? 8);
const fileMiB = Number(process.env.BENCH_ZIP_FILE_MIB ?? 256);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
const sparse = process.env.BENCH_ZIP_SPARSE === '1';
const MiB = 2 ** 20;

/** PUTs a file's bytes to a signed upload URL, streamed. */
function put(url: string, file: string, size: number) {
  return new Promise<void>((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': size },
    });
    req.on('response', (res) => {
      res.resume();
      if (res.statusCode === 204) resolve();
      else reject(new Error(`PUT answered ${res.statusCode}`));
    });
    req.on('error', reject);
    createReadStream(file).pipe(req);
  });
}

/** GETs `url` into `target`, streamed; answers the bytes written and the Content-Length announced (or null). */
function download(url: string, cookie: string, target: string) {
  return new Promise<{ bytes: number; announced: number | null }>((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`GET answered ${res.statusCode}`));
        const length = res.headers['content-length'];
        const announced = length === undefined ? null : Number(length);
        pipeline(res, createWriteStream(target)).then(
          async () => resolve({ bytes: (await stat(target)).size, announced }),
          reject,
        );
      })
      .on('error', reject);
  });
}

/** The entry names Info-ZIP's `unzip` lists for the archive `file`; fails when it cannot read it. */
async function unzipList(file: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('unzip', ['-Z1', file], { maxBuffer: 64 * MiB });
  return stdout.split('\n').filter((line) => line !== '');
}

/** Makes the blob of `uploadId` a sparse file of `size` zero bytes where the local store keeps it. */
async function plantSparse(dataDir: string, uploadId: string, size: number) {
  const file = new LocalBlobStore(path.join(dataDir, 'blobs'), 'unused').pathOf(uploadId);
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, 'w');
  await handle.truncate(size);
  await handle.close();
}

/** A node:http server that answers every GET with the files of argv[1] (a JSON list) one after the other. */
const bareServer = `
const { createServer } = require('node:http');
const { createReadStream } = require('node:fs');
const { crc32 } = require('node:zlib');
const files = JSON.parse(process.argv[1]);
const server = createServer(async (req, res) => {
  const crc = req.url.endsWith('?crc=1');
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  for (const file of files) {
    let sum = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
      if (crc) sum = crc32(chunk, sum);
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
  }
  res.end();
}).listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

/** CPU time (user + system) process `pid` has used, in seconds: utime and stime of stat(5), in 1/100 s. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const kib = (status: string, field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))![1]);
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return (performance.now() - t) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * A server of the checkout at `root` (this one by default) holding the bench folder: the files go up in one PUT
 * each (the upload bench measures parts), so the threshold sits above them.
 */
async function serverWithFolder(source: string | null, root?: string) {
  const serverDir = root && path.resolve(root, 'apps/server');
  const server = await startServerProcess({ MULTIPART_THRESHOLD_BYTES: String(fileMiB * MiB) }, undefined, {
    serverDir,
  });
  const { call, cookie } = await signUpMember(server, 'bench@example.com');
  const folder = await call<{ nodeId: string }>('POST', '/api/files/create-directory', {
    name: 'Bench',
    parentId: null,
  });
  const size = fileMiB * MiB;
  for (let i = 0; i < fileCount; i++) {
    const { contents: uploadId } = await call<{ contents: string }>('POST', '/api/files/create-upload', {
      size,
    });
    const { url } = await call<{ url: string }>('GET', `/api/files/signed-url/${uploadId}`);
    if (source) await put(`${server.baseUrl}${url}`, source, size);
    else await plantSparse(server.dataDir, uploadId, size);
    await call('POST', '/api/files/create-file', {
      name: `video ${i}.mp4`,
      mimeType: 'video/mp4',
      size,
      parentId: folder.nodeId,
      uploadId,
    });
  }
  return { server, folderId: folder.nodeId, cookie };
}

// BENCH_BASELINE_DIR: another checkout (e.g. the main branch, installed) whose server is measured in the same
// rounds as "zip (baseline)", so that a change is compared with what it replaces under the same load.
const baselineRoot = process.env.BENCH_BASELINE_DIR;
const sourceDir = await mkdtemp(path.join(tmpdir(), 'bench-zip-'));
const source = sparse ? null : path.join(sourceDir, 'source.bin');
if (source) await writeFile(source, randomBytes(fileMiB * MiB));
const { server, folderId, cookie } = await serverWithFolder(source);
const baseline = baselineRoot ? await serverWithFolder(source, baselineRoot) : undefined;
await rm(sourceDir, { recursive: true });
try {
  const scratch = path.join(server.dataDir, 'bench');
  await mkdir(scratch);
  const size = fileMiB * MiB;
  const blobsDir = path.join(server.dataDir, 'blobs');
  const blobs = (
    await Promise.all(
      (await readdir(blobsDir)).map(async (d) =>
        (await readdir(path.join(blobsDir, d))).map((f) => path.join(blobsDir, d, f)),
      ),
    )
  ).flat();
  const totalMiB = (fileCount * size) / MiB;
  console.log(
    `${fileCount} files, ${totalMiB} MiB on the local store${sparse ? ' (sparse: cp copies holes, so zip/cp means little)' : ''}; ` +
      `${repeats} interleaved rounds`,
  );

  // The floor: the same blob files sent one after the other over a bare node:http server (1 MiB reads, as the
  // site's), to the same client; with `?crc=1` it also runs zlib.crc32 over them as a zip must.
  const bare = spawn(process.execPath, ['-e', bareServer, JSON.stringify(blobs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const barePort = Number(String((await once(bare.stdout!, 'data'))[0]).trim());

  const ratios: number[] = [];
  const bareRatios: number[] = [];
  const ofFloor: number[] = [];
  const cpuPerGiB: number[] = [];
  const growths: number[] = [];
  const gib = (fileCount * size) / 2 ** 30;
  const cpTarget = path.join(scratch, 'cp');
  const zipTarget = path.join(scratch, 'folder.zip');
  const cp = async () => {
    execFileSync('sync');
    await mkdir(cpTarget);
    const seconds = await timed(async () => execFileSync('cp', [...blobs, cpTarget]));
    await rm(cpTarget, { recursive: true });
    return { seconds };
  };
  const zipOf = (of: { server: typeof server; folderId: string; cookie: () => string }) => async () => {
    const proc = `/proc/${of.server.child.pid}`;
    execFileSync('sync');
    await writeFile(`${proc}/clear_refs`, '5'); // resets the peak RSS (VmHWM) to the current RSS
    const before = kib(await readFile(`${proc}/status`, 'utf8'), 'VmRSS');
    const cpuBefore = await cpuSecondsOf(of.server.child.pid!);
    let got = { bytes: 0, announced: null as number | null };
    const seconds = await timed(async () => {
      got = await download(`${of.server.baseUrl}/api/files/${of.folderId}/zip`, of.cookie(), zipTarget);
    });
    const cpu = (await cpuSecondsOf(of.server.child.pid!)) - cpuBefore;
    const peak = kib(await readFile(`${proc}/status`, 'utf8'), 'VmHWM');
    const entries = await unzipList(zipTarget);
    await rm(zipTarget);
    if (got.bytes < fileCount * size) throw new Error(`the zip holds only ${got.bytes} bytes`);
    if (got.announced !== got.bytes) throw new Error(`${got.bytes} bytes came of ${got.announced} announced`);
    if (entries.length !== fileCount + 1) throw new Error(`unzip lists ${entries.length} entries`);
    zipChecks.push(`${got.bytes} bytes as announced, ${entries.length} entries listed`);
    return { seconds, growthMiB: (peak - before) / 1024, cpu };
  };
  const zip = zipOf({ server, folderId, cookie });
  const bareGet = (crc: boolean) => async () => {
    execFileSync('sync');
    let bytes = 0;
    const seconds = await timed(async () => {
      ({ bytes } = await download(`http://127.0.0.1:${barePort}/${crc ? '?crc=1' : ''}`, '', zipTarget));
    });
    await rm(zipTarget);
    if (bytes !== fileCount * size) throw new Error(`the bare server sent ${bytes} bytes`);
    return { seconds };
  };
  const kinds: Record<string, () => Promise<{ seconds: number; cpu?: number }>> = {
    cp,
    zip,
    ...(baseline && { zipBaseline: zipOf(baseline) }),
    bare: bareGet(false),
    bareCrc: bareGet(true),
  };
  const zipChecks: string[] = [];
  const baselineRatios: number[] = [];
  const baselineCpu: number[] = [];
  for (let round = 0; round < repeats; round++) {
    // The order turns each round, so that none always meets the other's dirty pages or a warmer cache.
    const names = Object.keys(kinds);
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    const t: Record<string, { seconds: number; cpu?: number }> = {};
    let z: Awaited<ReturnType<typeof zip>> | undefined;
    for (const name of order) {
      const result = await kinds[name]();
      t[name] = result;
      if (name === 'zip') z = result as Awaited<ReturnType<typeof zip>>;
    }
    const mibps = (name: string) => `${(totalMiB / t[name]!.seconds).toFixed(0)} MiB/s`;
    ratios.push(t.cp!.seconds / z!.seconds);
    bareRatios.push(t.cp!.seconds / t.bare!.seconds);
    ofFloor.push(t.bare!.seconds / z!.seconds);
    cpuPerGiB.push(z!.cpu / gib);
    growths.push(z!.growthMiB);
    const versus = t.zipBaseline && {
      ratio: t.zipBaseline.seconds / z!.seconds,
      cpu: t.zipBaseline.cpu! / gib,
    };
    if (versus) {
      baselineRatios.push(versus.ratio);
      baselineCpu.push(versus.cpu);
    }
    console.log(
      `round ${round + 1} (load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; order ${order.join(', ')}): cp ${mibps('cp')}, zip ${mibps('zip')}, bare node:http ` +
        `${mibps('bare')}, bare + crc32 ${mibps('bareCrc')}; zip/cp ${(t.cp!.seconds / z!.seconds).toFixed(2)}, ` +
        `bare/cp ${(t.cp!.seconds / t.bare!.seconds).toFixed(2)}, zip/bare ${(t.bare!.seconds / z!.seconds).toFixed(2)}; ` +
        `server CPU ${(z!.cpu / gib).toFixed(2)} s/GiB, peak RSS growth ${z!.growthMiB.toFixed(1)} MiB` +
        (versus
          ? `; zip (baseline) ${mibps('zipBaseline')}, CPU ${versus.cpu.toFixed(2)} s/GiB, zip/baseline ` +
            versus.ratio.toFixed(2)
          : '') +
        `; zip checks: ${zipChecks.splice(0).join('; ')}`,
    );
  }
  bare.kill();
  console.log(
    `median ratios: zip/cp ${median(ratios).toFixed(2)} (goal >= 0.8), bare node:http/cp ${median(bareRatios).toFixed(2)}, ` +
      `zip/bare ${median(ofFloor).toFixed(2)}; server CPU ${median(cpuPerGiB).toFixed(2)} s/GiB; ` +
      `worst peak RSS growth: ${Math.max(...growths).toFixed(1)} MiB (goal < 64)` +
      (baseline
        ? `; zip/baseline ${median(baselineRatios).toFixed(2)}, baseline CPU ` +
          `${median(baselineCpu).toFixed(2)} s/GiB`
        : ''),
  );
} finally {
  await server.close();
  await baseline?.server.close();
}
