/**
 * A JPEG's marker segments walked without decoding a pixel: what a browser canvas wrote is checked for shape, its
 * dimensions read from the frame header, and everything decoding does not need dropped.
 */

/** Why a JPEG was refused: not one at all, or not a whole, well-formed one. */
export type JpegProblem = 'not_jpeg' | 'malformed';

export type StrippedJpeg =
  { ok: true; bytes: Buffer; width: number; height: number } | { ok: false; problem: JpegProblem };

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP14 = 0xee;

/** Frame headers (SOF0-3, 5-7, 9-11, 13-15): every coding process; 0xc4 (DHT), 0xc8 (JPG) and 0xcc (DAC) are not. */
const isFrameHeader = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * Segments a decoder needs, kept: quantisation and Huffman tables (DQT, DHT), arithmetic conditioning (DAC), the
 * restart interval (DRI), the frame header, and the two application segments that say how to read the colours:
 * JFIF (APP0) and Adobe's colour transform (APP14). Everything else in APPn (EXIF with its orientation, GPS and
 * camera serials, XMP, ICC profiles, maker notes) and comments (COM) are metadata and go. ICC goes too: a canvas
 * encodes sRGB, which is what a JPEG without a profile is taken to be, and a profile can carry a device's name.
 */
function keeps(marker: number, segment: Buffer): boolean {
  if (marker === 0xdb || marker === 0xc4 || marker === 0xcc || marker === 0xdd) return true;
  if (isFrameHeader(marker)) return true;
  if (marker === APP0) return segment.subarray(4, 9).equals(Buffer.from('JFIF\0'));
  if (marker === APP14) return segment.subarray(4, 9).equals(Buffer.from('Adobe'));
  return false;
}

/** Markers that may be dropped: application segments, comments and the reserved JPGn extensions. */
const isDroppable = (m: number) => (m >= 0xe0 && m <= 0xef) || m === 0xfe || (m >= 0xf0 && m <= 0xfd);

/**
 * Where the entropy-coded data that starts at `from` ends: at the first marker that is not a restart (RSTn) and
 * not a stuffed 0xff00; -1 when the bytes end first.
 */
function scanEnd(bytes: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0 || at + 1 >= bytes.length) return -1;
    const next = bytes[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else if (next === 0xff) at += 1;
    else return at;
  }
}

/**
 * `bytes` with only what decoding needs, from SOI to EOI (bytes after EOI dropped), and the frame's dimensions; or
 * why it is refused: no SOI (not a JPEG), or a segment that runs past the end, a scan before a frame header, a
 * frame header of no size, a marker no decoder knows, no EOI (malformed).
 */
export function stripJpeg(bytes: Buffer): StrippedJpeg {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return { ok: false, problem: 'not_jpeg' };
  const malformed = { ok: false, problem: 'malformed' } as const;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let frame: { width: number; height: number } | null = null;
  let at = 2;
  for (;;) {
    if (at + 1 >= bytes.length || bytes[at] !== 0xff) return malformed;
    // Fill bytes: any number of 0xff may come before a marker.
    while (bytes[at + 1] === 0xff && at + 2 < bytes.length) at++;
    const marker = bytes[at + 1]!;
    if (marker === EOI) {
      if (!frame) return malformed;
      kept.push(bytes.subarray(at, at + 2));
      return { ok: true, bytes: Buffer.concat(kept), ...frame };
    }
    if (at + 4 > bytes.length) return malformed;
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) return malformed;
    const segment = bytes.subarray(at, end);
    if (isFrameHeader(marker)) {
      if (frame || length < 8) return malformed;
      const components = segment[9]!;
      frame = { height: segment.readUInt16BE(5), width: segment.readUInt16BE(7) };
      if (frame.width === 0 || frame.height === 0 || components < 1 || length !== 8 + 3 * components)
        return malformed;
    }
    if (marker === SOS) {
      if (!frame) return malformed;
      const dataEnd = scanEnd(bytes, end);
      if (dataEnd < 0) return malformed;
      kept.push(bytes.subarray(at, dataEnd));
      at = dataEnd;
      continue;
    }
    if (keeps(marker, segment)) kept.push(segment);
    else if (!isDroppable(marker)) return malformed;
    at = end;
  }
}
