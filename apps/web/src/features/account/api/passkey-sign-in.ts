import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { useSession } from '../../../api/session.ts';

/**
 * Signs in with a passkey: the browser offers the passkeys it holds for this site (no address asked), the server
 * checks the one chosen; then the session is read anew. Answers the album a waiting sign-in link opens, if any.
 */
export function usePasskeySignIn() {
  const session = useSession();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await okBody(api.secondFactor.passkeySignInOptions({}));
      const response = await startAuthentication({ optionsJSON });
      return okBody(api.secondFactor.passkeySignIn({ body: { response } }));
    },
    onSuccess: () => session.refresh(),
  });
}
