import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { passkeysKey } from './passkeys.ts';

const request = ({ passkeyId, currentPassword }: { passkeyId: string; currentPassword?: string }) => ({
  params: { passkeyId },
  body: { currentPassword },
});

/** Removes one of the member's passkeys (the proof given); the list reloads. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  const mutation = tsr.secondFactor.removePasskey.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
  return useAction(mutation, request);
}
