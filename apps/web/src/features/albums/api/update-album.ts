import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import type { AlbumPatch } from '@site/contract';
import { okBody } from '../../../api/failure.ts';

/** Changes an album (name, description, its place among the owner's albums, or an image's place in it). */
const updateAlbum = (photoAlbumId: string, body: AlbumPatch) =>
  okBody(api.albums.update({ params: { photoAlbumId }, body }));

/** Rename an album; answers the album as stored. */
export const useRenameAlbum = () =>
  useMutation({
    mutationFn: ({ photoAlbumId, name }: { photoAlbumId: string; name: string }) =>
      updateAlbum(photoAlbumId, { name }),
  });

/** Set an album's description; answers the album as stored. */
export const useDescribeAlbum = () =>
  useMutation({
    mutationFn: ({ photoAlbumId, description }: { photoAlbumId: string; description: string }) =>
      updateAlbum(photoAlbumId, { description }),
  });

/** Move an album to another rank among its owner's albums. */
export const useMoveAlbum = () =>
  useMutation({
    mutationFn: ({ photoAlbumId, rank }: { photoAlbumId: string; rank: number }) =>
      updateAlbum(photoAlbumId, { position: rank }),
  });

/** Move an image to another rank in its album. */
export const useMoveImage = () =>
  useMutation({
    mutationFn: ({ photoAlbumId, imageId, rank }: { photoAlbumId: string; imageId: string; rank: number }) =>
      updateAlbum(photoAlbumId, { imageRank: [imageId, rank] }),
  });
