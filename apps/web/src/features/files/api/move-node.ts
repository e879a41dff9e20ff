import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as files from './file-nodes.ts';
import { nodeMoved } from './listing-cache.ts';

/** Where a node goes: under `parentId` (null: the top level), which `path` reaches from the top, if known. */
export interface MoveArgs {
  nodeId: string;
  parentId: string | null;
  path?: readonly string[];
}

/** Move a file or folder into another folder or to the top level. */
export function useMoveNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, parentId }: MoveArgs) => files.moveNode(nodeId, parentId),
    onSuccess: (node, { path }) => nodeMoved(queryClient, node, path),
  });
}
