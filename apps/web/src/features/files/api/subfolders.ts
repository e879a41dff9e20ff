import { useQuery } from '@tanstack/react-query';
import { retryReads } from '../../../api/failure.ts';
import { listChildren, listRoots } from './file-nodes.ts';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The folders directly inside `folderId` (null: the top level), by name, asked of the server each time a folder
 * is shown, so the Move to… dialog reaches folders the table never opened.
 */
export const useSubfolders = (folderId: string | null) =>
  useQuery({
    queryKey: ['files', 'subfolders', folderId],
    queryFn: () => (folderId === null ? listRoots() : listChildren(folderId)),
    select: (nodes) =>
      nodes.filter((node) => node.isDirectory).sort((a, b) => collator.compare(a.name, b.name)),
    staleTime: 0,
    retry: retryReads,
  });
