import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { useCurrentUser, useUpdateMe } from '../../../api/session.ts';

/** Sets the current user's display name; answers the user as stored. */
export const updateDisplayName = (displayName: string) =>
  okBody(api.account.updateDisplayName({ body: { displayName } }));

/** Change the display name: shown at once, put back as it was if the server refuses. */
export function useUpdateDisplayName() {
  const { user } = useCurrentUser();
  const updateMe = useUpdateMe();
  return useMutation({
    mutationFn: updateDisplayName,
    onMutate: (displayName) => {
      const previous = user?.displayName ?? '';
      updateMe({ displayName });
      return previous;
    },
    onSuccess: (stored) => updateMe(stored),
    onError: (_error, _name, previous) => updateMe({ displayName: previous ?? '' }),
  });
}
