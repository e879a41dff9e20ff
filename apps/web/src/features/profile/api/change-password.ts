import { useQueryClient } from '@tanstack/react-query';
import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { securityStateKey } from './security-state.ts';
import { sessionsKey } from './sessions.ts';

type Change = BodyOf<typeof tsr.security.changePassword.mutate>;
const request = (body: Change) => ({ body });

/** Changes (or first chooses) the password; the other sessions end, so the list and the state reload. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const mutation = tsr.security.changePassword.useMutation({
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionsKey }),
        queryClient.invalidateQueries({ queryKey: securityStateKey }),
      ]),
  });
  return useAction(mutation, request);
}
