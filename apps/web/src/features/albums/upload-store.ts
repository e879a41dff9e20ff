import type { Image } from '@site/contract';
import { useSyncExternalStore } from 'react';
import { failureText } from '../../api/messages.ts';
import { toJpegs } from './image-convert.ts';
import { uploadImage } from './api/upload-image.ts';

/** Spec: an item reads 'DONE' this long after its image was added. */
export const finishDelayMs = 1000;

/** One picked file in the Uploads panel. */
export interface UploadItem {
  key: string;
  name: string;
  state: 'UPLOADING' | 'FINISHED' | 'FAILED';
  /** Known once the image is stored. */
  imageId: string | null;
  error: string | null;
}

interface Snapshot {
  open: boolean;
  items: UploadItem[];
}

let snapshot: Snapshot = { open: false, items: [] };
const listeners = new Set<() => void>();
// Images are converted and sent one at a time: big photos decoded side by side would exhaust a phone's memory,
// and one at a time keeps the album in the order the files were picked.
let queue: Promise<void> = Promise.resolve();
let nextKey = 0;

function set(change: (s: Snapshot) => Snapshot) {
  snapshot = change(snapshot);
  listeners.forEach((l) => l());
}

const update = (key: string, change: Partial<UploadItem>) =>
  set((s) => ({ ...s, items: s.items.map((i) => (i.key === key ? { ...i, ...change } : i)) }));

async function run(item: UploadItem, file: File, photoAlbumId: string, onAdded: (image: Image) => void) {
  let jpegs;
  try {
    jpegs = await toJpegs(file);
  } catch {
    return update(item.key, { state: 'FAILED', error: 'This file could not be read as an image.' });
  }
  try {
    const image = await uploadImage(photoAlbumId, jpegs);
    update(item.key, { imageId: image.imageId });
    onAdded(image);
    setTimeout(() => update(item.key, { state: 'FINISHED' }), finishDelayMs);
  } catch (e) {
    update(item.key, { state: 'FAILED', error: failureText('upload this image', e) });
  }
}

/** The Uploads panel's state, shared by every album screen so uploads carry on while the user looks around. */
export const uploads = {
  /** Opens the panel and uploads `files` into the album, calling `onAdded` as each image lands. */
  start(photoAlbumId: string, files: File[], onAdded: (image: Image) => void) {
    const items = files.map((file) => ({
      file,
      item: {
        key: `upload-${++nextKey}`,
        name: file.name,
        state: 'UPLOADING' as const,
        imageId: null,
        error: null,
      },
    }));
    set((s) => ({ open: true, items: [...s.items, ...items.map((i) => i.item)] }));
    for (const { file, item } of items) queue = queue.then(() => run(item, file, photoAlbumId, onAdded));
  },
  /** Takes a finished or failed item off the list. */
  remove(key: string) {
    set((s) => ({ ...s, items: s.items.filter((i) => i.key !== key) }));
  },
  /** Hides the panel; uploads still running carry on. Finished ones are cleared. */
  close() {
    set((s) => ({ open: false, items: s.items.filter((i) => i.state === 'UPLOADING') }));
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Reads the Uploads panel state and re-renders on every change. */
export function useUploads(): Snapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}
