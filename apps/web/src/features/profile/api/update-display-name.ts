import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useCurrentUser, useUpdateMe } from '../../../api/session.ts';

/** Sets the current user's display name; answers the user as stored. */
const request = (displayName: string) => ({ body: { displayName } });

/** Change the display name: shown at once, put back as it was if the server refuses. */
export function useUpdateDisplayName() {
  const { user } = useCurrentUser();
  const updateMe = useUpdateMe();
  const mutation = tsr.account.updateDisplayName.useMutation({
    onMutate: ({ body }) => {
      const previous = user?.displayName ?? '';
      updateMe({ displayName: body.displayName });
      return previous;
    },
    onSuccess: (stored) => updateMe(stored.body),
    onError: (_error, _name, previous) => updateMe({ displayName: previous ?? '' }),
  });
  return useAction(mutation, request);
}
