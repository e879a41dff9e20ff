import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FileNode } from '@site/contract';
import { fileKeys } from './file-keys.ts';
import { nodeAdded } from './listing-cache.ts';

/**
 * What to do when an upload has become a file: it shows in its folder at once, the folders above grow, and then
 * its folder is read again from the server. The Uploads panel says DONE only after that, so the table already
 * shows what the server holds when it does.
 */
export function useFileLanded() {
  const queryClient = useQueryClient();
  return useCallback(
    async (file: FileNode) => {
      await nodeAdded(queryClient, file);
      await queryClient.invalidateQueries({ queryKey: fileKeys.listing(file.parentId), exact: true });
    },
    [queryClient],
  );
}
