import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import type { contract } from '@site/contract';
import { api } from '../../../api/client.ts';
import { okBody, successOrFailure } from '../../../api/failure.ts';
import { passkeysKey } from './passkeys.ts';
import { securityStateKey } from './security-state.ts';

type Proof = ClientInferRequest<typeof contract.secondFactor.passkeyOptions>['body'];

/**
 * Adds a passkey: the server checks the proof and hands out options, the browser (or phone) makes the key, the
 * server checks and keeps it. A refusal by the browser (cancelled, no authenticator) rejects with its DOMException.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, ...proof }: { name: string } & Proof) => {
      const optionsJSON = await okBody(api.secondFactor.passkeyOptions({ body: proof }));
      const response = await startRegistration({ optionsJSON });
      return (await successOrFailure(api.secondFactor.addPasskey({ body: { name, response } }))).body;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: securityStateKey }),
      ]),
  });
}
