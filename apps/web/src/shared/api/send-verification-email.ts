import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { noContent } from '../../api/failure.ts';
import { isTooManyAttempts, tooManyAttemptsText } from '../../api/messages.ts';

/** Mails the current user a link that verifies their address. */
export const sendVerificationEmail = () => noContent(api.account.sendVerificationEmail());

/** Send the verification e-mail (profile, and the albums' verify notice). */
export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });

/** The sentence for a verification e-mail that was not sent. */
export const sendVerificationFailureText = (error: unknown) =>
  isTooManyAttempts(error) ? tooManyAttemptsText(error) : 'The e-mail could not be sent. Please try again.';
