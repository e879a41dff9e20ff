import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../http/app-error.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { maxEntryPathBytes } from './entry-names.ts';

/** One entry of an archive; `path` is already safe and unique (entry-names.ts), folders end in `/`. */
export type ZipEntry =
  | { kind: 'folder'; path: string; modified: Date }
  | { kind: 'file'; path: string; modified: Date; blobKey: string; size?: number }
  /** Bytes made for the archive itself (a data export's data.json). */
  | { kind: 'bytes'; path: string; modified: Date; bytes: Buffer };

export interface ZipArchive {
  /** The archive's bytes; destroyed with an error when a blob fails or is missing mid-way. */
  stream: Readable;
  /** The archive's exact length when every file's size was given, else null. */
  size: number | null;
}

/**
 * Streams `entries` as a zip (yazl) with every file STOREd: photos and videos do not shrink, and storing keeps
 * the speed near the disk's. One blob is read at a time, and only as fast as `stream` is consumed, so memory stays
 * bounded whatever the archive's size; yazl switches to Zip64 where an entry or the archive passes 4 GiB or it
 * holds 65,535 entries or more (`forceZip64` makes it do so anyway, for tests), and `size` counts the Zip64 records
 * exactly when they are written (patches/yazl@3.3.1.patch). Destroying `stream` (the client went away) stops the
 * reads.
 *
 * A blob that is missing or not of its recorded size destroys `stream` with the error: the end records are never
 * written, so no one gets a zip that looks complete but is not. The first blob is opened before answering, so a
 * store that is down answers 503 rather than a broken download.
 */
export async function zipArchive(
  blobs: BlobStore,
  entries: ZipEntry[],
  { forceZip64 = false } = {},
): Promise<ZipArchive> {
  refuseLongPaths(entries);
  const firstFile = entries.find((e) => e.kind === 'file');
  let early: Readable | Error | undefined = firstFile && (await openOrExplain(blobs, firstFile.blobKey));
  const zip = new ZipFile();
  const stream = zip.outputStream as Readable;
  let current: Readable | undefined;
  let stopped = false;
  const fail = (error: Error) => stream.destroy(error);
  // Whether finished, failed or dropped by the client: no blob may stay open.
  stream.once('close', () => {
    stopped = true;
    current?.destroy();
    if (early instanceof Error) return;
    early?.destroy();
  });
  zip.on('error', fail);
  if (early && !(early instanceof Error)) early.once('error', fail);

  const open = async (blobKey: string) => {
    if (early === undefined) return watched(await blobs.read(blobKey));
    const opened = early;
    early = undefined;
    if (opened instanceof Error) throw opened;
    return opened;
  };
  const watched = (blob: Readable) => blob.once('error', fail);

  for (const entry of entries) {
    if (entry.kind === 'folder') {
      zip.addEmptyDirectory(entry.path, { mtime: entry.modified });
      continue;
    }
    if (entry.kind === 'bytes') {
      zip.addBuffer(entry.bytes, entry.path, {
        compress: false,
        mtime: entry.modified,
        forceZip64Format: forceZip64,
      });
      continue;
    }
    const options = { compress: false, mtime: entry.modified, forceZip64Format: forceZip64 };
    zip.addReadStreamLazy(entry.path, { ...options, size: entry.size }, (give) => {
      if (stopped) return;
      open(entry.blobKey).then((blob) => {
        if (stopped) return void blob.destroy();
        current = blob;
        give(null, blob);
      }, fail);
    });
  }
  let size: number | null = null;
  zip.end({ forceZip64Format: forceZip64, comment: '' }, ((total: number) => {
    size = total >= 0 ? total : null;
  }) as () => void);
  return { stream, size };
}

/**
 * yazl throws on a path a zip cannot name; such an archive is refused (409) here, before a blob is opened or a
 * header sent. Only deep folders get there (some eighty levels of the longest names), and no system would extract
 * such a path anyway; a folder further down downloads with shorter paths.
 */
function refuseLongPaths(entries: ZipEntry[]) {
  const tooLong = entries.find((entry) => Buffer.byteLength(entry.path) > maxEntryPathBytes);
  if (!tooLong) return;
  const folder = tooLong.path.split('/').at(-2)!;
  throw new AppError(
    'conflict',
    `The folders are nested too deeply for a zip: the path to "${folder}" is longer than ${maxEntryPathBytes} ` +
      'bytes. Download a folder further down instead.',
  );
}

/** The blob's stream; an error for one that cannot be read, kept to fail the archive when it gets there. */
async function openOrExplain(blobs: BlobStore, blobKey: string): Promise<Readable | Error> {
  try {
    return await blobs.read(blobKey);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      throw new AppError('unavailable', 'The file store is briefly unavailable; please try again', {
        retryAfterSeconds: 5,
        cause: error,
      });
    }
    return error as Error;
  }
}
