import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as files from './file-nodes.ts';
import { nodeRemoved } from './listing-cache.ts';

/** Move a file, or a folder with everything in it, to the Trash. */
export function useDeleteNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (nodeId: string) => files.deleteNode(nodeId),
    onSuccess: async (_, nodeId) => {
      await nodeRemoved(queryClient, nodeId);
      // The Trash screen's listing (features/trash/api/trash-items.ts) now holds it.
      await queryClient.invalidateQueries({ queryKey: ['trash'] });
    },
  });
}
