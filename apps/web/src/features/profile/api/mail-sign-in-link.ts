import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';

const request = (emailAddress: string) => ({ body: { emailAddress } });

/** Mails the member a sign-in link, whose session may then choose a password or move the address. */
export const useMailSignInLink = () => useAction(tsr.account.requestSignInLink.useMutation(), request);
