/** The shorter side of a generated thumbnail, in pixels (spec). */
export const thumbnailShortSide = 80;

/** The longer side of an uploaded image is capped here, so phone photos stay a sensible size. */
export const maxLongSide = 2560;

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

/** Shrinks `size` so its longer side is at most `longSide`; smaller images keep their size. */
export function fullSize(size: Size, longSide = maxLongSide): Size {
  const scale = Math.min(1, longSide / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}
