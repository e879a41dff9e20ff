import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

/**
 * A JPEG as a phone saves it: made by sharp, then given by `exiftool` (Debian's libimage-exiftool-perl) a camera,
 * a capture date, a GPS position and orientation 6, as a camera writes them.
 */
export async function phonePhoto(width = 64, height = 48): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'phone-photo-'));
  try {
    const file = path.join(dir, 'IMG_0001.jpg');
    await writeFile(
      file,
      await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
        .jpeg()
        .toBuffer(),
    );
    await promisify(execFile)('exiftool', [
      '-q',
      '-overwrite_original',
      '-Make=SpyCam',
      '-DateTimeOriginal=2024:07:14 18:30:00',
      '-GPSLatitude=51.5',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=0.12',
      '-GPSLongitudeRef=W',
      '-Orientation#=6',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
