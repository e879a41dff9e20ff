import type { Image } from '@site/contract';
import { UploadRefused } from '../../shared/uploads/reason.ts';
import { uploads as panel, type UploadRun } from '../../shared/uploads/upload-store.ts';
import { toJpegs } from './image-convert.ts';
import { uploadImage } from './api/upload-image.ts';

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
  file: File,
  photoAlbumId: string,
  onAdded: (image: Image) => void,
  run: UploadRun,
) {
  const jpegs = await toJpegs(file).catch(() => {
    throw new UploadRefused('This file could not be read as an image.', false);
  });
  onAdded(await uploadImage(photoAlbumId, file, jpegs, run));
}

/** Album photo uploads, shown in the site's one Uploads panel. */
export const uploads = {
  /** Opens the panel and uploads `files` into the album, calling `onAdded` as each image lands. */
  start(photoAlbumId: string, files: File[], onAdded: (image: Image) => void) {
    panel.start(
      files.map((file) => ({
        name: file.name,
        finishDelayMs,
        task: (run: UploadRun) => inTurn(() => convertAndUpload(file, photoAlbumId, onAdded, run)),
      })),
    );
  },
};
