import type { CreateUploadBody, StoredPart, UploadPlan } from '@site/contract';
import { ApiFailure } from '../../api/failure.ts';
import type { PutBytes } from './put-bytes.ts';
import type { UploadRun } from './upload-store.ts';
import { sendParts, type PartsDeps } from './send-parts.ts';

/**
 * The Content-Type the server signs every resumable upload URL for (the signed-url route has no body to name
 * another); a PUT with any other type would be refused by S3. The file's own type travels when it is committed.
 */
export const uploadContentType = 'application/octet-stream';

/** The routes of one kind of resumable upload (a file's, an album video's), each failing with an ApiFailure. */
export interface UploadRoutes {
  createUpload: (body: CreateUploadBody, signal: AbortSignal) => Promise<UploadPlan>;
  uploadUrl: (uploadId: string, signal: AbortSignal) => Promise<string>;
  partUrls: (uploadId: string, partNumbers: number[], signal: AbortSignal) => Promise<Record<string, string>>;
  uploadParts: (uploadId: string, signal: AbortSignal) => Promise<StoredPart[]>;
  abortUpload: (uploadId: string) => Promise<void>;
}

/** The transport and the clock (replaced in unit tests). */
export type SendDeps = Omit<PartsDeps, 'partUrls' | 'storedParts'> & { put: PutBytes };

/**
 * The sending of one file's bytes through `routes`, as the panel runs it (again after a pause or a lost
 * connection); it answers the upload id to commit. The server plans the upload by size: one PUT (SinglePart), or
 * parts sent in parallel (MultiPart). Either can be paused and given up. A run after the first keeps the
 * reservation: a SinglePart upload sends its bytes again from the start, a MultiPart one only the parts the store
 * lacks. Picking the same file again after a reload gets the same MultiPart upload back from the server.
 */
export function resumableUpload(file: File, routes: UploadRoutes, deps: SendDeps) {
  let planned: Promise<UploadPlan> | null = null;
  const plan = (signal: AbortSignal) => {
    planned ??= routes.createUpload(
      { size: file.size, name: file.name, lastModified: file.lastModified },
      signal,
    );
    // A reservation that never came is asked for again next run.
    planned.catch(() => (planned = null));
    return planned;
  };

  return async (
    { signal, pausable }: Pick<UploadRun, 'signal' | 'pausable'>,
    onProgress: (loaded: number) => void,
  ): Promise<string> => {
    const { tag, contents } = await plan(signal);
    const uploadId = tag === 'SinglePart' ? contents : contents.uploadId;
    // Given up (removed from the panel): what was stored so far is freed.
    pausable(() => routes.abortUpload(uploadId));

    if (tag === 'SinglePart') {
      const url = await routes.uploadUrl(uploadId, signal).catch((error: unknown) => {
        // The reservation is gone (swept, or given up elsewhere): a retry makes a new one.
        if (error instanceof ApiFailure && error.kind === 'not_found') planned = null;
        throw error;
      });
      await deps.put(url, file, { contentType: uploadContentType, onProgress, signal });
    } else {
      const partsDeps: PartsDeps = {
        ...deps,
        partUrls: (id, partNumbers) => routes.partUrls(id, partNumbers, signal),
        storedParts: (id) => routes.uploadParts(id, signal),
      };
      await sendParts(file, contents, partsDeps, { onProgress, signal });
    }
    signal.throwIfAborted();
    return uploadId;
  };
}
