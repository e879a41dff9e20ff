import { startAuthentication, type AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { useSession } from '../../../api/session.ts';

/** The challenge a passkey sign-in answers, asked without saying who signs in. */
export const passkeySignInOptions = () => okBody(api.secondFactor.passkeySignInOptions({}));

/** Has the server check a passkey's answer and open the session it proves. */
export const sendPasskeySignIn = (response: AuthenticationResponseJSON) =>
  okBody(api.secondFactor.passkeySignIn({ body: { response } }));

/**
 * Signs in with a passkey: the browser offers the passkeys it holds for this site (no address asked), the server
 * checks the one chosen; then the session is read anew. Answers the album a waiting sign-in link opens, if any.
 */
export function usePasskeySignIn() {
  const session = useSession();
  return useMutation({
    mutationFn: async () => {
      const response = await startAuthentication({ optionsJSON: await passkeySignInOptions() });
      return sendPasskeySignIn(response);
    },
    onSuccess: () => session.refresh(),
  });
}
