import type { FileNode, UploadPlan } from '@site/contract';
import { api } from '../../../api/client.ts';
import { ApiFailure, noContent, okBody } from '../../../api/failure.ts';
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

/** The kind of upload the panel lists after a reload, carried on by `fileUpload` into the folder it names. */
export const fileUploadKind = 'file';

/** An unfinished upload's target (a string) for the folder `parentId`; the top level has no id, so ''. */
export const uploadTarget = (parentId: string | null) => parentId ?? '';

/** The folder an unfinished upload's target names (null: the top level). */
export const targetFolder = (target: string) => (target === '' ? null : target);

const realDeps: UploadDeps = { files: api.files, put: putBytes, wait };

/**
 * The upload of one file into the folder `parentId`, as the panel runs it (again after a pause or a lost
 * connection); it answers the file's node. The server plans the upload by size: one PUT (SinglePart), or parts
 * sent in parallel (MultiPart). Either can be paused and given up. A run after the first keeps the reservation: a
 * SinglePart upload sends its bytes again from the start, a MultiPart one only the parts the store lacks. Picking
 * the same file again after a reload gets the same MultiPart upload back from the server. Fails with an
 * ApiFailure, or with the signal's reason once it aborts.
 */
export function fileUpload(file: File, parentId: string | null, deps: UploadDeps = realDeps) {
  const { files } = deps;
  let planned: Promise<UploadPlan> | null = null;
  const plan = (signal: AbortSignal) => {
    planned ??= okBody(
      files.createUpload({
        body: { size: file.size, name: file.name, lastModified: file.lastModified },
        fetchOptions: { signal },
      }),
    );
    // A reservation that never came is asked for again next run.
    planned.catch(() => (planned = null));
    return planned;
  };

  return async ({ signal, progress, pausable }: UploadRun): Promise<FileNode> => {
    const fetchOptions = { signal };
    progress(0, file.size);
    const { tag, contents } = await plan(signal);
    const uploadId = tag === 'SinglePart' ? contents : contents.uploadId;
    const onProgress = (loaded: number) => progress(loaded, file.size);
    // Given up (removed from the panel): what was stored so far is freed.
    pausable(() => noContent(files.abortUpload({ params: { uploadId } })));

    if (tag === 'SinglePart') {
      const { url } = await okBody(files.uploadUrl({ params: { uploadId }, fetchOptions })).catch(
        (error: unknown) => {
          // The reservation is gone (swept, or given up elsewhere): a retry makes a new one.
          if (error instanceof ApiFailure && error.kind === 'not_found') planned = null;
          throw error;
        },
      );
      await deps.put(url, file, { contentType: uploadContentType, onProgress, signal });
    } else {
      const partsDeps: PartsDeps = {
        ...deps,
        partUrls: async (id, partNumbers) =>
          (await okBody(files.partUrls({ params: { uploadId: id }, body: { partNumbers }, fetchOptions })))
            .urls,
        storedParts: (id) => okBody(files.uploadParts({ params: { uploadId: id }, fetchOptions })),
      };
      await sendParts(file, contents, partsDeps, { onProgress, signal });
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
  };
}
