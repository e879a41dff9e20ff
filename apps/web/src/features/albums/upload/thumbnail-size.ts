/** The shorter side of a generated thumbnail, in pixels (spec). */
export const thumbnailShortSide = 80;

/**
 * The longer side of the screen-sized rendition the viewer shows first: sharp on a laptop and on a phone's
 * high-density screen, at a fraction of a camera photo's bytes.
 */
export const renditionLongSide = 1600;

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

/**
 * The screen-sized rendition of an image of `size`: its longer side scaled to `longSide`. Null when the image is
 * no larger than that already, so its full size is what the viewer shows.
 */
export function renditionSize(size: Size, longSide = renditionLongSide): Size | null {
  const scale = longSide / Math.max(size.width, size.height);
  if (scale >= 1) return null;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
