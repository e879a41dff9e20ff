import { useCallback, useState } from 'react';
import type { FileNode } from '@site/contract';
import { uploadFile } from './api/upload-file.ts';

/** One line of the Uploads panel. */
export interface UploadItem {
  id: number;
  name: string;
  state: 'uploading' | 'done' | 'failed';
  /** Why it failed. */
  reason?: string;
}

let nextId = 1;

/**
 * The Uploads panel: `start` uploads files into a folder (all at once), each shown with a spinner, then DONE or
 * FAILED with the reason. `onUploaded` runs for each file that made it.
 */
export function useUploads(onUploaded: (file: FileNode) => Promise<void> | void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [panelOpen, setPanelOpen] = useState(false);

  const update = (id: number, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const start = useCallback(
    (files: File[], parentId: string) => {
      if (files.length === 0) return;
      const started = files.map((file) => ({
        file,
        item: { id: nextId++, name: file.name, state: 'uploading' as const },
      }));
      setItems((list) => [...list, ...started.map((s) => s.item)]);
      setPanelOpen(true);
      for (const { file, item } of started) {
        uploadFile(file, parentId).then(
          async (node) => {
            await onUploaded(node);
            update(item.id, { state: 'done' });
          },
          (error: unknown) =>
            update(item.id, {
              state: 'failed',
              reason: error instanceof Error ? error.message : 'The upload failed',
            }),
        );
      }
    },
    [onUploaded],
  );

  return {
    items,
    panelOpen,
    start,
    /** Removes one finished (or failed) item from the panel. */
    dismiss: (id: number) => setItems((list) => list.filter((item) => item.id !== id)),
    /** Closes the panel, clearing the items that are no longer uploading. */
    close: () => {
      setPanelOpen(false);
      setItems((list) => list.filter((item) => item.state === 'uploading'));
    },
  };
}
