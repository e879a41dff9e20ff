import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

/** How much the member stores and may store. */
export const useStorageUse = () =>
  tsr.account.storage.useQuery({
    queryKey: ['storage-use'],
    select: (answer) => answer.body,
    retry: retryReads,
  });
