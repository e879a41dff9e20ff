import sharp, { type JpegOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripJpeg } from './jpeg-segments.ts';

const photo = (options: JpegOptions = {}) =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg(options)
    .withIccProfile('srgb')
    .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'Someone' } })
    .toBuffer();

/** The markers of a JPEG's segments up to its first scan, in order. */
function markersOf(jpeg: Buffer): number[] {
  const markers: number[] = [];
  for (let at = 2; jpeg[at + 1] !== 0xda; at += 2 + jpeg.readUInt16BE(at + 2)) markers.push(jpeg[at + 1]!);
  return markers;
}

/** A COM segment saying `text`. */
const comment = (text: string) => {
  const body = Buffer.from(text);
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

describe('a JPEG stripped of what decoding does not need', () => {
  it('keeps the tables, frame and scans and drops EXIF, ICC and comments, decoding to the same pixels', async () => {
    const original = await photo({ progressive: true });
    const withComment = Buffer.concat([original.subarray(0, 2), comment('secret'), original.subarray(2)]);
    const stripped = stripJpeg(withComment);
    if (!stripped.ok) throw new Error(stripped.problem);
    expect([stripped.width, stripped.height]).toEqual([120, 90]);
    const kept = markersOf(stripped.bytes);
    expect(kept.filter((m) => m >= 0xe1 && m <= 0xef)).toEqual([]);
    expect(kept).not.toContain(0xfe);
    expect(kept).toContain(0xc2);
    expect(stripped.bytes.includes(Buffer.from('SpyCam'))).toBe(false);
    expect(stripped.bytes.includes(Buffer.from('secret'))).toBe(false);
    const [before, after] = await Promise.all(
      [original, stripped.bytes].map((jpeg) => sharp(jpeg).raw().toBuffer()),
    );
    expect(after!.equals(before!)).toBe(true);
  });

  it('answers a clean JPEG byte for byte, and drops what follows its end', async () => {
    const clean = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    const stripped = stripJpeg(Buffer.concat([clean, Buffer.from('<script>')]));
    expect(stripped.ok && stripped.bytes.equals(clean)).toBe(true);
  });

  it('refuses what is not a JPEG, and a JPEG cut short or with a segment running past its end', async () => {
    const jpeg = await photo();
    expect(stripJpeg(Buffer.from('GIF89a...'))).toEqual({ ok: false, problem: 'not_jpeg' });
    expect(stripJpeg(jpeg.subarray(0, jpeg.length - 40))).toEqual({ ok: false, problem: 'malformed' });
    const overrun = Buffer.from(jpeg.subarray(0, 40));
    overrun.writeUInt16BE(0xfff0, 4);
    expect(stripJpeg(overrun)).toEqual({ ok: false, problem: 'malformed' });
    // A scan before any frame header.
    expect(stripJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 1, 2, 0xff, 0xd9]))).toEqual({
      ok: false,
      problem: 'malformed',
    });
  });
});
