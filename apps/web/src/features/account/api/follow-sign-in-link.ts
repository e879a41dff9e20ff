import type { SecondFactorNeeded } from '@site/contract';
import { useCallback } from 'react';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { useSession } from '../../../api/session.ts';

/**
 * Links followed in this page load, by token: an invitation may be reused, a sign-in link may not, and neither
 * should be spent twice because React mounted its page twice.
 */
const followed = new Map<string, Promise<Followed>>();

/** Where a followed link leads: the album to open, or first the second factor the account asks for. */
export type Followed =
  | { albumId: string | null; secondFactor?: undefined }
  | { albumId: string | null; secondFactor: SecondFactorNeeded['secondFactor'] };

/**
 * Follows an invitation's or sign-in mail's link once per page load: the server signs this browser in (or, for an
 * account with a second factor, waits for it); then the session is read anew. Answers the album to open, if any.
 */
export function useFollowSignInLink() {
  const { refresh } = useSession();
  return useCallback(
    (token: string): Promise<Followed> => {
      let answer = followed.get(token);
      if (!answer) {
        answer = okBody(api.account.followSignInLink({ body: { token } })).then(async (body) => {
          if (!body.secondFactor) await refresh();
          return body.secondFactor ? { albumId: body.albumId, secondFactor: body.secondFactor } : body;
        });
        followed.set(token, answer);
      }
      return answer;
    },
    [refresh],
  );
}
