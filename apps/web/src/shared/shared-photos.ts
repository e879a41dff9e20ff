/**
 * Where photos shared from the phone's gallery wait: a Cache Storage cache that the service worker fills and the
 * "Add to album" page reads. Kept until they are handed to the uploads, so a log in in between loses nothing.
 */
export const sharedPhotosCache = 'shared-photos';

/** The manifest's share_target action. */
export const sharePath = '/share-target';

/** The cache key of the i-th shared photo (never requested over the network). */
export const sharedPhotoPath = (i: number) => `/shared-photos/${i}`;
