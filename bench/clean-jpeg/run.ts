/**
 * The server's CPU time per photo to clean the JPEGs the browser sends, before and after: the re-encode it did
 * (sharp: read the header, decode, rotate, encode at quality 90) against the lossless strip it does now
 * (apps/server/src/features/albums/jpeg-segments.ts), on the same inputs. A photo is what the web app makes of a
 * 12 MP phone picture: the full size (4032 x 3024, quality 0.9), the screen-sized rendition (1600 x 1200, 0.85) and
 * the thumbnail (107 x 80, 0.85), with EXIF, GPS and an ICC profile added. Each of BENCH_RUNS (7) runs cleans
 * BENCH_PHOTOS (4) photos both ways, in an order that turns every run, so both see the same machine load. Prints
 * the CPU ms per photo (process user + system time, which counts libvips' threads), the median of the paired
 * ratios, and the bytes stored and the bytes a phone downloads to view a photo (rendition + thumbnail), both ways.
 */
import { cpus, loadavg } from 'node:os';
import sharp from 'sharp';
import { maxImagePixels } from '../../apps/server/src/features/albums/clean-jpeg.ts';
import { stripJpeg } from '../../apps/server/src/features/albums/jpeg-segments.ts';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const photoCount = Number(process.env.BENCH_PHOTOS ?? 4);

interface Photo {
  full: Buffer;
  rendition: Buffer;
  thumbnail: Buffer;
}

/** A picture with a photo's detail (noise over gradients), as a canvas would encode it, with metadata added. */
async function jpeg(width: number, height: number, quality: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = (state >>> 24) % 24;
      const at = (y * width + x) * 3;
      pixels[at] = ((x * 255) / width + noise) & 255;
      pixels[at + 1] = ((y * 255) / height + noise) & 255;
      pixels[at + 2] = (((x + y) * 128) / (width + height) + 60 + noise) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: Math.round(quality * 100) })
    .withIccProfile('srgb')
    .withExifMerge({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

/** What the server did before: sharp's header, then a full decode and encode. */
async function reencode(bytes: Buffer): Promise<Buffer> {
  const meta = await sharp(bytes).metadata();
  if (meta.format !== 'jpeg' || (meta.width ?? 0) * (meta.height ?? 0) > maxImagePixels)
    throw new Error('refused');
  return sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'error' })
    .rotate()
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What it does now. */
async function strip(bytes: Buffer): Promise<Buffer> {
  const stripped = stripJpeg(bytes);
  if (!stripped.ok || stripped.width * stripped.height > maxImagePixels) throw new Error('refused');
  return stripped.bytes;
}

type Clean = (bytes: Buffer) => Promise<Buffer>;

/** Cleans every JPEG of every photo; answers the CPU ms and the bytes kept of each part. */
async function cleanAll(photos: Photo[], clean: Clean) {
  const before = process.cpuUsage();
  const kept = { full: 0, rendition: 0, thumbnail: 0 };
  for (const photo of photos) {
    for (const part of ['full', 'rendition', 'thumbnail'] as const)
      kept[part] += (await clean(photo[part])).length;
  }
  const used = process.cpuUsage(before);
  return { cpuMs: (used.user + used.system) / 1000, kept };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const photos: Photo[] = [];
for (let i = 0; i < photoCount; i++) {
  photos.push({
    full: await jpeg(4032, 3024, 0.9, i + 1),
    rendition: await jpeg(1600, 1200, 0.85, i + 1),
    thumbnail: await jpeg(107, 80, 0.85, i + 1),
  });
}
const sent = photos.reduce((sum, p) => sum + p.full.length + p.rendition.length + p.thumbnail.length, 0);

// A warm-up of each, so neither pays for loading libvips or compiling the walker.
await cleanAll(photos.slice(0, 1), reencode);
await cleanAll(photos.slice(0, 1), strip);

const old: number[] = [];
const now: number[] = [];
const ratios: number[] = [];
let keptBefore = { full: 0, rendition: 0, thumbnail: 0 };
let keptAfter = keptBefore;
for (let run = 0; run < runs; run++) {
  const order: [Clean, number[]][] = [
    [reencode, old],
    [strip, now],
  ];
  if (run % 2) order.reverse();
  const pair: number[] = [];
  for (const [clean, into] of order) {
    const { cpuMs, kept } = await cleanAll(photos, clean);
    into.push(cpuMs / photos.length);
    pair.push(cpuMs);
    if (clean === reencode) keptBefore = kept;
    else keptAfter = kept;
  }
  ratios.push(run % 2 ? pair[0]! / pair[1]! : pair[1]! / pair[0]!);
}

const perPhoto = (bytes: number) => `${(bytes / photos.length / 1024).toFixed(1)} KiB`;
console.log(
  `${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}; ${photos.length} photos x ${runs} runs`,
);
console.log(`sent by the browser per photo: ${perPhoto(sent)}`);
console.log(
  `re-encode: ${median(old).toFixed(2)} ms CPU per photo (median; ${Math.min(...old).toFixed(2)} best)`,
);
console.log(
  `strip:     ${median(now).toFixed(3)} ms CPU per photo (median; ${Math.min(...now).toFixed(3)} best)`,
);
console.log(`strip / re-encode, paired: ${median(ratios).toFixed(4)} (median of ${runs})`);
for (const [name, kept] of [
  ['re-encode', keptBefore],
  ['strip', keptAfter],
] as const) {
  console.log(
    `${name}: stored ${perPhoto(kept.full + kept.rendition + kept.thumbnail)} per photo;` +
      ` a phone viewing it downloads ${perPhoto(kept.rendition + kept.thumbnail)} (rendition + thumbnail),` +
      ` a full-size download ${perPhoto(kept.full)}`,
  );
}
