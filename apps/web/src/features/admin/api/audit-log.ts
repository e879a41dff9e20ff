import { tsr } from '../../../api/client.ts';
import { retryReads } from '../../../api/failure.ts';

const pageSize = 20;

/** What admins did while acting as members, newest first, a page at a time. */
export const useAuditLog = () =>
  tsr.admin.audit.useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryData: ({ pageParam }) => ({
      query: { limit: pageSize, ...(typeof pageParam === 'string' ? { after: pageParam } : {}) },
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: { body: { next: string | null } }) => last.body.next ?? undefined,
    retry: retryReads,
  });
