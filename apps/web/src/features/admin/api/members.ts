import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { retryReads } from '../../../api/failure.ts';

/** Rows a page of the member list holds. */
const pageSize = 20;
const membersKey = ['admin', 'members'];

/**
 * The members whose address or name starts with `search` (all when empty), by address, a page at a time:
 * `fetchNextPage` adds the next one while `hasNextPage`.
 */
export const useMembers = (search: string) =>
  tsr.admin.users.useInfiniteQuery({
    queryKey: [...membersKey, search],
    queryData: ({ pageParam }) => ({
      query: {
        limit: pageSize,
        ...(search ? { q: search } : {}),
        ...(typeof pageParam === 'string' ? { after: pageParam } : {}),
      },
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: { body: { next: string | null } }) => last.body.next ?? undefined,
    retry: retryReads,
  });

const disabledRequest = ({
  userId,
  disabled,
}: { userId: string } & BodyOf<typeof tsr.admin.setDisabled.mutate>) => ({
  params: { userId },
  body: { disabled },
});

/** Disable a member (their sessions end at once) or enable them again; answers the member as they are now. */
export function useSetDisabled() {
  const queryClient = tsr.useQueryClient();
  const mutation = tsr.admin.setDisabled.useMutation({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey }),
  });
  return useAction(mutation, disabledRequest);
}

const resetRequest = (userId: string) => ({ params: { userId }, body: undefined });

/**
 * Take every second factor off a member who lost them all (they are told by mail, the audit log records it);
 * answers the member as they are now.
 */
export function useResetSecondFactors() {
  const queryClient = tsr.useQueryClient();
  const mutation = tsr.admin.resetSecondFactors.useMutation({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey }),
  });
  return useAction(mutation, resetRequest);
}
