import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody, retryReads } from '../../../api/failure.ts';

/** Cache keys of the album screens; every cached read and write goes through these. */
export const albumKeys = {
  all: ['albums'] as const,
  list: ['albums', 'list'] as const,
  album: (photoAlbumId: string) => ['albums', 'album', photoAlbumId] as const,
  images: (photoAlbumId: string) => ['albums', 'images', photoAlbumId] as const,
  shares: (photoAlbumId: string) => ['albums', 'shares', photoAlbumId] as const,
  comments: (imageId: string) => ['albums', 'comments', imageId] as const,
};

/** Every album the user may see: their own and those shared with them. */
export function useAlbumList() {
  return useQuery({
    queryKey: albumKeys.list,
    queryFn: () => okBody(api.albums.list()),
    retry: retryReads,
  });
}

/** One album; fails with an ApiFailure the screen turns into 'Not Found' or the verify notice. */
export function useAlbum(photoAlbumId: string) {
  return useQuery({
    queryKey: albumKeys.album(photoAlbumId),
    queryFn: () => okBody(api.albums.get({ params: { photoAlbumId } })),
    retry: retryReads,
  });
}

/** The album's images in rank order. */
export function useImages(photoAlbumId: string, enabled = true) {
  return useQuery({
    queryKey: albumKeys.images(photoAlbumId),
    queryFn: async () => {
      const images = await okBody(api.albums.images({ params: { photoAlbumId } }));
      return [...images].sort((a, b) => a.rank - b.rank);
    },
    retry: retryReads,
    enabled,
  });
}

/** The addresses the album is shared with (owner only). */
export function useShares(photoAlbumId: string, enabled: boolean) {
  return useQuery({
    queryKey: albumKeys.shares(photoAlbumId),
    queryFn: () => okBody(api.albums.shares({ params: { photoAlbumId } })),
    retry: retryReads,
    enabled,
  });
}

/** The comments on an image, oldest first. */
export function useComments(photoAlbumId: string, imageId: string) {
  return useQuery({
    queryKey: albumKeys.comments(imageId),
    queryFn: async () => {
      const comments = await okBody(api.albums.comments({ params: { photoAlbumId, imageId } }));
      return [...comments].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    },
    retry: retryReads,
  });
}
