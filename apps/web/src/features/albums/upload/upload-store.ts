import type { Image } from '@site/contract';
import { ApiFailure } from '../../../api/failure.ts';
import { queryClient } from '../../../api/query-client.ts';
import { UploadRefused } from '../../../shared/uploads/reason.ts';
import { uploads as panel, type UploadRun, type UploadTask } from '../../../shared/uploads/upload-store.ts';
import type { Unfinished } from '../../../shared/uploads/unfinished.ts';
import { toJpegs, type Jpegs } from './image-convert.ts';
import { dropAlbumUpload, uploadImage } from '../api/upload-image.ts';
import { presentHashes } from '../api/present-hashes.ts';
import { albumKeys } from '../api/queries.ts';
import { captureDate } from './capture-date.ts';
import { albumUploadKind } from './upload-kind.ts';
import { contentHash } from './content-hash.ts';
import { skippedNote, withoutDuplicates, type Picked } from './duplicates.ts';
import { isVideoFile } from '../../../shared/album-files.ts';
import { originalOf } from './original-file.ts';
import { videoUpload } from '../api/upload-video.ts';
import { videoCaptureDate, videoDuration } from './video-date.ts';
import { unplayableNote } from './unplayable-note.ts';
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
 * A video: its date from its own metadata, its poster and duration read by playing it in the browser, and its
 * bytes sent as they are, resumable like a file's. One this browser cannot play (an HEVC MOV in desktop Chromium)
 * is added without a poster, with the duration its header says, and the panel says so; refused only when that
 * cannot be read either.
 */
function videoTask({ file, hash }: Picked, photoAlbumId: string) {
  const kept = originalOf(file);
  const read = () =>
    readVideo(file).catch(async () => {
      const durationMs = await videoDuration(file);
      if (durationMs === undefined)
        throw new UploadRefused('This video could not be read in this browser, so it was not added.', false);
      panel.tell(unplayableNote(file.name));
      return { jpegs: null, durationMs };
    });
  let upload: ((run: UploadRun) => Promise<Image>) | null = null;
  return async (run: UploadRun): Promise<Image> => {
    if (!kept) throw new UploadRefused('This video has a name or type the album cannot keep.', false);
    upload ??= videoUpload(photoAlbumId, file, kept, read, {
      takenAt: await videoCaptureDate(file),
      contentHash: hash,
    });
    return upload(run);
  };
}

/**
 * A photo: its date read and its JPEGs made once, then sent and added. A run after the first (a pause, a lost
 * connection) gives up what the one before reserved and sends the photo again: a photo is small, and the links of
 * reserved slots expire.
 */
function photoTask({ file, hash }: Picked, photoAlbumId: string) {
  let prepared: Promise<{ takenAt: string | undefined; jpegs: Jpegs }> | null = null;
  const prepare = async () => ({
    // Read before converting: the JPEGs carry no metadata.
    takenAt: await captureDate(file),
    jpegs: await toJpegs(file).catch(() => {
      throw new UploadRefused('This file could not be read as an image.', false);
    }),
  });
  let reserved: string[] = [];
  const giveUp = async () => {
    const ids = reserved;
    reserved = [];
    await Promise.all(ids.map((id) => dropAlbumUpload(photoAlbumId, id).catch(() => {})));
  };
  return async (run: UploadRun): Promise<Image> => {
    run.pausable(giveUp);
    const { takenAt, jpegs } = await (prepared ??= prepare());
    await giveUp();
    run.signal.throwIfAborted();
    const about = { takenAt, contentHash: hash };
    // Given up: the JPEGs' slots go with the original's upload (which resumableUpload gives up).
    const withSlots: UploadRun = {
      ...run,
      pausable: (discard) => run.pausable(() => Promise.all([discard(), giveUp()]).then(() => {})),
    };
    const image = await uploadImage(photoAlbumId, file, jpegs, about, withSlots, (id) => reserved.push(id));
    reserved = [];
    return image;
  };
}

