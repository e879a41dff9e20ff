import type { Image } from '@site/contract';
import { ApiFailure } from '../../api/failure.ts';
import { UploadRefused } from '../../shared/uploads/reason.ts';
import { uploads as panel, type UploadRun } from '../../shared/uploads/upload-store.ts';
import { toJpegs } from './image-convert.ts';
import { uploadImage } from './api/upload-image.ts';
import { captureDate } from './capture-date.ts';
import { skippedNote, withoutDuplicates, type Picked } from './duplicates.ts';

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
    (error: unknown) => {
      // Added meanwhile (from another tab, or an earlier pick still on its way): trying again cannot help.
      if (error instanceof ApiFailure && error.kind === 'conflict')
        throw new UploadRefused(error.serverMessage ?? 'This photo is already in this album.', false);
      throw error;
    },
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
    panel.say(files.length === 1 ? 'Checking the photo…' : `Checking ${files.length} photos…`);
    return checkedInTurn(async () => {
      const { fresh, skipped } = await withoutDuplicates(photoAlbumId, files);
      panel.say(skippedNote(skipped));
      panel.start(
        fresh.map((picked) => ({
          name: picked.file.name,
          finishDelayMs,
          task: (run: UploadRun) => inTurn(() => convertAndUpload(picked, photoAlbumId, onAdded, run)),
        })),
      );
    });
  },
};
