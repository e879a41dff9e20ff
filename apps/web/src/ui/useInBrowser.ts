import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the build renders a page to HTML (src/prerender), true in the browser: for the parts of a page that
 * only work with the page's code loaded, so the prerendered HTML shows them as they look until then.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
