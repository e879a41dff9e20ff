import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { videoCaptureDate, videoDuration } from './video-date.ts';

const run = promisify(execFile);

/** A real video made by Debian's ffmpeg: `seconds` of its test pattern, in the given container and codec. */
async function video(file: string, seconds: number, codec: string[], extra: string[] = []): Promise<Blob> {
  const dir = await mkdtemp(path.join(tmpdir(), 'video-date-'));
  try {
    const out = path.join(dir, file);
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `testsrc=duration=${seconds}:size=160x120:rate=25`],
      ...codec,
      ...extra,
      out,
    ]);
    return new Blob([await readFile(out)]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const hevc = ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'];

describe('what a video header says', () => {
  it('reads how long an HEVC MOV plays, and when it was recorded, from its movie header', async () => {
    const mov = await video(
      'clip.mov',
      2,
      [...hevc, '-pix_fmt', 'yuv420p'],
      [...['-metadata', 'creation_time=2025-12-31T23:59:00Z']],
    );
    expect(await videoDuration(mov)).toBe(2000);
    expect(await videoCaptureDate(mov)).toBe('2025-12-31T23:59:00.000Z');
  });

  it('reads it where the header lies at the front (a fast-start MP4) and at other lengths', async () => {
    const mp4 = await video(
      'clip.mp4',
      3.4,
      ['-c:v', 'libx264', '-preset', 'ultrafast'],
      [...['-movflags', '+faststart']],
    );
    expect(await videoDuration(mp4)).toBe(3400);
  });

  it('says nothing for a file without a movie header: a WebM, or bytes that are not a video', async () => {
    const webm = await video('clip.webm', 1, ['-c:v', 'libvpx-vp9', '-deadline', 'realtime']);
    expect(await videoDuration(webm)).toBeUndefined();
    expect(await videoDuration(new Blob([new Uint8Array(64).fill(7)]))).toBeUndefined();
  });
});
