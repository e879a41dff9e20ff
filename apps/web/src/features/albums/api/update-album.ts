import { tsr } from '../../../api/client.ts';
import type { ImageOrder } from '@site/contract';
import { useAction } from '../../../api/action.ts';
import { moveToRank } from '../common/ranks.ts';
import { useAlbumCache } from './album-cache.ts';

// Each hook changes one thing of an album (name, description, its place among the owner's albums, an image's
// place in it, the order of its images, or whether others may download originals) and stores the album the
// server answers in the cache, so every screen shows it.
const renameRequest = ({ photoAlbumId, name }: { photoAlbumId: string; name: string }) => ({
  params: { photoAlbumId },
  body: { name },
});
const describeRequest = ({ photoAlbumId, description }: { photoAlbumId: string; description: string }) => ({
  params: { photoAlbumId },
  body: { description },
});
const moveAlbumRequest = ({ photoAlbumId, rank }: { photoAlbumId: string; rank: number }) => ({
  params: { photoAlbumId },
  body: { position: rank },
});
const moveImageRequest = ({
  photoAlbumId,
  imageId,
  rank,
}: {
  photoAlbumId: string;
  imageId: string;
  rank: number;
}) => ({
  params: { photoAlbumId },
  body: { imageRank: [imageId, rank] as [string, number] },
});
const orderRequest = ({ photoAlbumId, order }: { photoAlbumId: string; order: ImageOrder }) => ({
  params: { photoAlbumId },
  body: { order },
});

const allowOriginalsRequest = ({ photoAlbumId, allow }: { photoAlbumId: string; allow: boolean }) => ({
  params: { photoAlbumId },
  body: { allowOriginals: allow },
});

/** The album change, storing the album as the server answered it. */
function useUpdateAlbum(options: { refreshImages?: boolean; reloadOnError?: boolean } = {}) {
  const cache = useAlbumCache();
  return tsr.albums.update.useMutation({
    onSuccess: ({ body }) => {
      cache.putAlbum(body);
      if (options.refreshImages) cache.refreshImages(body.photoAlbumId);
    },
    // A refused move leaves the local order wrong: read it again.
    onError: () => options.reloadOnError && cache.reloadAll(),
  });
}

/** Rename an album. */
export const useRenameAlbum = () => useAction(useUpdateAlbum(), renameRequest);

/** Set an album's description. */
export const useDescribeAlbum = () => useAction(useUpdateAlbum(), describeRequest);

/**
 * Move an album to another rank among its owner's albums. `moveLocally` shows a move at once (while dragging);
 * the server is told with `mutate`, and a refusal reloads the list.
 */
export function useMoveAlbum() {
  const cache = useAlbumCache();
  const action = useAction(useUpdateAlbum({ reloadOnError: true }), moveAlbumRequest);
  const moveLocally = ({
    ownerId,
    photoAlbumId,
    rank,
  }: {
    ownerId: string;
    photoAlbumId: string;
    rank: number;
  }) =>
    cache.setAlbums((all) => [
      ...moveToRank(
        all.filter((a) => a.ownerId === ownerId),
        (a) => a.photoAlbumId,
        photoAlbumId,
        rank,
      ),
      ...all.filter((a) => a.ownerId !== ownerId),
    ]);
  return { ...action, moveLocally };
}

/**
 * Move an image to another rank in its album. `moveLocally` shows a move at once (while dragging); the server is
 * told with `mutate`, which stores the album (its thumbnail is its first image's), and a refusal reloads.
 */
export function useMoveImage() {
  const cache = useAlbumCache();
  const action = useAction(useUpdateAlbum({ reloadOnError: true }), moveImageRequest);
  const moveLocally = ({
    photoAlbumId,
    imageId,
    rank,
  }: {
    photoAlbumId: string;
    imageId: string;
    rank: number;
  }) => cache.setImages(photoAlbumId, (all) => moveToRank(all, (i) => i.imageId, imageId, rank));
  return { ...action, moveLocally };
}

/** Order an album's images by hand or by the date they were taken; its images are listed again. */
export const useSetImageOrder = () => useAction(useUpdateAlbum({ refreshImages: true }), orderRequest);
/** Let everyone the album is shared with download its originals, or only the owner and whoever added each photo. */
export const useAllowOriginals = () => useAction(useUpdateAlbum(), allowOriginalsRequest);
