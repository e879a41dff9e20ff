import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** The two halves of every sample: red on top, blue below, so a test sees which way up a stored picture is. */
export const top = [220, 30, 30];
export const bottom = [30, 60, 220];

/**
 * A real HEIC (HEVC in HEIF, as an iPhone writes) of a `width` x `height` picture, red above blue, encoded by
 * Debian's libheif encoder (heif-enc, libheif-examples). With `stored: 'turned'` the file holds the picture turned
 * a quarter clockwise plus an `irot` box telling readers to turn it back, as iPhones store portrait photos: only a
 * reader that honours irot shows it upright. With `clearBottom` the lower half is transparent (an alpha plane).
 */
export async function heicSample(
  width: number,
  height: number,
  { stored = 'upright', clearBottom = false } = {},
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const colour = y < height / 2 ? [...top, 255] : [...bottom, clearBottom ? 0 : 255];
    for (let x = 0; x < width; x++) pixels.set(colour, (y * width + x) * 4);
  }
  let picture = sharp(pixels, { raw: { width, height, channels: 4 } });
  if (stored === 'turned') picture = picture.rotate(90);
  const dir = mkdtempSync(path.join(tmpdir(), 'heic-sample-'));
  try {
    writeFileSync(path.join(dir, 'in.png'), await picture.png().toBuffer());
    execFileSync('heif-enc', ['-q', '50', path.join(dir, 'in.png'), '-o', path.join(dir, 'out.heic')], {
      stdio: 'ignore',
    });
    const heic = readFileSync(path.join(dir, 'out.heic'));
    // irot's angle counts quarter turns anticlockwise: one undoes the clockwise quarter turn above.
    return stored === 'turned' ? withRotation(heic, 1) : heic;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Box {
  type: string;
  start: number;
  end: number;
  body: number;
}

function boxes(file: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  for (let at = from; at < to;) {
    const size = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    found.push({ type, start: at, end: at + size, body: at + 8 });
    at += size;
  }
  return found;
}

function child(file: Buffer, parent: Box, type: string, headerBytes = 0): Box {
  const box = boxes(file, parent.body + headerBytes, parent.end).find((b) => b.type === type);
  if (!box) throw new Error(`no ${type} box in ${parent.type}`);
  return box;
}

/**
 * Adds an `irot` property (ISO/IEC 23008-12) to the primary image of a HEIF file that heif-enc wrote (meta before
 * mdat, one association list per item, 8-bit property indices): the box goes at the end of ipco, its index into
 * the primary item's ipma entry, and every size and iloc offset after the insertions moves accordingly.
 */
function withRotation(heic: Buffer, quarterTurns: number): Buffer {
  const top = boxes(heic, 0, heic.length);
  const meta = top.find((b) => b.type === 'meta')!;
  const mdat = top.find((b) => b.type === 'mdat')!;
  if (mdat.start < meta.start) throw new Error('expected meta before mdat');
  const primary = heic.readUInt16BE(child(heic, meta, 'pitm', 4).body + 4);
  const iprp = child(heic, meta, 'iprp', 4);
  const ipco = child(heic, iprp, 'ipco');
  const ipma = child(heic, iprp, 'ipma');
  if (heic[ipma.body] !== 0 || (heic.readUInt32BE(ipma.body) & 1) !== 0)
    throw new Error('unexpected ipma layout');
  const irotIndex = boxes(heic, ipco.body, ipco.end).length + 1;

  // Find the primary item's entry in ipma: its association count byte, and where its list ends.
  let at = ipma.body + 8;
  let countAt = -1;
  let listEnd = -1;
  for (let n = heic.readUInt32BE(ipma.body + 4); n > 0; n--) {
    const item = heic.readUInt16BE(at);
    const count = heic[at + 2]!;
    if (item === primary) [countAt, listEnd] = [at + 2, at + 3 + count];
    at += 3 + count;
  }
  if (countAt < 0) throw new Error('the primary item has no properties');

  const irot = Buffer.from([0, 0, 0, 9, ...Buffer.from('irot'), quarterTurns & 3]);
  const parts = [
    heic.subarray(0, ipco.end),
    irot,
    heic.subarray(ipco.end, listEnd),
    Buffer.from([0x80 | irotIndex]), // essential: a reader that cannot apply it must not show the image
    heic.subarray(listEnd),
  ];
  const out = Buffer.concat(parts);
  const grow = (offset: number, by: number) => out.writeUInt32BE(out.readUInt32BE(offset) + by, offset);
  // Positions before ipco's end are unchanged in `out`; those after it moved by irot's 9 bytes.
  grow(meta.start, 10);
  grow(iprp.start, 10);
  grow(ipco.start, 9);
  grow(ipma.start + 9, 1);
  out[countAt + 9] = out[countAt + 9]! + 1;
  shiftIlocOffsets(out, meta.start, 10);
  return out;
}

/** Moves every extent offset in the file's iloc box by `by` bytes (the data in mdat moved by that much). */
function shiftIlocOffsets(file: Buffer, metaStart: number, by: number) {
  const meta = boxes(file, metaStart, metaStart + file.readUInt32BE(metaStart))[0]!;
  const iloc = child(file, meta, 'iloc', 4);
  const version = file[iloc.body]!;
  let at = iloc.body + 4;
  const offsetSize = file[at]! >> 4;
  const lengthSize = file[at]! & 15;
  const baseSize = file[at + 1]! >> 4;
  const indexSize = version >= 1 ? file[at + 1]! & 15 : 0;
  at += 2;
  const items = version < 2 ? file.readUInt16BE(at) : file.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  const read = (size: number, where: number) =>
    size === 4 ? file.readUInt32BE(where) : size === 8 ? Number(file.readBigUInt64BE(where)) : 0;
  const write = (size: number, where: number, value: number) =>
    size === 4
      ? file.writeUInt32BE(value, where)
      : size === 8
        ? file.writeBigUInt64BE(BigInt(value), where)
        : 0;
  for (let i = 0; i < items; i++) {
    at += version < 2 ? 2 : 4;
    if (version >= 1) at += 2;
    at += 2; // data reference index
    const base = read(baseSize, at);
    if (baseSize > 0) write(baseSize, at, base + by);
    at += baseSize;
    const extents = file.readUInt16BE(at);
    at += 2;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      if (baseSize === 0) write(offsetSize, at, read(offsetSize, at) + by);
      at += offsetSize + lengthSize;
    }
  }
}
