/**
 * Renders the installable app's icons from the site's mark (public/favicon.svg) with sharp into public/icons/.
 * The PNGs are committed; run again after changing the mark: pnpm --filter @site/web icons
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'));
const background = '#4338ca';

/** The mark filling the whole square (its own rounded corners), as browsers show a plain icon. */
async function plain(size: number, file: string) {
  await sharp(mark, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', file));
}

/**
 * A full-bleed square for platforms that cut their own shape: maskable icons keep what matters in the central
 * 80 % circle, and iOS rounds the apple-touch icon itself.
 */
async function fullBleed(size: number, file: string, markShare: number) {
  const inner = Math.round(size * markShare);
  const drawn = await sharp(mark, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: drawn, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', file));
}

// The tab's icon: a PNG, as an SVG icon is a document the page's renderer sets up and lays out.
await plain(48, 'icon-48.png');
await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await fullBleed(512, 'maskable-512.png', 0.7);
await fullBleed(180, 'apple-touch-icon-180.png', 0.86);
