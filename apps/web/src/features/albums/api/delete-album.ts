import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useAlbumCache } from './album-cache.ts';

const albumRequest = (photoAlbumId: string) => ({ params: { photoAlbumId } });
const imageRequest = (params: { photoAlbumId: string; imageId: string }) => ({ params });

/** Delete an album with its images; it leaves the cached list and its own reads are forgotten. */
export function useDeleteAlbum() {
  const cache = useAlbumCache();
  const mutation = tsr.albums.remove.useMutation({
    onSuccess: (_answer, { params }) => cache.dropAlbum(params.photoAlbumId),
  });
  return useAction(mutation, albumRequest);
}

/** Delete one image from an album; it leaves the album's cached pages at once. */
export function useDeleteImage() {
  const cache = useAlbumCache();
  const mutation = tsr.albums.removeImage.useMutation({
    onSuccess: (_answer, { params }) => cache.dropImages(params.photoAlbumId, [params.imageId]),
  });
  return useAction(mutation, imageRequest);
}
