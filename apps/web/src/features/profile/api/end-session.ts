import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { sessionsKey } from './sessions.ts';

const request = (sessionId: string) => ({ params: { sessionId } });

/** Signs out one other session of the member; the list reloads. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const mutation = tsr.security.endSession.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
  return useAction(mutation, request);
}
