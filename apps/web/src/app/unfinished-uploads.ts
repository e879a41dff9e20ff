import { queryClient } from '../api/query-client.ts';
import { nodeAdded } from '../features/files/api/listing-cache.ts';
import { fileUpload, fileUploadKind, targetFolder } from '../features/files/api/upload-file.ts';
import { albumUploadKind } from '../features/albums/upload/upload-kind.ts';
import { uploads, type UploadTask } from '../shared/uploads/upload-store.ts';

/**
 * Says how each kind of upload an earlier page left unfinished carries on once its file is chosen again in the
 * Uploads panel, whichever screen is open. A file that lands shows in the Files screen's cached folders; a photo,
 * in the album's.
 */
export function continueUnfinishedUploads(): void {
  uploads.continueAs(fileUploadKind, (file, target) => {
    const upload = fileUpload(file, targetFolder(target));
    return async (run) => void (await nodeAdded(queryClient, await upload(run)));
  });
  uploads.continueAs(albumUploadKind, (file, photoAlbumId) => {
    // The album's upload code (image conversion, HEIC decoding) is fetched only when it is needed.
    let task: Promise<UploadTask> | null = null;
    return async (run) => {
      task ??= import('../features/albums/upload/upload-store.ts').then((m) =>
        m.continueAlbumUpload(file, photoAlbumId),
      );
      return (await task)(run);
    };
  });
}
