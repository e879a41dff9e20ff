import { useCallback } from 'react';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { useSession } from '../../../api/session.ts';

/**
 * Links followed in this page load, by token: an invitation may be reused, a sign-in link may not, and neither
 * should be spent twice because React mounted its page twice.
 */
const followed = new Map<string, Promise<string | null>>();

/**
 * Follows an invitation's or sign-in mail's link once per page load: the server signs this browser in; then the
 * session is read anew. Answers the album to open, if any.
 */
export function useFollowSignInLink() {
  const { refresh } = useSession();
  return useCallback(
    (token: string): Promise<string | null> => {
      let answer = followed.get(token);
      if (!answer) {
        answer = okBody(api.account.followSignInLink({ body: { token } })).then(async ({ albumId }) => {
          await refresh();
          return albumId;
        });
        followed.set(token, answer);
      }
      return answer;
    },
    [refresh],
  );
}
