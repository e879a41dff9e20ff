import { contract, type CopyPhotosBody } from '@site/contract';
import { insertParamsIntoPath } from '@ts-rest/core';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

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

/** Moves chosen photos of an album to the owner's trash, all or none. */
export const useRemovePhotos = () => useAction(tsr.albums.removeImages.useMutation(), removeRequest);

/** Adds chosen photos of album `fromAlbumId` to album `photoAlbumId`; answers how many were added and skipped. */
export const useCopyPhotos = () => useAction(tsr.albums.copyPhotos.useMutation(), copyRequest);