/** Has the album's cached reads read again: a photo landed whose answer never came. */
function refreshAlbum(photoAlbumId: string) {
  for (const queryKey of [albumKeys.images(photoAlbumId), albumKeys.album(photoAlbumId), albumKeys.list])
    void queryClient.invalidateQueries({ queryKey });
}

/** Added meanwhile (from another tab, or an earlier pick still on its way): trying again cannot help. */
function refusedDuplicate(error: unknown): never {
  if (error instanceof ApiFailure && error.kind === 'conflict')
    throw new UploadRefused(error.serverMessage ?? 'This is already in this album.', false);
  throw error;
}

/**
 * One picked file's upload into the album as the panel runs it, each waiting its turn. A run after one that was
 * cut off (or any run, when `mayBeAdded`: a page before this one was sending it) first asks whether the album holds
 * the file by now, so an addition whose answer was lost is not made twice; a file found there, or refused as a
 * duplicate on that run, counts as added.
 */
function albumTask(
  picked: Picked,
  photoAlbumId: string,
  onAdded: (image: Image) => void,
  mayBeAdded = false,
) {
  const send = isVideoFile(picked.file) ? videoTask(picked, photoAlbumId) : photoTask(picked, photoAlbumId);
  const { hash } = picked;
  let cutOff = mayBeAdded;
  return (run: UploadRun) =>
    inTurn(async () => {
      // Stopped (paused, cut off) while waiting its turn: the run that carries it on queues again.
      run.signal.throwIfAborted();
      const checking = cutOff && hash !== undefined;
      try {
        if (checking && (await presentHashes(photoAlbumId, [hash])).has(hash))
          return refreshAlbum(photoAlbumId);
        onAdded(await send(run));
      } catch (error) {
        if (checking && error instanceof ApiFailure && error.kind === 'conflict')
          return refreshAlbum(photoAlbumId);
        cutOff = true;
        refusedDuplicate(error);
      }
    });
}

/** What a reload keeps of the upload of `file` into the album `photoAlbumId`, named `place`. */
const unfinishedOf = (file: File, photoAlbumId: string, place: string): Unfinished => ({
  kind: albumUploadKind,
  target: photoAlbumId,
  place,
  name: file.name,
  size: file.size,
  lastModified: file.lastModified,
});

/**
 * Carries on the upload of `file` into the album `photoAlbumId` that a page before this one left unfinished, once
 * the member chose the file again (app/unfinished-uploads.ts); the album's screens read it again when it landed.
 */
export function continueAlbumUpload(file: File, photoAlbumId: string): UploadTask {
  let task: Promise<UploadTask> | null = null;
  return async (run) => {
    task ??= contentHash(file)
      .catch(() => undefined)
      .then((hash) => albumTask({ file, hash }, photoAlbumId, () => refreshAlbum(photoAlbumId), true));
    return (await task)(run);
  };
}

/** Album photo uploads, shown in the site's one Uploads panel. */
export const uploads = {
  /**
   * Opens the panel and uploads `files` into `album`, calling `onAdded` as each image lands; files the album holds
   * already are skipped, and the panel says how many. Each waits out a lost connection, and is listed after a
   * reload until it lands.
   */
  start(album: { photoAlbumId: string; name: string }, files: File[], onAdded: (image: Image) => void) {
    const { photoAlbumId, name } = album;
    panel.say(files.length === 1 ? 'Checking the file…' : `Checking ${files.length} files…`);
    return checkedInTurn(async () => {
      const { fresh, skipped } = await withoutDuplicates(photoAlbumId, files);
      panel.say(skippedNote(skipped));
      panel.start(
        fresh.map((picked) => ({
          name: picked.file.name,
          finishDelayMs,
          task: albumTask(picked, photoAlbumId, onAdded),
          unfinished: unfinishedOf(picked.file, photoAlbumId, name),
        })),
      );
    });
  },
};
