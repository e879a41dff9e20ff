/**
 * What a member's browser fetches with each screen, which the build writes into index.html by route
 * (build/member-preloads-plugin.ts): a member's screen is drawn by the browser, and without these its chunks and
 * first reads would be asked for only once the boot has made the router.
 */
export interface ScreenPreloads {
  /** The cookie the server keeps beside a session (contract's memberCookieName): a visitor has nothing to read. */
  memberCookie: string;
  /** By route of src/app/screens.ts: the screen's chunks (but what index.html's head links) and first API reads. */
  screens: Record<string, { modules: string[]; fetches: string[] }>;
}

/** The id of the element holding them in index.html. */
export const screenPreloadsId = 'screen-preloads';

/** A path as the router splits it: `/albums/` is `/albums`. */
const segments = (path: string) => (path === '/' ? [''] : path.replace(/\/$/, '').split('/'));

/** Whether `route` (`:name` for a parameter) is the router's match for `path`. */
export function matchesRoute(route: string, path: string): boolean {
  const parts = segments(route);
  const have = segments(path);
  return (
    parts.length === have.length &&
    parts.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  );
}

/**
 * For a member, links the screen's chunks at `path` as module preloads and its first reads as fetch preloads (which
 * the app's own fetches of them take over), so they load beside the boot.
 */
export function preloadScreen(path: string, doc: Document = document): void {
  const text = doc.getElementById(screenPreloadsId)?.textContent;
  if (!text) return;
  const { memberCookie, screens } = JSON.parse(text) as ScreenPreloads;
  if (!doc.cookie.split(/;\s*/).includes(`${memberCookie}=1`)) return;
  const screen = Object.entries(screens).find(([route]) => matchesRoute(route, path))?.[1];
  if (!screen) return;
  const link = (attributes: Record<string, string>) => {
    const element = doc.createElement('link');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    doc.head.append(element);
  };
  // The reads first: the server takes longer over them than over a file.
  for (const href of screen.fetches) link({ rel: 'preload', as: 'fetch', crossorigin: '', href });
  for (const href of screen.modules) link({ rel: 'modulepreload', href });
}
