import { tsr } from '../../../api/client.ts';
import { useRedeemLink } from '../../../api/redeem-link.ts';

/**
 * Redeems the token of a verification e-mail; the user is then verified (and signed in, when the link was opened
 * in a browser without the session).
 */
export const useVerifyEmail = (token: string) =>
  useRedeemLink(['verify-email', token], () => tsr.account.verifyEmail.mutate({ body: { token } }));
