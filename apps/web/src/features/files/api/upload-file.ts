import type { FileNode } from '@site/contract';
import { api } from '../../../api/client.ts';
import { noContent, okBody } from '../../../api/failure.ts';
import { putBytes } from '../../../shared/uploads/put-bytes.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import {
  resumableUpload,
  uploadContentType,
  type SendDeps,
  type UploadRoutes,
} from '../../../shared/uploads/resumable-upload.ts';
import { wait } from '../../../shared/uploads/send-parts.ts';

export { uploadContentType };

/** What an upload needs from outside: the files API, the transport and the clock (replaced in unit tests). */
export interface UploadDeps extends SendDeps {
  files: Pick<
    typeof api.files,
    'createUpload' | 'uploadUrl' | 'partUrls' | 'uploadParts' | 'abortUpload' | 'createFile'
  >;
}

/** The kind of upload the panel lists after a reload, carried on by `fileUpload` into the folder it names. */
export const fileUploadKind = 'file';

/** An unfinished upload's target (a string) for the folder `parentId`; the top level has no id, so ''. */
export const uploadTarget = (parentId: string | null) => parentId ?? '';

/** The folder an unfinished upload's target names (null: the top level). */
export const targetFolder = (target: string) => (target === '' ? null : target);

const realDeps: UploadDeps = { files: api.files, put: putBytes, wait };

/** The file manager's upload routes. */
function fileRoutes(files: UploadDeps['files']): UploadRoutes {
  return {
    createUpload: (body, signal) => okBody(files.createUpload({ body, fetchOptions: { signal } })),
    uploadUrl: async (uploadId, signal) =>
      (await okBody(files.uploadUrl({ params: { uploadId }, fetchOptions: { signal } }))).url,
    partUrls: async (uploadId, partNumbers, signal) =>
      (
        await okBody(
          files.partUrls({ params: { uploadId }, body: { partNumbers }, fetchOptions: { signal } }),
        )
      ).urls,
    uploadParts: (uploadId, signal) =>
      okBody(files.uploadParts({ params: { uploadId }, fetchOptions: { signal } })),
    abortUpload: (uploadId) => noContent(files.abortUpload({ params: { uploadId } })),
  };
}

/**
 * The upload of one file into the folder `parentId`, as the panel runs it (resumable-upload.ts); it answers the
 * file's node. Fails with an ApiFailure, or with the signal's reason once it aborts.
 */
export function fileUpload(file: File, parentId: string | null, deps: UploadDeps = realDeps) {
  const { files } = deps;
  const send = resumableUpload(file, fileRoutes(files), deps);
  return async (run: UploadRun): Promise<FileNode> => {
    run.progress(0, file.size);
    const uploadId = await send(run, (loaded) => run.progress(loaded, file.size));
    return okBody(
      files.createFile({
        body: {
          name: file.name,
          mimeType: file.type || uploadContentType,
          size: file.size,
          parentId,
          uploadId,
        },
      }),
    );
  };
}
