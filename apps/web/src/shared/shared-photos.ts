/**
 * Where photos shared from the phone's gallery wait: a Cache Storage cache that the service worker fills and the
 * "Add to album" page reads. Kept until they are handed to the uploads, so a log in in between loses nothing; but
 * never shown to another member of the same browser (`claimSharedPhotos`), and dropped at log out.
 */
export const sharedPhotosCache = 'shared-photos';

/** The manifest's share_target action. */
export const sharePath = '/share-target';

/** The cache key of the i-th shared photo (never requested over the network). */
export const sharedPhotoPath = (i: number) => `/shared-photos/${i}`;

/** The cache key naming the member the waiting photos were first shown to. */
const ownerPath = '/shared-photos/owner';

/** Whether a cache key is one of the shared photos (not the owner's name). */
export const isSharedPhotoPath = (path: string) => /^\/shared-photos\/\d+$/.test(path);

/** Drops the waiting photos (log out). */
export async function clearSharedPhotos(): Promise<void> {
  if ('caches' in globalThis) await caches.delete(sharedPhotosCache);
}

/**
 * Gives the waiting photos to `userId`, the member now signed in: photos shared by a visitor become theirs (they
 * logged in to add them); photos another member was shown are dropped, since that member's session ended without
 * a log out and this browser now belongs to someone else.
 */
export async function claimSharedPhotos(userId: string): Promise<void> {
  if (!('caches' in globalThis) || !(await caches.has(sharedPhotosCache))) return;
  const cache = await caches.open(sharedPhotosCache);
  const owner = await (await cache.match(ownerPath))?.text();
  if (owner === undefined) await cache.put(ownerPath, new Response(userId));
  else if (owner !== userId) await caches.delete(sharedPhotosCache);
}
