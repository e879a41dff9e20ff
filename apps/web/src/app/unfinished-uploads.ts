import { queryClient } from '../api/query-client.ts';
import { nodeAdded } from '../features/files/api/listing-cache.ts';
import { fileUpload, fileUploadKind, targetFolder } from '../features/files/api/upload-file.ts';
import { uploads } from '../shared/uploads/upload-store.ts';

/**
 * Says how each kind of upload an earlier page left unfinished carries on once its file is chosen again in the
 * Uploads panel, whichever screen is open. A file that lands shows in the Files screen's cached folders.
 */
export function continueUnfinishedUploads(): void {
  uploads.continueAs(fileUploadKind, (file, target) => {
    const upload = fileUpload(file, targetFolder(target));
    return async (run) => void (await nodeAdded(queryClient, await upload(run)));
  });
}
