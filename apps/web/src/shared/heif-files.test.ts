import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHeifBrand, hasHeifName, hasHeifType, isHeif } from './heif-files.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'heif-files-'));
/** Real files made by Debian's libheif encoder (heif-enc) from a JPEG, as an iPhone's would be: HEVC in HEIF. */
const samples: Record<'jpeg' | 'heic' | 'avif', Uint8Array<ArrayBuffer>> = {
  jpeg: new Uint8Array(),
  heic: new Uint8Array(),
  avif: new Uint8Array(),
};

beforeAll(async () => {
  const jpeg = path.join(dir, 'photo.jpg');
  writeFileSync(
    jpeg,
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3b82f6' } })
      .jpeg()
      .toBuffer(),
  );
  samples.jpeg = new Uint8Array(readFileSync(jpeg));
  for (const kind of ['heic', 'avif'] as const) {
    const out = path.join(dir, `photo.${kind}`);
    execFileSync('heif-enc', ['-q', '50', jpeg, '-o', out], { stdio: 'ignore' });
    samples[kind] = new Uint8Array(readFileSync(out));
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = '') => new File([bytes], name, { type });

describe('telling HEIF photos from other files', () => {
  it('knows the HEIF media types, in any case, and no others', () => {
    for (const type of ['image/heic', 'image/HEIF', 'image/heic-sequence', 'image/heif-sequence']) {
      expect(hasHeifType(type)).toBe(true);
    }
    for (const type of ['image/jpeg', 'image/avif', '', 'video/quicktime'])
      expect(hasHeifType(type)).toBe(false);
  });

  it('knows the .heic and .heif endings, in any case, and no others', () => {
    for (const name of ['IMG_0001.HEIC', 'holiday.heic', 'scan.heif']) expect(hasHeifName(name)).toBe(true);
    for (const name of ['photo.jpg', 'heic.png', 'IMG_0001.HEIC.jpg', ''])
      expect(hasHeifName(name)).toBe(false);
  });

  it("reads the HEIF brand from a real HEIC file's first bytes, and not from a JPEG's or an AVIF's", () => {
    expect(hasHeifBrand(samples.heic)).toBe(true);
    expect(hasHeifBrand(samples.jpeg)).toBe(false);
    expect(hasHeifBrand(samples.avif)).toBe(false);
    expect(hasHeifBrand(samples.heic.subarray(0, 8))).toBe(false);
  });

  it('takes a HEIC with no type and no telling name by its content', async () => {
    expect(await isHeif(file(samples.heic, 'upload'))).toBe(true);
    expect(await isHeif(file(samples.heic, 'upload', 'application/octet-stream'))).toBe(true);
    expect(await isHeif(file(samples.jpeg, 'upload'))).toBe(false);
    expect(await isHeif(file(samples.avif, 'upload'))).toBe(false);
  });

  it('takes a file by its HEIF type or name without reading it', async () => {
    expect(await isHeif(file(samples.jpeg, 'IMG_0002.HEIC'))).toBe(true);
    expect(await isHeif(file(samples.jpeg, 'photo', 'image/heif'))).toBe(true);
    expect(await isHeif(file(samples.heic, 'photo.jpg', 'image/jpeg'))).toBe(false);
  });
});
