import { useEffect, useRef } from 'react';

/** How long after the viewer closes its album may still take the focus to the photo last seen. */
const freshForMs = 2000;

let lastSeen: { photoAlbumId: string; imageId: string; at: number } | null = null;

/** The viewer, as it leaves a photo: the album shown next (Back, or its link) focuses that photo. */
export function rememberLastSeen(photoAlbumId: string, imageId: string): void {
  lastSeen = { photoAlbumId, imageId, at: Date.now() };
}

/**
 * Has the album's grid focus the thumbnail of the photo last seen in the viewer (`focus` scrolls it into view),
 * once the grid shows photos, when the viewer has just closed on this album; a later visit to the album starts at
 * its top as usual.
 */
export function useFocusLastSeen(
  photoAlbumId: string,
  ready: boolean,
  focus: (imageId: string) => void,
): void {
  const latest = useRef(focus);
  latest.current = focus;
  useEffect(() => {
    const seen = lastSeen;
    if (!ready || !seen) return;
    lastSeen = null;
    if (seen.photoAlbumId !== photoAlbumId || Date.now() - seen.at > freshForMs) return;
    latest.current(seen.imageId);
  }, [photoAlbumId, ready]);
}
