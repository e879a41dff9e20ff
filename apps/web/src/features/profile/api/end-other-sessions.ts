import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { sessionsKey } from './sessions.ts';

const request = () => ({});

/** Signs out every session of the member but this one; answers how many ended, and the list reloads. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  const mutation = tsr.security.endOtherSessions.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
  return useAction(mutation, request);
}
