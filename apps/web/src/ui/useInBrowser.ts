import { startTransition, useEffect, useState } from 'react';

/** Whether parts mounted from now on are drawn by the browser alone, not adopted from prerendered HTML. */
let live = false;

/** Parts mounted from now on are the browser's own (src/app/start.tsx: no prerendered page, or a navigation). */
export function goLive(): void {
  live = true;
}

/**
 * False while the build renders a page to HTML (src/prerender) and while the browser adopts that HTML, true then:
 * for the parts of a page that only work with the page's code loaded, so the prerendered HTML shows them as they look
 * until then. An adopted part turns true once it is adopted, as a transition: what comes alive is drawn in slices
 * between which the browser paints and answers input. (A store read with useSyncExternalStore did it in one long
 * task, React re-renders a store's change synchronously; and a flag shared by all would reach a part still waiting
 * to be adopted in a Suspense boundary, which would then not match its HTML.)
 */
export function useInBrowser(): boolean {
  const [inBrowser, setInBrowser] = useState(live);
  useEffect(() => {
    if (!inBrowser) startTransition(() => setInBrowser(true));
  }, [inBrowser]);
  return inBrowser;
}
