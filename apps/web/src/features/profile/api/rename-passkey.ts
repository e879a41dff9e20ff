import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { passkeysKey } from './passkeys.ts';

const request = ({ passkeyId, name }: { passkeyId: string; name: string }) => ({
  params: { passkeyId },
  body: { name },
});

/** Renames one of the member's passkeys; the list reloads. */
export function useRenamePasskey() {
  const queryClient = useQueryClient();
  const mutation = tsr.secondFactor.renamePasskey.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
  return useAction(mutation, request);
}
