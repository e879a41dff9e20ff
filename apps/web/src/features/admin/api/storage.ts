import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { retryReads } from '../../../api/failure.ts';

const storageKey = ['admin', 'storage'];

/** Every member's storage use and quota, the largest use first. */
export const useMembersStorage = () =>
  tsr.admin.storage.useQuery({ queryKey: storageKey, select: (answer) => answer.body, retry: retryReads });

const quotaRequest = (body: BodyOf<typeof tsr.admin.setStorageQuota.mutate>) => ({ body });

/** Set a member's own quota (null: the default again); answers the user as they are now. */
export function useSetStorageQuota() {
  const queryClient = tsr.useQueryClient();
  const mutation = tsr.admin.setStorageQuota.useMutation({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storageKey }),
  });
  return useAction(mutation, quotaRequest);
}
