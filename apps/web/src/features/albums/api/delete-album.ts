import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

const albumRequest = (photoAlbumId: string) => ({ params: { photoAlbumId } });
const imageRequest = (params: { photoAlbumId: string; imageId: string }) => ({ params });

/** Delete an album with its images. */
export const useDeleteAlbum = () => useAction(tsr.albums.remove.useMutation(), albumRequest);

/** Delete one image from an album. */
export const useDeleteImage = () => useAction(tsr.albums.removeImage.useMutation(), imageRequest);
