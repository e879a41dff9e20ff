import type { TrashKind } from '@site/contract';
import { useAction } from '../../../api/action.ts';
import { tsr } from '../../../api/client.ts';
import { trashKey } from './trash-items.ts';

const itemRequest = (params: { kind: TrashKind; id: string }) => ({ params });
const noArgs = () => ({});

/**
 * After any trash action the listing is read again, and so are the album and Files screens' (a restored album,
 * photo, file or folder is back there).
 */
function useRefresh() {
  const queryClient = tsr.useQueryClient();
  return {
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trashKey });
      // The album screens' cache keys all start with 'albums' (features/albums/api/queries.ts).
      await queryClient.invalidateQueries({ queryKey: ['albums'] });
      // And the Files screen's start with 'files' (features/files/api/file-keys.ts).
      await queryClient.invalidateQueries({ queryKey: ['files'] });
    },
  };
}

/** Put an item back where it was; answers its name and place there. */
export const useRestoreItem = () => useAction(tsr.trash.restore.useMutation(useRefresh()), itemRequest);

/** Delete an item forever. */
export const useDeleteForever = () => useAction(tsr.trash.remove.useMutation(useRefresh()), itemRequest);

/** Delete everything in the trash forever. */
export const useEmptyTrash = () => useAction(tsr.trash.empty.useMutation(useRefresh()), noArgs);
