import { tsr } from '../../../api/client.ts';
import { useRedeemLink } from '../../../api/redeem-link.ts';

/** Redeems the link mailed to a new address; if this browser is signed in, it then shows the new address. */
export const useConfirmEmailChange = (token: string) =>
  useRedeemLink(['confirm-email-change', token], () => tsr.security.confirmEmail.mutate({ body: { token } }));
