import { tsr } from '../../../api/client.ts';
import type { ImageOrder } from '@site/contract';
import { useAction } from '../../../api/action.ts';

// Each hook changes one thing of an album (name, description, its place among the owner's albums, an image's
// place in it, the order of its images, or whether others may download originals) and answers the album as stored.
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

/** Rename an album. */
export const useRenameAlbum = () => useAction(tsr.albums.update.useMutation(), renameRequest);

/** Set an album's description. */
export const useDescribeAlbum = () => useAction(tsr.albums.update.useMutation(), describeRequest);

/** Move an album to another rank among its owner's albums. */
export const useMoveAlbum = () => useAction(tsr.albums.update.useMutation(), moveAlbumRequest);

/** Move an image to another rank in its album. */
export const useMoveImage = () => useAction(tsr.albums.update.useMutation(), moveImageRequest);

/** Order an album's images by hand or by the date they were taken. */
export const useSetImageOrder = () => useAction(tsr.albums.update.useMutation(), orderRequest);
/** Let everyone the album is shared with download its originals, or only the owner and whoever added each photo. */
export const useAllowOriginals = () => useAction(tsr.albums.update.useMutation(), allowOriginalsRequest);
