import { useQueryClient } from '@tanstack/react-query';
import type { ClientInferRequest } from '@ts-rest/core';
import type { contract } from '@site/contract';
import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { securityStateKey } from './security-state.ts';

type Proof = ClientInferRequest<typeof contract.secondFactor.totpSetup>['body'];
const proof = (body: Proof) => ({ body });
const code = (code: string) => ({ body: { code } });

/** Starts turning on authenticator-app codes (the proof given): answers the secret and its otpauth URI. */
export const useStartTotpSetup = () => useAction(tsr.secondFactor.totpSetup.useMutation(), proof);

/** Turns the codes on with one from the app; answers the recovery codes, shown this once. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  const mutation = tsr.secondFactor.enableTotp.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityStateKey }),
  });
  return useAction(mutation, code);
}

/** Turns the codes off (the proof given). */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  const mutation = tsr.secondFactor.disableTotp.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityStateKey }),
  });
  return useAction(mutation, proof);
}
