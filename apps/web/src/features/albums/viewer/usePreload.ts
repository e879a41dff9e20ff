import { useEffect } from 'react';

/**
 * Starts loading the pictures at `urls` in the background (at low priority), so stepping to one shows it at once
 * from the browser's cache. Loads already under way carry on when the list changes.
 */
export function usePreload(urls: readonly (string | null | undefined)[]) {
  const key = urls.filter(Boolean).join(' ');
  useEffect(() => {
    for (const url of key.split(' ').filter(Boolean)) {
      const picture = new Image();
      picture.fetchPriority = 'low';
      picture.decoding = 'async';
      picture.src = url;
    }
  }, [key]);
}
