import { z } from 'zod';
import { atLeast, atMost, Text } from './common.ts';

/**
 * The types an original may have: what phones and cameras make (JPEG, HEIC/HEIF, PNG, WebP, AVIF, GIF, TIFF, DNG)
 * and the videos of MP4, QuickTime and WebM. None of them runs as script when opened.
 */
export const originalTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
  'image/tiff',
  'image/x-adobe-dng',
  'video/mp4',
  'video/quicktime',
  'video/webm',
] as const;

/** Whether an original of this type is a video (its item plays in the viewer). */
export const isVideoType = (type: string) => type.startsWith('video/');

/** An original's MIME type, one of {@link originalTypes}. */
export const OriginalType = z.enum(originalTypes, {
  errorMap: () => ({ message: `Must be one of ${originalTypes.join(', ')}` }),
});
export type OriginalType = z.infer<typeof OriginalType>;

/** An original's file name as picked: a name, never a path. */
export const OriginalName = Text()
  .min(1, atLeast(1))
  .max(255, atMost(255))
  .refine((name) => !/[/\\]/.test(name), 'Must be a file name without / or \\')
  .refine((name) => name !== '.' && name !== '..', 'Must be a file name');

/** What an image says of its original: the name it was picked under, its type and its bytes. */
export const OriginalFile = z.object({ name: z.string(), type: z.string(), size: z.number().int().min(0) });
export type OriginalFile = z.infer<typeof OriginalFile>;
