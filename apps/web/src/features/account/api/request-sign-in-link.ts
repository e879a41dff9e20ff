import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

/** Asks for a sign-in link by mail; the answer is the same whether or not the address has an account. */
const request = (emailAddress: string) => ({ body: { emailAddress } });

/** Request a sign-in mail. */
export const useRequestSignInLink = () => useAction(tsr.account.requestSignInLink.useMutation(), request);
