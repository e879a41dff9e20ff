/**
 * A 2 GiB folder (BENCH_ZIP_FILES files of BENCH_ZIP_FILE_MIB MiB, default 8 x 256) on the local store, downloaded
 * as one zip over HTTP from the real server in a child process, against `cp` of the same blob files on the same
 * disk. Interleaved and repeated (BENCH_REPEATS, default 3); prints each pair's throughput ratio (cp time / zip
 * time) and the server's peak RSS growth during each download (VmHWM after, less VmRSS before, with the peak
 * reset through /proc/<pid>/clear_refs).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { signUpMember, startServerProcess } from '../../apps/server/test/server-process.ts';

const fileCount = Number(process.env.BENCH_ZIP_FILES ?? 8);
const fileMiB = Number(process.env.BENCH_ZIP_FILE_MIB ?? 256);
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
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

/** GETs `url` into `target`, streamed; answers the bytes written. */
function download(url: string, cookie: string, target: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`GET answered ${res.statusCode}`));
        pipeline(res, createWriteStream(target)).then(async () => resolve((await stat(target)).size), reject);
      })
      .on('error', reject);
  });
}

const kib = (status: string, field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))![1]);
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return (performance.now() - t) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// The files go up in one PUT each (the upload bench measures parts), so the threshold sits above them.
const server = await startServerProcess({ MULTIPART_THRESHOLD_BYTES: String(fileMiB * MiB) });
try {
  const { call, cookie } = await signUpMember(server, 'bench@example.com');
  const scratch = path.join(server.dataDir, 'bench');
  await mkdir(scratch);
  const source = path.join(scratch, 'source.bin');
  await writeFile(source, randomBytes(fileMiB * MiB));
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
    await put(`${server.baseUrl}${url}`, source, size);
    await call('POST', '/api/files/create-file', {
      name: `video ${i}.mp4`,
      mimeType: 'video/mp4',
      size,
      parentId: folder.nodeId,
      uploadId,
    });
  }
  await rm(source);
  const blobsDir = path.join(server.dataDir, 'blobs');
  const blobs = (
    await Promise.all(
      (await readdir(blobsDir)).map(async (d) =>
        (await readdir(path.join(blobsDir, d))).map((f) => path.join(blobsDir, d, f)),
      ),
    )
  ).flat();
  const totalMiB = (fileCount * size) / MiB;
  console.log(`${fileCount} files, ${totalMiB} MiB on the local store; ${repeats} interleaved rounds`);

  const proc = `/proc/${server.child.pid}`;
  const ratios: number[] = [];
  const growths: number[] = [];
  for (let round = 0; round < repeats; round++) {
    const cpTarget = path.join(scratch, 'cp');
    const zipTarget = path.join(scratch, 'folder.zip');
    const cp = async () => {
      execFileSync('sync');
      await mkdir(cpTarget);
      const seconds = await timed(async () => execFileSync('cp', [...blobs, cpTarget]));
      await rm(cpTarget, { recursive: true });
      return seconds;
    };
    const zip = async () => {
      execFileSync('sync');
      await writeFile(`${proc}/clear_refs`, '5'); // resets the peak RSS (VmHWM) to the current RSS
      const before = kib(await readFile(`${proc}/status`, 'utf8'), 'VmRSS');
      let bytes = 0;
      const seconds = await timed(async () => {
        bytes = await download(`${server.baseUrl}/api/files/${folder.nodeId}/zip`, cookie(), zipTarget);
      });
      const peak = kib(await readFile(`${proc}/status`, 'utf8'), 'VmHWM');
      await rm(zipTarget);
      if (bytes < fileCount * size) throw new Error(`the zip holds only ${bytes} bytes`);
      return { seconds, growthMiB: (peak - before) / 1024, bytes };
    };
    // Alternate which goes first, so neither always meets the other's dirty pages or a warmer cache.
    const [cpSeconds, z] =
      round % 2 === 0 ? [await cp(), await zip()] : await zip().then(async (z) => [await cp(), z] as const);
    ratios.push(cpSeconds / z.seconds);
    growths.push(z.growthMiB);
    console.log(
      `round ${round + 1}: cp ${(totalMiB / cpSeconds).toFixed(0)} MiB/s, zip ${(z.bytes / MiB / z.seconds).toFixed(0)} MiB/s,` +
        ` ratio ${(cpSeconds / z.seconds).toFixed(2)}, server peak RSS growth ${z.growthMiB.toFixed(1)} MiB`,
    );
  }
  console.log(
    `median ratio (zip throughput / cp): ${median(ratios).toFixed(2)}; worst peak RSS growth: ${Math.max(...growths).toFixed(1)} MiB (goal < 64)`,
  );
} finally {
  await server.close();
}
