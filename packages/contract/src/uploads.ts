import { z } from 'zod';
import { Id } from './common.ts';
import { NodeName } from './entities.ts';

/** The path parameter of the routes that act on one pending upload. */
export const UploadParams = z.object({ uploadId: Id });

const PartNumber = z.number().int().min(1).max(10_000);

/**
 * The furthest a time may lie from 1970 in either direction, in ms: what a JavaScript Date holds (about 275,760
 * years), so any time a browser gives a file fits, earlier than 1970 too, and it always fits a 64-bit column.
 */
const maxTimeMs = 8.64e15;
const lastModifiedWords = `lastModified must be a whole number of ms from -${maxTimeMs} to ${maxTimeMs}`;

/** What reserving a resumable upload (a file, an album's video) announces. */
export const CreateUploadBody = z.object({
  size: z.number().int().min(0),
  /** The file's name and modification time (ms since the epoch), which recognise a resumed upload. */
  name: NodeName.optional(),
  lastModified: z
    .number()
    .int(lastModifiedWords)
    .min(-maxTimeMs, lastModifiedWords)
    .max(maxTimeMs, lastModifiedWords)
    .optional(),
});
export type CreateUploadBody = z.infer<typeof CreateUploadBody>;

/** The parts of a MultiPart upload to sign URLs for. */
export const PartUrlsBody = z.object({ partNumbers: z.array(PartNumber).min(1).max(100) });

/** Signed part URLs by part number. */
export const PartUrls = z.object({ urls: z.record(z.string(), z.string()) });
