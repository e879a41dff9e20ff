import { contract, type CopyPhotosBody } from '@site/contract';
import { insertParamsIntoPath } from '@ts-rest/core';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useAlbumCache } from './album-cache.ts';

/** Photos chosen by id, or a whole album but the ones unticked. */
export type ChosenPhotos = { imageIds: string[] } | { allExcept: string[] };

/** Where chosen photos of an album download as one zip (a plain link, as the whole album's). */
export function selectionZipUrl(photoAlbumId: string, chosen: ChosenPhotos): string {
  const path = insertParamsIntoPath({ path: contract.albums.zip.path, params: { photoAlbumId } });
  const query: Record<string, string> | null =
    'imageIds' in chosen
      ? { ids: chosen.imageIds.join(',') }
      : chosen.allExcept.length > 0
        ? { except: chosen.allExcept.join(',') }
        : null;
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

const removeRequest = ({ photoAlbumId, chosen }: { photoAlbumId: string; chosen: ChosenPhotos }) => ({
  params: { photoAlbumId },
  body: chosen,
});
const copyRequest = ({ photoAlbumId, ...body }: CopyPhotosBody & { photoAlbumId: string }) => ({
  params: { photoAlbumId },
  body,
});

/** Moves chosen photos of an album to the owner's trash, all or none; they leave the album's cached pages. */
export function useRemovePhotos() {
  const cache = useAlbumCache();
  const mutation = tsr.albums.removeImages.useMutation({
    onSuccess: (_answer, { params, body }) => {
      // A whole album chosen reaches past the pages read: only the server knows what is left.
      if ('imageIds' in body) cache.dropImages(params.photoAlbumId, body.imageIds);
      else {
        cache.refreshImages(params.photoAlbumId);
        cache.refreshAlbum(params.photoAlbumId);
      }
    },
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
