import { useEffect, useState, type DragEvent } from 'react';

/** Whether a drag carries files from the computer (a row dragged within the page carries none). */
export const carriesFiles = (e: Pick<DragEvent, 'dataTransfer'>) =>
  Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Files dragged from the computer onto an element: `targetOf` names where the element under the pointer would
 * put them (undefined: nowhere), `over` holds that target while files hover (to show it), and `onFiles` gets
 * the dropped files with it. Drags that carry no files (the page's own row and tile drags) are left alone.
 */
export function useFileDrop<T>(
  targetOf: (element: Element) => T | undefined,
  onFiles: (files: File[], target: T) => void,
) {
  const [over, setOver] = useState<{ target: T } | null>(null);

  // A drag that leaves the window or is dropped elsewhere never reaches this element's dragleave.
  useEffect(() => {
    if (!over) return;
    const end = () => setOver(null);
    window.addEventListener('dragend', end);
    window.addEventListener('drop', end);
    document.documentElement.addEventListener('dragleave', onLeftWindow);
    function onLeftWindow(e: globalThis.DragEvent) {
      if (e.relatedTarget === null) end();
    }
    return () => {
      window.removeEventListener('dragend', end);
      window.removeEventListener('drop', end);
      document.documentElement.removeEventListener('dragleave', onLeftWindow);
    };
  }, [over]);

  const aim = (e: DragEvent) => {
    if (!carriesFiles(e)) return undefined;
    const target = e.target instanceof Element ? targetOf(e.target) : undefined;
    if (target === undefined) return undefined;
    e.preventDefault();
    return target;
  };

  const bind = {
    onDragOver: (e: DragEvent) => {
      const target = aim(e);
      if (target === undefined) {
        if (over) setOver(null);
        return;
      }
      e.dataTransfer.dropEffect = 'copy';
      if (over?.target !== target) setOver({ target });
    },
    onDragLeave: (e: DragEvent) => {
      if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setOver(null);
    },
    onDrop: (e: DragEvent) => {
      const target = aim(e);
      setOver(null);
      if (target === undefined) return;
      const files = Array.from(e.dataTransfer.files);
      if (files.length > 0) onFiles(files, target);
    },
  };

  return { over, bind };
}
