import { useEffect } from 'react';

/** How long after the viewer closes its album may still take the focus to the photo last seen. */
const freshForMs = 2000;

let lastSeen: { photoAlbumId: string; imageId: string; at: number } | null = null;

/** The viewer, as it leaves a photo: the album shown next (Back, or its link) focuses that photo. */
export function rememberLastSeen(photoAlbumId: string, imageId: string): void {
  lastSeen = { photoAlbumId, imageId, at: Date.now() };
}

/**
 * Focuses the thumbnail of the photo last seen in the viewer (scrolling it into view), once the album's grid shows
 * it, when the viewer has just closed on this album; a later visit to the album starts at its top as usual.
 */
export function useFocusLastSeen(photoAlbumId: string, ready: boolean): void {
  useEffect(() => {
    const seen = lastSeen;
    if (!ready || !seen) return;
    lastSeen = null;
    if (seen.photoAlbumId !== photoAlbumId || Date.now() - seen.at > freshForMs) return;
    document.querySelector<HTMLElement>(`a[href="/albums/${photoAlbumId}/${seen.imageId}"]`)?.focus();
  }, [photoAlbumId, ready]);
}
