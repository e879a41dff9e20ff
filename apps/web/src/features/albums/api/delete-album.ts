import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { noContent } from '../../../api/failure.ts';

/** Delete an album with its images. */
export const useDeleteAlbum = () =>
  useMutation({
    mutationFn: (photoAlbumId: string) => noContent(api.albums.remove({ params: { photoAlbumId } })),
  });

/** Delete one image from an album. */
export const useDeleteImage = () =>
  useMutation({
    mutationFn: ({ photoAlbumId, imageId }: { photoAlbumId: string; imageId: string }) =>
      noContent(api.albums.removeImage({ params: { photoAlbumId, imageId } })),
  });
