import { TakenAt, videoMaxDurationMs } from '@site/contract';

/** Seconds from 1904-01-01 (the QuickTime epoch) to 1970-01-01. */
const quickTimeEpochSeconds = 2_082_844_800;

/** One ISO BMFF box header at `offset` of `file`: its type and where it ends; null past the end or when broken. */
async function boxAt(file: Blob, offset: number, end: number) {
  if (offset + 8 > end) return null;
  const head = new DataView(await file.slice(offset, offset + 16).arrayBuffer());
  if (head.byteLength < 8) return null;
  const type = String.fromCharCode(...new Uint8Array(head.buffer, 4, 4));
  let size = head.getUint32(0);
  let headerBytes = 8;
  if (size === 1) {
    if (head.byteLength < 16) return null;
    size = Number(head.getBigUint64(8));
    headerBytes = 16;
  } else if (size === 0) {
    size = end - offset;
  }
  if (size < headerBytes || offset + size > end) return null;
  return { type, start: offset + headerBytes, end: offset + size };
}

/** The first box of `type` among those from `from` to `end`; the file is read a header at a time. */
async function findBox(file: Blob, type: string, from: number, end: number) {
  for (let offset = from, seen = 0; seen < 10_000; seen++) {
    const box = await boxAt(file, offset, end);
    if (!box) return null;
    if (box.type === type) return box;
    offset = box.end;
  }
  return null;
}

/**
 * The movie header (`moov`/`mvhd`) of an MP4 or MOV video: its first 32 bytes past the box header, enough for the
 * times and duration of either version; null when there is none. Only box headers and the header itself are read,
 * wherever the `moov` box lies (at the end of a phone's file), so a large video is never read whole.
 */
async function movieHeader(file: Blob): Promise<DataView | null> {
  const moov = await findBox(file, 'moov', 0, file.size);
  const mvhd = moov && (await findBox(file, 'mvhd', moov.start, moov.end));
  if (!mvhd) return null;
  return new DataView(await file.slice(mvhd.start, Math.min(mvhd.end, mvhd.start + 32)).arrayBuffer());
}

/**
 * When an MP4 or MOV video was recorded: the creation time of its movie header, which phones and cameras set (in
 * UTC) and ffmpeg writes from `-metadata creation_time`; undefined when there is none, it is zero (not set) or
 * outside what the server takes.
 */
export async function videoCaptureDate(file: Blob): Promise<string | undefined> {
  try {
    const body = await movieHeader(file);
    if (!body) return undefined;
    const seconds = body.getUint8(0) === 1 ? Number(body.getBigUint64(4)) : body.getUint32(4);
    if (seconds === 0) return undefined;
    const iso = new Date((seconds - quickTimeEpochSeconds) * 1000).toISOString();
    return TakenAt.safeParse(iso).success ? iso : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How long an MP4 or MOV video plays, in milliseconds, as its movie header says (its duration in units of its
 * time scale): what a video the browser cannot play (an HEVC MOV in desktop Chromium) is kept with. Undefined when
 * the header is missing, broken or says nothing usable (a WebM has none).
 */
export async function videoDuration(file: Blob): Promise<number | undefined> {
  try {
    const body = await movieHeader(file);
    if (!body) return undefined;
    // Version 1 has 64-bit times: creation, modification, then the time scale and a 64-bit duration.
    const wide = body.getUint8(0) === 1;
    const timeScale = body.getUint32(wide ? 20 : 12);
    const duration = wide ? Number(body.getBigUint64(24)) : body.getUint32(16);
    if (timeScale === 0 || !Number.isFinite(duration)) return undefined;
    // All ones means "unknown" in the format.
    if (duration === (wide ? Number(0xffffffffffffffffn) : 0xffffffff)) return undefined;
    const ms = Math.round((duration * 1000) / timeScale);
    return ms <= videoMaxDurationMs ? ms : undefined;
  } catch {
    return undefined;
  }
}
