import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real HEVC MOV as an iPhone records it (tagged `hvc1`), made by Debian's ffmpeg: two seconds of its test
 * pattern at 320x240. Desktop Chromium cannot decode it, so the web app adds it without a poster.
 */
export function hevcMov(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'hevc-sample-'));
  const out = path.join(dir, 'sample.mov');
  try {
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', 'testsrc=duration=2:size=320x240:rate=25'],
        ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
        ...['-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', out],
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
