import { useQuery } from '@tanstack/react-query';
import { retryReads } from '../../../api/failure.ts';
import { fileKeys } from './file-keys.ts';
import { listPage } from './file-nodes.ts';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Folders come first in a listing's pages: reading stops at the first page that also holds files. */
async function listFolders(folderId: string | null) {
  const folders = [];
  let after: string | undefined;
  do {
    const page = await listPage(folderId, { limit: 500, after });
    const inPage = page.nodes.filter((node) => node.isDirectory);
    folders.push(...inPage);
    if (inPage.length < page.nodes.length) break;
    after = page.next;
  } while (after !== undefined);
  return folders;
}

/**
 * The folders directly inside `folderId` (null: the top level), by name, asked of the server each time a folder
 * is shown, so the Move to… dialog reaches folders the table never opened.
 */
export const useSubfolders = (folderId: string | null) =>
  useQuery({
    queryKey: fileKeys.subfolders(folderId),
    queryFn: () => listFolders(folderId),
    select: (folders) => [...folders].sort((a, b) => collator.compare(a.name, b.name)),
    staleTime: 0,
    retry: retryReads,
  });
