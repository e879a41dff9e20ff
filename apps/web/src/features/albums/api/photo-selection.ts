import { contract, type CopyPhotosBody } from '@site/contract';
import { insertParamsIntoPath } from '@ts-rest/core';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useAlbumCache } from './album-cache.ts';

/** Where chosen photos of an album download as one zip (a plain link, as the whole album's). */
export const selectionZipUrl = (photoAlbumId: string, imageIds: readonly string[]) =>
  `${insertParamsIntoPath({ path: contract.albums.zip.path, params: { photoAlbumId } })}?${new URLSearchParams(
    {
      ids: imageIds.join(','),
    },
  ).toString()}`;

const removeRequest = ({ photoAlbumId, imageIds }: { photoAlbumId: string; imageIds: string[] }) => ({
  params: { photoAlbumId },
  body: { imageIds },
});
const copyRequest = ({ photoAlbumId, ...body }: CopyPhotosBody & { photoAlbumId: string }) => ({
  params: { photoAlbumId },
  body,
});

/** Moves chosen photos of an album to the owner's trash, all or none; they leave the album's cached pages. */
export function useRemovePhotos() {
  const cache = useAlbumCache();
  const mutation = tsr.albums.removeImages.useMutation({
    onSuccess: (_answer, { params, body }) => cache.dropImages(params.photoAlbumId, body.imageIds),
  });
  return useAction(mutation, removeRequest);
}

/**
 * Adds chosen photos of album `fromAlbumId` to album `photoAlbumId`; answers how many were added and skipped. The
 * target's images and thumbnail are read again.
 */
export function useCopyPhotos() {
  const cache = useAlbumCache();
  const mutation = tsr.albums.copyPhotos.useMutation({
    onSuccess: (_answer, { params }) => {
      cache.refreshImages(params.photoAlbumId);
      cache.refreshAlbum(params.photoAlbumId);
    },
  });
  return useAction(mutation, copyRequest);
}
