import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

/** Cache key of the trash listing. */
export const trashKey = ['trash'] as const;

/** What the caller deleted, newest first. */
export const useTrashItems = () =>
  tsr.trash.list.useQuery({ queryKey: trashKey, select: (answer) => answer.body, retry: retryReads });
