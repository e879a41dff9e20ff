import type { FileNode } from '@site/contract';
import { api } from '../../../api/client.ts';
import { noContent, okBody } from '../../../api/failure.ts';
import { putBytes, type PutBytes } from '../../../shared/uploads/put-bytes.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import { sendParts, wait, type PartsDeps } from './send-parts.ts';

/**
 * The Content-Type the server signs every file upload URL for (the signed-url route has no body to name another);
 * a PUT with any other type would be refused by S3. The file's own type travels in create-file instead.
 */
export const uploadContentType = 'application/octet-stream';

/** What an upload needs from outside: the files API, the transport and the clock (replaced in unit tests). */
export interface UploadDeps extends Omit<PartsDeps, 'partUrls' | 'storedParts'> {
  files: Pick<
    typeof api.files,
    'createUpload' | 'uploadUrl' | 'partUrls' | 'uploadParts' | 'abortUpload' | 'createFile'
  >;
  put: PutBytes;
}

const realDeps: UploadDeps = { files: api.files, put: putBytes, wait };

/**
 * Uploads one file into the folder `parentId` and answers its node. The server plans the upload by size: one PUT
 * (SinglePart), or parts sent in parallel (MultiPart). Picking the same file again after a pause, a lost
 * connection or a reload gets the same MultiPart upload back, so only the parts the store lacks are sent. Fails
 * with an ApiFailure, or with the signal's reason once it aborts.
 */
export async function uploadFile(
  file: File,
  parentId: string | null,
  { signal, progress, pausable }: UploadRun,
  deps: UploadDeps = realDeps,
): Promise<FileNode> {
  const { files } = deps;
  const fetchOptions = { signal };
  progress(0, file.size);
  const plan = await okBody(
    files.createUpload({
      body: { size: file.size, name: file.name, lastModified: file.lastModified },
      fetchOptions,
    }),
  );
  const uploadId = plan.tag === 'SinglePart' ? plan.contents : plan.contents.uploadId;
  const onProgress = (loaded: number) => progress(loaded, file.size);

  if (plan.tag === 'SinglePart') {
    const { url } = await okBody(files.uploadUrl({ params: { uploadId }, fetchOptions }));
    await deps.put(url, file, { contentType: uploadContentType, onProgress, signal });
  } else {
    // Given up (removed from the panel while paused or failed): the parts stored so far are freed.
    pausable(() => noContent(files.abortUpload({ params: { uploadId } })));
    const partsDeps: PartsDeps = {
      ...deps,
      partUrls: async (id, partNumbers) =>
        (await okBody(files.partUrls({ params: { uploadId: id }, body: { partNumbers }, fetchOptions })))
          .urls,
      storedParts: (id) => okBody(files.uploadParts({ params: { uploadId: id }, fetchOptions })),
    };
    await sendParts(file, plan.contents, partsDeps, { onProgress, signal });
  }

  signal.throwIfAborted();
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
}
