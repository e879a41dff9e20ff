import { useSyncExternalStore } from 'react';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const announce = (worker: ServiceWorker) => {
  waiting = worker;
  listeners.forEach((l) => l());
};

/**
 * Registers the service worker (production builds only: in development Vite serves modules that change on
 * every edit) and watches for a newer build that has installed and waits behind the running one.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // The first install fetches the whole build; on a slow phone link that must not compete with the first screen,
  // so it waits a few seconds past the page's load.
  // The boot may run after the load event (main.tsx waits for the first paint): then the wait starts now.
  const later = () => setTimeout(() => void register(), installDelayMs);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later);
}

const installDelayMs = 3000;

/** Registers /sw.js and offers a build that installs behind the running one. */
async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  // A controller already in place means the waiting worker is an update, not the first install.
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  };
  offer();
  registration.addEventListener('updatefound', () => {
    registration.installing?.addEventListener('statechange', offer);
  });
}

/** Lets the waiting build take over, then reloads the page into it. */
export function reloadIntoUpdate(): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting?.postMessage('skip-waiting');
}

/** True once a new build is installed and waits for the member to reload. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}
