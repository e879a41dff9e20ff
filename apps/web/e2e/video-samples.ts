import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real video made by Debian's ffmpeg: `seconds` of its test pattern at 320x240, recorded (as its `mvhd` says) at
 * `creationTime`. MP4 and MOV hold H.264, as phones write; WebM holds VP9.
 */
export function videoSample(format: 'mp4' | 'mov' | 'webm', seconds: number, creationTime: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'video-sample-'));
  const out = path.join(dir, `sample.${format}`);
  const codec =
    format === 'webm'
      ? ['-c:v', 'libvpx-vp9', '-b:v', '200k', '-deadline', 'realtime']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
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
