import { useQueryClient } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import type { contract } from '@site/contract';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { passkeysKey } from './passkeys.ts';

type Proof = ClientInferRequest<typeof contract.secondFactor.removePasskey>['body'];
const request = ({ passkeyId, ...body }: { passkeyId: string } & Proof) => ({ params: { passkeyId }, body });

/** Removes one of the member's passkeys (the proof given); the list reloads. */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  const mutation = tsr.secondFactor.removePasskey.useMutation({
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
  return useAction(mutation, request);
}
