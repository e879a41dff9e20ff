import { OriginalName, OriginalType, type OriginalType as Type } from '@site/contract';

/** Types by extension, for files the browser gives no type (a HEIC on most systems) or a type of its own. */
const byExtension: Record<string, Type> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  dng: 'image/x-adobe-dng',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/**
 * How a picked file is kept as a photo's original: its own name, and its type as the browser says it or else as its
 * extension does; null when the server would not take it as an original (a type or a name outside the contract's
 * rules), and the photo is kept without one.
 */
export function originalOf(file: File): { name: string; type: Type } | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const stated = OriginalType.safeParse(file.type.toLowerCase());
  const type = stated.success ? stated.data : byExtension[extension];
  if (!type || !OriginalName.safeParse(file.name).success) return null;
  return { name: file.name, type };
}
