import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

/** How the server's scheduled backups went: the newest attempt and the newest verified backup. */
export const useBackups = () =>
  tsr.admin.backups.useQuery({
    queryKey: ['admin', 'backups'],
    select: (answer) => answer.body,
    retry: retryReads,
  });
