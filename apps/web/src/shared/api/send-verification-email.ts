import { tsr } from '../../api/client.ts';
import { useAction } from '../../api/action.ts';
import { isTooManyAttempts, tooManyAttemptsText } from '../../api/messages.ts';

/** Mails the current user a link that verifies their address (the route takes no body). */
const request = () => ({});

/** Send the verification e-mail (profile, and the albums' verify notice). */
export const useSendVerificationEmail = () =>
  useAction(tsr.account.sendVerificationEmail.useMutation(), request);

/** The sentence for a verification e-mail that was not sent. */
export const sendVerificationFailureText = (error: unknown) =>
  isTooManyAttempts(error) ? tooManyAttemptsText(error) : 'The e-mail could not be sent. Please try again.';
