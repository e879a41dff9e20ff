import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What each sample format holds: H.264 in MP4 and MOV, as phones write; VP9 in WebM; HEVC in a MOV as iPhones. */
const codecs = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  mov: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  webm: ['-c:v', 'libvpx-vp9', '-b:v', '200k', '-deadline', 'realtime'],
  'hevc.mov': ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
};

/**
 * A real video made by Debian's ffmpeg: `seconds` of its test pattern at 320x240, recorded (as its `mvhd` says) at
 * `creationTime`. An `hevc.mov` is one desktop Chromium cannot decode.
 */
export function videoSample(format: keyof typeof codecs, seconds: number, creationTime: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'video-sample-'));
  const out = path.join(dir, `sample.${format}`);
  const codec = codecs[format];
  try {
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', `testsrc=duration=${seconds}:size=320x240:rate=25`],
        ...codec,
        ...['-metadata', `creation_time=${creationTime}`, out],
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
