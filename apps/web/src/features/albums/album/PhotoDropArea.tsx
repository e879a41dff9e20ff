import type { ReactNode } from 'react';
import { DropHint, dropAreaClass } from '../../../shared/file-drop/DropHint.tsx';
import { useFileDrop } from '../../../shared/file-drop/useFileDrop.ts';
import { isAlbumFile } from '../../../shared/album-files.ts';

/**
 * Where photos and videos dragged from the computer are added to the album, as the 'Add Image' tile adds them: what the tile's
 * picker would not offer is left out. Without `enabled` (a viewer) it is only its children.
 */
export function PhotoDropArea({
  albumName,
  enabled,
  className,
  onFiles,
  children,
}: {
  albumName: string;
  enabled: boolean;
  className?: string;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const drop = useFileDrop(
    () => (enabled ? albumName : undefined),
    (files) => {
      const photos = files.filter(isAlbumFile);
      if (photos.length > 0) onFiles(photos);
    },
  );
  return (
    <section className={[className, drop.over && dropAreaClass].filter(Boolean).join(' ')} {...drop.bind}>
      <DropHint text={drop.over && `Drop photos or videos to add to ${albumName}`} />
      {children}
    </section>
  );
}
