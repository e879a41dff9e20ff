import type { Image } from '@site/contract';
import { UploadRefused } from '../../shared/uploads/reason.ts';
import { uploads as panel, type UploadRun } from '../../shared/uploads/upload-store.ts';
import { toJpegs } from './image-convert.ts';
import { uploadImage } from './api/upload-image.ts';
import { captureDate } from './capture-date.ts';
import { skippedNote, withoutDuplicates, type Picked } from './duplicates.ts';

/** Spec: an item reads FINISHED this long after its image was added. */
export const finishDelayMs = 1000;

// Images are converted and sent one at a time: big photos decoded side by side would exhaust a phone's memory,
// and one at a time keeps the album in the order the files were picked.
let queue: Promise<unknown> = Promise.resolve();

/** Waits for the images picked before, then converts and stores this one. */
function inTurn(run: () => Promise<void>): Promise<void> {
  const turn = queue.then(run);
  queue = turn.catch(() => {});
  return turn;
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
  onAdded(await uploadImage(photoAlbumId, jpegs, { takenAt, contentHash: hash }, run));
}

/** Album photo uploads, shown in the site's one Uploads panel. */
export const uploads = {
  /**
   * Opens the panel and uploads `files` into the album, calling `onAdded` as each image lands; files the album
   * holds already are skipped, and the panel says how many.
   */
  async start(photoAlbumId: string, files: File[], onAdded: (image: Image) => void) {
    panel.say(files.length === 1 ? 'Checking the photo…' : `Checking ${files.length} photos…`);
    const { fresh, skipped } = await withoutDuplicates(photoAlbumId, files);
    panel.say(skippedNote(skipped));
    panel.start(
      fresh.map((picked) => ({
        name: picked.file.name,
        finishDelayMs,
        task: (run: UploadRun) => inTurn(() => convertAndUpload(picked, photoAlbumId, onAdded, run)),
      })),
    );
  },
};
