import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody, retryReads } from '../../../api/failure.ts';

/** Every permission there is, with what it allows. */
export const usePermissions = () =>
  useQuery({
    queryKey: ['admin', 'permissions'],
    queryFn: () => okBody(api.admin.permissions()),
    retry: retryReads,
  });
