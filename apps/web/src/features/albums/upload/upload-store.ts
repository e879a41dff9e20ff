import type { Image } from '@site/contract';
import { ApiFailure } from '../../../api/failure.ts';
import { UploadRefused } from '../../../shared/uploads/reason.ts';
import { uploads as panel, type UploadRun } from '../../../shared/uploads/upload-store.ts';
import { toJpegs } from './image-convert.ts';
import { uploadImage } from '../api/upload-image.ts';
import { captureDate } from './capture-date.ts';
import { skippedNote, withoutDuplicates, type Picked } from './duplicates.ts';
import { isVideoFile } from '../../../shared/album-files.ts';
import { originalOf } from './original-file.ts';
import { videoUpload } from '../api/upload-video.ts';
import { videoCaptureDate } from './video-date.ts';
import { readVideo } from './video-frame.ts';

/** Spec: an item reads FINISHED this long after its image was added. */
export const finishDelayMs = 1000;

/** Runs what it is given one after another, in the order it was given. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return (run: () => Promise<void>): Promise<void> => {
    const turn = last.then(run);
    last = turn.catch(() => {});
    return turn;
  };
}

// Images are converted and sent one at a time: big photos decoded side by side would exhaust a phone's memory,
// and one at a time keeps the album in the order the files were picked. Picks are checked for duplicates in the
// order they were made, so their photos queue up in that order too.
const inTurn = oneAtATime();
const checkedInTurn = oneAtATime();

/**
 * A video: its date from its own metadata, its poster and duration read by playing it in the browser (refused when
 * the browser cannot), and its bytes sent as they are, resumable like a file's.
 */
function videoTask({ file, hash }: Picked, photoAlbumId: string, onAdded: (image: Image) => void) {
  const kept = originalOf(file);
  const read = () =>
    readVideo(file).catch(() => {
      throw new UploadRefused('This video could not be played in this browser, so it was not added.', false);
    });
  let upload: ((run: UploadRun) => Promise<Image>) | null = null;
  return async (run: UploadRun) => {
    if (!kept) throw new UploadRefused('This video has a name or type the album cannot keep.', false);
    upload ??= videoUpload(photoAlbumId, file, kept, read, {
      takenAt: await videoCaptureDate(file),
      contentHash: hash,
    });
    onAdded(await upload(run).catch(refusedDuplicate));
  };
}

/** Added meanwhile (from another tab, or an earlier pick still on its way): trying again cannot help. */
function refusedDuplicate(error: unknown): never {
  if (error instanceof ApiFailure && error.kind === 'conflict')
    throw new UploadRefused(error.serverMessage ?? 'This is already in this album.', false);
  throw error;
}

async function convertAndUpload(
  { file, hash }: Picked,
  photoAlbumId: string,
  onAdded: (image: Image) => void,
  run: UploadRun,
) {
  // Read before converting: the JPEGs carry no metadata.
  const takenAt = await captureDate(file);
  const jpegs = await toJpegs(file).catch(() => {
    throw new UploadRefused('This file could not be read as an image.', false);
  });
  const image = await uploadImage(photoAlbumId, file, jpegs, { takenAt, contentHash: hash }, run).catch(
    refusedDuplicate,
  );
  onAdded(image);
}

/** Album photo uploads, shown in the site's one Uploads panel. */
export const uploads = {
  /**
   * Opens the panel and uploads `files` into the album, calling `onAdded` as each image lands; files the album
   * holds already are skipped, and the panel says how many.
   */
  start(photoAlbumId: string, files: File[], onAdded: (image: Image) => void): Promise<void> {
    panel.say(files.length === 1 ? 'Checking the file…' : `Checking ${files.length} files…`);
    return checkedInTurn(async () => {
      const { fresh, skipped } = await withoutDuplicates(photoAlbumId, files);
      panel.say(skippedNote(skipped));
      panel.start(
        fresh.map((picked) => {
          const video = isVideoFile(picked.file) && videoTask(picked, photoAlbumId, onAdded);
          return {
            name: picked.file.name,
            finishDelayMs,
            task: (run: UploadRun) =>
              inTurn(() => (video ? video(run) : convertAndUpload(picked, photoAlbumId, onAdded, run))),
          };
        }),
      );
    });
  },
};
