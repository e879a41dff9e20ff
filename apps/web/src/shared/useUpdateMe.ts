import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@site/contract';
import { meKey } from '../app/session.ts';

/** Writes a change of the current user into the cache at once (optimistic) or from the server's answer. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return (change: Partial<User> | User) =>
    queryClient.setQueryData<User | null>(meKey, (me) => (me ? { ...me, ...change } : me));
}
