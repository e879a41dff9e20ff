import { hasMemberCookie } from '../api/member-cookie.ts';

/** Whether `path` is on the route `pattern` (`:name` stands for one segment), as the router matches it. */
export function onRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.replace(/\/$/, '').split('/');
  if (pattern === '/') return path === '/';
  return (
    want.length === have.length &&
    want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  );
}

function link(rel: string, href: string, as?: string) {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = href;
  if (as) element.as = as;
  element.crossOrigin = 'anonymous';
  document.head.append(element);
}

/**
 * A member's first screen is drawn by the browser (a visitor's are in the HTML): its chunks and its first answers
 * are asked for as the page starts, beside the boot's own chunks, instead of once the boot has made the router and
 * asked who is logged in. The chunks come from the build's list (member-preloads-plugin.ts); the answers as fetch
 * preloads, which the browser hands to the app's own fetch of the same address (api/client.ts: same mode and
 * credentials). A visitor asks for nothing here (GET /api/me would answer 401, an error in the console).
 */
export function askFirstRequests(): void {
  if (!hasMemberCookie()) return;
  const list = document.getElementById('screen-preloads')?.textContent;
  const screens = list ? (JSON.parse(list) as Record<string, string[]>) : {};
  const route = Object.keys(screens).find((pattern) => onRoute(pattern, location.pathname));
  link('preload', '/api/me', 'fetch');
  // The album list's route asks for it as it matches (app/routes.tsx).
  if (route === '/albums') link('preload', '/api/photo-albums', 'fetch');
  for (const file of route ? (screens[route] ?? []) : []) link('modulepreload', file);
}
