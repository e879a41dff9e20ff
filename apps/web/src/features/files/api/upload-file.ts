import type { FileNode } from '@site/contract';
import { api } from '../../../api/client.ts';
import { failureOf, type Answer } from '../../../api/failure.ts';
import { messageOf } from '../../../api/messages.ts';

/**
 * The Content-Type the server signs every file upload URL for (the signed-url route has no body to name another);
 * a PUT with any other type would be refused by S3. The file's own type travels in create-file instead.
 */
export const uploadContentType = 'application/octet-stream';

/** What an upload needs from outside: the files API and fetch (replaced in unit tests). */
export interface UploadDeps {
  files: Pick<typeof api.files, 'createUpload' | 'uploadUrl' | 'createFile'>;
  fetch: typeof fetch;
}

/** The server's sentence for a refused step, or `fallback`. */
const failureMessage = (answer: Answer, fallback: string) => messageOf(failureOf(answer), fallback);

const realDeps: UploadDeps = { files: api.files, fetch: (...args) => fetch(...args) };

/**
 * Uploads one file into the folder `parentId`: reserve an upload, get its signed URL, PUT the bytes there, then
 * create the file record. Throws an Error whose message says which step failed and why.
 */
export async function uploadFile(
  file: File,
  parentId: string | null,
  deps: UploadDeps = realDeps,
): Promise<FileNode> {
  const created = await deps.files.createUpload({ body: { size: file.size } });
  if (created.status !== 200) throw new Error(failureMessage(created, 'The upload could not be started'));
  if (created.body.tag !== 'SinglePart')
    throw new Error(`Unsupported upload kind ${String(created.body.tag)}`);
  const uploadId = created.body.contents;

  const signed = await deps.files.uploadUrl({ params: { uploadId } });
  if (signed.status !== 200) throw new Error(failureMessage(signed, 'No upload address was given'));

  const put = await deps.fetch(signed.body.url, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': uploadContentType },
  });
  if (!put.ok) {
    const body: unknown = await put.json().catch(() => null);
    throw new Error(failureMessage({ status: put.status, body }, `The bytes were refused (${put.status})`));
  }

  const done = await deps.files.createFile({
    body: { name: file.name, mimeType: file.type || uploadContentType, size: file.size, parentId, uploadId },
  });
  if (done.status !== 200) throw new Error(failureMessage(done, 'The file could not be saved'));
  return done.body;
}
