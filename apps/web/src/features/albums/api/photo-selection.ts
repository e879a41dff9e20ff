import { contract, type CopyPhotosBody } from '@site/contract';
import { insertParamsIntoPath } from '@ts-rest/core';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

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

/** Moves chosen photos of an album to the owner's trash, all or none. */
export const useRemovePhotos = () => useAction(tsr.albums.removeImages.useMutation(), removeRequest);

/** Adds chosen photos of album `fromAlbumId` to album `photoAlbumId`; answers how many were added and skipped. */
export const useCopyPhotos = () => useAction(tsr.albums.copyPhotos.useMutation(), copyRequest);
