import { nextPageHeader } from '@site/contract';
import { api } from '../../../api/client.ts';
import { noContent, okBody, successOrFailure } from '../../../api/failure.ts';

/**
 * One page of what a folder holds (null: the top level), folders first; `next` continues after it, and is
 * undefined on the last page.
 */
export async function listPage(folderId: string | null, query: { limit: number; after?: string }) {
  const res = await successOrFailure(
    folderId === null
      ? api.files.roots({ query })
      : api.files.children({ params: { nodeId: folderId }, query }),
  );
  if (res.status !== 200) throw new Error(`a listing answered ${res.status}`);
  return { nodes: res.body, next: res.headers.get(nextPageHeader) ?? undefined };
}

/** Makes a folder; the server numbers the name on a clash ('New Directory (2)'). */
export const createDirectory = (name: string, parentId: string | null) =>
  okBody(api.files.createDirectory({ body: { name, parentId } }));

/** Renames a file or folder; answers the node as stored. */
export const renameNode = (nodeId: string, name: string) =>
  okBody(api.files.update({ params: { nodeId }, body: { tag: 'Rename', contents: name } }));

/** Moves a file or folder under `parentId` (null: to the top). */
export const moveNode = (nodeId: string, parentId: string | null) =>
  okBody(api.files.update({ params: { nodeId }, body: { tag: 'ChangeParent', contents: parentId } }));

/** Deletes a file, or a folder with everything in it. */
export const deleteNode = (nodeId: string) => noContent(api.files.remove({ params: { nodeId } }));

/** A short-lived URL the file downloads from (as an attachment). */
export const downloadUrl = async (nodeId: string) =>
  (await okBody(api.files.downloadUrl({ params: { nodeId } }))).url;
