import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useCurrentUser, useUpdateMe } from '../../../api/session.ts';

/** Turns one kind of notification e-mail on or off (the server stores the ones turned off). */
const request = ({ type, enabled }: { type: string; enabled: boolean }) => ({ body: { [type]: !enabled } });

/** Switch a notification: the box changes at once and goes back if the server refuses. */
export function useSetNotification() {
  const { user } = useCurrentUser();
  const updateMe = useUpdateMe();
  const mutation = tsr.account.updateNotifications.useMutation({
    onMutate: ({ body }) => {
      const before = user?.disabledNotifications ?? [];
      const [type = '', off] = Object.entries(body)[0] ?? [];
      updateMe({ disabledNotifications: off ? [...before, type].sort() : before.filter((t) => t !== type) });
      return before;
    },
    onSuccess: (stored) => updateMe(stored.body),
    onError: (_error, _change, before) => updateMe({ disabledNotifications: before ?? [] }),
  });
  return useAction(mutation, request);
}
