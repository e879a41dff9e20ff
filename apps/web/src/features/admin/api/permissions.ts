import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

/** Every permission there is, with what it allows. */
export const usePermissions = () =>
  tsr.admin.permissions.useQuery({
    queryKey: ['admin', 'permissions'],
    select: (answer) => answer.body,
    retry: retryReads,
  });
