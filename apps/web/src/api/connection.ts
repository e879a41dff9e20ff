import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * React Query believes it is online until the browser's `offline` event; a page opened without a connection (the
 * service worker's shell) never gets one. Told the truth at start, reads wait for the connection instead of
 * failing, and all of them are asked again when it returns.
 */
export function watchConnection(): void {
  onlineManager.setOnline(navigator.onLine);
}

/** False while the browser has no network connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}
