import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as files from './file-nodes.ts';
import { nodeAdded } from './listing-cache.ts';

/** Make 'New Directory' in a folder (null: the top level); the server numbers the name on a clash. */
export function useCreateDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parentId: string | null) => files.createDirectory('New Directory', parentId),
    onSuccess: (node) => nodeAdded(queryClient, node),
  });
}
