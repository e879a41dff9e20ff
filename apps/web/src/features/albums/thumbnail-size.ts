/** The shorter side of a generated thumbnail, in pixels (spec). */
export const thumbnailShortSide = 80;

/**
 * The most pixels a canvas holds in every current browser (Safari's limit; Chromium and Firefox allow more). An
 * image is stored at its full size up to this, and only a larger one is scaled down to fit.
 */
export const maxCanvasPixels = 4096 * 4096;

/** Pixel dimensions of an image. */
export interface Size {
  width: number;
  height: number;
}

/** Scales `size` so its shorter side is `shortSide` pixels, keeping the aspect ratio (at least 1 px each way). */
export function thumbnailSize(size: Size, shortSide = thumbnailShortSide): Size {
  const scale = shortSide / Math.min(size.width, size.height);
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/** The image's own size, or, beyond {@link maxCanvasPixels}, the largest same-shaped size within it. */
export function fullSize(size: Size, maxPixels = maxCanvasPixels): Size {
  if (size.width * size.height <= maxPixels) return size;
  const scale = Math.sqrt(maxPixels / (size.width * size.height));
  return {
    width: Math.max(1, Math.floor(size.width * scale)),
    height: Math.max(1, Math.floor(size.height * scale)),
  };
}
