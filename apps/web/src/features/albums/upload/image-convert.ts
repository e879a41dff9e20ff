import { isHeif } from '../../../shared/heif-files.ts';
import { fullSize, renditionSize, thumbnailSize, type Size } from './thumbnail-size.ts';

/** JPEG quality of the full-size image; the smaller copies are seen small enough for a little less. */
const imageQuality = 0.9;
const renditionQuality = 0.85;
const thumbnailQuality = 0.85;

/**
 * The JPEGs an image is stored as (spec: images are re-encoded as JPEG, with an 80 px thumbnail), and the
 * screen-sized rendition the viewer shows first: null when the image is no larger than a screen already.
 */
export interface Jpegs {
  image: Blob;
  rendition: Blob | null;
  thumbnail: Blob;
}

/**
 * Re-encodes a picked image in the browser: upright (EXIF orientation applied), at full size (see fullSize), on white
 * (JPEG has no transparency), plus a rendition whose longer side is 1600 px and a thumbnail whose shorter side is
 * 80 px. Fails for files that neither the browser nor libheif can decode.
 */
export async function toJpegs(file: Blob): Promise<Jpegs> {
  const bitmap = await decode(file);
  try {
    return await jpegsOf(bitmap);
  } finally {
    bitmap.close();
  }
}

/** The JPEGs of a decoded picture (a photo, or a video's poster frame). */
export async function jpegsOf(bitmap: ImageBitmap): Promise<Jpegs> {
  const natural = { width: bitmap.width, height: bitmap.height };
  const image = await encode(bitmap, fullSize(natural), imageQuality);
  const screen = renditionSize(natural);
  const rendition = screen && (await encode(bitmap, screen, renditionQuality));
  const thumbnail = await encode(bitmap, thumbnailSize(natural), thumbnailQuality);
  return { image, rendition, thumbnail };
}

/**
 * The browser decodes what it can (Safari reads HEIC itself); HEIF files it cannot read go to libheif, whose code is
 * loaded only then.
 */
async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    if (!(await isHeif(file))) throw error;
    const { decodeHeic } = await import('./decode-heic.ts');
    return decodeHeic(file);
  }
}

async function encode(source: ImageBitmap, size: Size, quality: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    draw(canvas.getContext('2d'), source, size);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  draw(canvas.getContext('2d'), source, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
      'image/jpeg',
      quality,
    ),
  );
}

function draw(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  source: ImageBitmap,
  size: Size,
) {
  if (!context) throw new Error('This browser cannot draw images');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
}
