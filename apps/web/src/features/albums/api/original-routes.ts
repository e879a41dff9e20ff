import { api } from '../../../api/client.ts';
import { noContent, okBody } from '../../../api/failure.ts';
import type { UploadRoutes } from '../../../shared/uploads/resumable-upload.ts';

/**
 * The album's routes for the resumable upload of a photo's original or a video (the file manager's, in the album:
 * no `files` permission needed).
 */
export function originalRoutes(photoAlbumId: string): UploadRoutes {
  const albums = api.albums;
  const at = (uploadId: string) => ({ photoAlbumId, uploadId });
  return {
    createUpload: (body, signal) =>
      okBody(albums.createOriginalUpload({ params: { photoAlbumId }, body, fetchOptions: { signal } })),
    uploadUrl: async (uploadId, signal) =>
      (await okBody(albums.originalUploadUrl({ params: at(uploadId), fetchOptions: { signal } }))).url,
    partUrls: async (uploadId, partNumbers, signal) =>
      (
        await okBody(
          albums.originalPartUrls({ params: at(uploadId), body: { partNumbers }, fetchOptions: { signal } }),
        )
      ).urls,
    uploadParts: (uploadId, signal) =>
      okBody(albums.originalUploadParts({ params: at(uploadId), fetchOptions: { signal } })),
    abortUpload: (uploadId) => noContent(albums.abortOriginalUpload({ params: at(uploadId) })),
  };
}
