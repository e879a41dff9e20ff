/// <reference lib="webworker" />
/**
 * The installable app's service worker. It precaches the app shell and every hashed asset of one build (the list
 * is written in at build time by sw-plugin.ts), so the site opens at once and the games and demos work offline.
 * It never caches /api answers, /blobs or anything of another origin (S3 images). It also receives photos
 * shared from the phone's gallery (the manifest's share_target) and keeps them for the "Add to album" page.
 */
import { isVideoFile } from '../shared/album-files.ts';
import { isHeif } from '../shared/heif-files.ts';
import { sharedPhotosCache, sharedPhotoPath, sharePath } from '../shared/shared-photos.ts';
import { isOwnShare } from './share-origin.ts';

declare const self: ServiceWorkerGlobalScope;
/**
 * Replaced at build time: the site-relative URLs of this build's files, kept on install (`urls`) or the first time
 * a page asks for them (`onFirstUse`, large and seldom needed), and a version made from them all.
 */
declare const __PRECACHE__: { version: string; urls: string[]; onFirstUse: string[] };

const precache = __PRECACHE__;
const shellCache = `shell-${precache.version}`;
/** Files kept on first use. Their names carry their content's hash, so one cache serves every version. */
const firstUseCache = 'on-first-use';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(shellCache).then((cache) => cache.addAll(precache.urls)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('shell-') && name !== shellCache) await caches.delete(name);
      }
      const kept = await caches.open(firstUseCache);
      for (const request of await kept.keys()) {
        if (!precache.onFirstUse.includes(new URL(request.url).pathname)) await kept.delete(request);
      }
      await self.clients.claim();
    })(),
  );
});

// The page's update prompt asks the waiting worker to take over once the member chooses Reload.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
});

const neverCached = (url: URL) =>
  url.origin !== self.location.origin ||
  url.pathname.startsWith('/api/') ||
  url.pathname.startsWith('/blobs/');

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.pathname === sharePath) {
    event.respondWith(receiveShare(event));
    return;
  }
  if (event.request.method !== 'GET' || neverCached(url)) return;
  if (precache.urls.includes(url.pathname)) {
    event.respondWith(fromShell(url.pathname, event.request));
  } else if (precache.onFirstUse.includes(url.pathname)) {
    event.respondWith(keptOnFirstUse(event.request));
  } else if (event.request.mode === 'navigate' && !/\.[a-z0-9]+$/i.test(url.pathname)) {
    // Every page of the site is the one shell; the router inside picks the screen. Files keep their own answer.
    event.respondWith(fromShell('/index.html', event.request));
  }
});

async function fromShell(path: string, request: Request): Promise<Response> {
  const cached = await caches.open(shellCache).then((cache) => cache.match(path));
  return cached ?? fetch(request);
}

async function keptOnFirstUse(request: Request): Promise<Response> {
  const cache = await caches.open(firstUseCache);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * Keeps the shared images (replacing any earlier share) and opens the page that adds them to an album; a post
 * from anywhere but the installed app stores nothing.
 */
async function receiveShare({ request, clientId }: FetchEvent): Promise<Response> {
  const initiator = clientId ? await self.clients.get(clientId) : undefined;
  const source = {
    origin: request.headers.get('Origin'),
    clientId,
    initiatorOrigin: initiator ? new URL(initiator.url).origin : null,
  };
  if (!isOwnShare(source, self.location.origin)) {
    return new Response('Photos can be shared to this site only from its own app.', { status: 403 });
  }
  const form = await request.formData();
  const given = form.getAll('photos').filter((f): f is File => f instanceof File);
  // A HEIC may come without a type from some galleries; the album's upload reads it by name or content.
  const photo = await Promise.all(
    given.map(async (f) => f.type.startsWith('image/') || isVideoFile(f) || (await isHeif(f))),
  );
  const files = given.filter((_, i) => photo[i]);
  await caches.delete(sharedPhotosCache);
  const cache = await caches.open(sharedPhotosCache);
  await Promise.all(
    files.map((file, i) =>
      cache.put(
        sharedPhotoPath(i),
        new Response(file, {
          headers: {
            'Content-Type': file.type,
            'X-File-Name': encodeURIComponent(file.name),
          },
        }),
      ),
    ),
  );
  return Response.redirect('/add-to-album', 303);
}
