import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FileNode } from '@site/contract';
import { nodeAdded } from './listing-cache.ts';

/** What to do when an upload has become a file: show it in its folder, which grows with the folders above. */
export function useFileLanded() {
  const queryClient = useQueryClient();
  return useCallback((file: FileNode) => nodeAdded(queryClient, file), [queryClient]);
}
