import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as files from './file-nodes.ts';
import { nodeRenamed } from './listing-cache.ts';

/** Rename a file or folder. */
export function useRenameNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, name }: { nodeId: string; name: string }) => files.renameNode(nodeId, name),
    onSuccess: (node) => nodeRenamed(queryClient, node),
  });
}
