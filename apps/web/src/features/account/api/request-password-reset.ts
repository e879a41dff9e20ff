import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { noContent } from '../../../api/failure.ts';

/** Asks for a reset link by mail; the answer is the same whether or not the address has an account. */
export const requestPasswordReset = (emailAddress: string) =>
  noContent(api.account.passwordResetInit({ body: { emailAddress } }));

/** Request a password reset mail. */
export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
