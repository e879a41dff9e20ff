import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

/** Asks for a reset link by mail; the answer is the same whether or not the address has an account. */
const request = (emailAddress: string) => ({ body: { emailAddress } });

/** Request a password reset mail. */
export const useRequestPasswordReset = () => useAction(tsr.account.passwordResetInit.useMutation(), request);
