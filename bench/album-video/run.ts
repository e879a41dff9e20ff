/**
 * A long video added to an album the way the web app adds one: a file of BENCH_VIDEO_MIB (2048) MiB, announced
 * with the album's original-upload (MultiPart, 16 MiB parts), part URLs asked for 16 at a time, the parts PUT over
 * HTTP 4 at a time, then its poster JPEGs and the addImage that joins the parts. The file is sparse (made by
 * truncate, never written; the store writes every byte it receives, so the server does all the work of a real
 * video). Prints the time, the server's CPU per GiB and its peak RSS growth (goal < 64 MiB), sampled from /proc
 * every 50 ms. The server runs as a child process over PGlite and blobs in a temporary folder, removed afterwards.
 */
import { open, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  cpuSecondsOf,
  sendParts,
  Session,
  startSiteProcess,
  watchRss,
  type PartPlan,
} from '../support/site-process.ts';

const mib = 2 ** 20;
const size = Number(process.env.BENCH_VIDEO_MIB ?? 2048) * mib;
const parallel = 4;

const dir = await mkdtemp(path.join(tmpdir(), 'bench-album-video-'));
// The bench's member has not verified an address, whose quota (200 MiB) a long video passes.
const { baseUrl, server } = await startSiteProcess(dir, { UNVERIFIED_QUOTA_BYTES: String(size * 2) });
try {
  const file = path.join(dir, 'video.mp4');
  const handle = await open(file, 'w');
  await handle.truncate(size);
  await handle.close();

  const session = new Session(baseUrl);
  await session.call('GET', '/csrf');
  await session.call('POST', '/signup', {
    emailAddress: 'bench@example.com',
    password: 'a bench passphrase',
  });
  const album = await session.call('POST', '/photo-albums', { name: 'Bench' });
  const albumPath = `/photo-albums/${album.photoAlbumId}`;

  const pid = server.pid!;
  const rss = await watchRss(pid);
  const cpuBefore = await cpuSecondsOf(pid);
  const started = performance.now();

  const plan = await session.call('POST', `${albumPath}/original-upload`, {
    size,
    name: 'bench.mp4',
    lastModified: Date.now(),
  });
  if (plan.tag !== 'MultiPart') throw new Error(`expected a MultiPart upload, got ${plan.tag}`);
  const { uploadId, partSize, partCount } = plan.contents as PartPlan;
  await sendParts(
    session,
    `${albumPath}/uploads/${uploadId}`,
    plan.contents as PartPlan,
    file,
    size,
    parallel,
  );
  const partsSeconds = (performance.now() - started) / 1000;

  const jpeg = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
  const poster = async (bytes: Buffer) => {
    const [id, url] = await session.call('POST', `${albumPath}/upload`, { size: bytes.length });
    const res = await fetch(`${baseUrl}${url}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(bytes),
    });
    if (res.status !== 204) throw new Error(`poster PUT answered ${res.status}`);
    return id as string;
  };
  const imageId = await poster(await jpeg(1920, 1080));
  const thumbnailId = await poster(await jpeg(142, 80));
  const image = await session.call('POST', albumPath, {
    imageId,
    thumbnailId,
    original: { uploadId, name: 'bench.mp4', type: 'video/mp4' },
    durationMs: 600_000,
  });
  const seconds = (performance.now() - started) / 1000;
  const { baseline, peak } = rss.stop();
  const cpu = (await cpuSecondsOf(pid)) - cpuBefore;
  if (image.original?.size !== size) throw new Error(`the video was kept with ${image.original?.size} bytes`);

  const gib = size / 2 ** 30;
  console.log(
    `album video of ${size / mib} MiB in ${partCount} parts of ${partSize / mib} MiB: ` +
      `${seconds.toFixed(1)} s (${(size / mib / seconds).toFixed(0)} MiB/s; parts ${partsSeconds.toFixed(1)} s, ` +
      `join and add ${(seconds - partsSeconds).toFixed(1)} s); server CPU ${(cpu / gib).toFixed(2)} s/GiB; ` +
      `RSS ${(baseline / mib).toFixed(0)} -> peak ${(peak / mib).toFixed(0)} MiB ` +
      `(+${((peak - baseline) / mib).toFixed(1)} MiB, goal < 64 MiB)`,
  );
} finally {
  server.kill();
  await rm(dir, { recursive: true, force: true });
}
