import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { useCurrentUser, useUpdateMe } from '../../../api/session.ts';

/** Turns one kind of notification e-mail on or off; answers the user as stored. */
export const setNotification = ({ type, enabled }: { type: string; enabled: boolean }) =>
  okBody(api.account.updateNotifications({ body: { [type]: !enabled } }));

/** Switch a notification: the box changes at once and goes back if the server refuses. */
export function useSetNotification() {
  const { user } = useCurrentUser();
  const updateMe = useUpdateMe();
  return useMutation({
    mutationFn: setNotification,
    onMutate: ({ type, enabled }) => {
      const before = user?.disabledNotifications ?? [];
      updateMe({
        disabledNotifications: enabled ? before.filter((t) => t !== type) : [...before, type].sort(),
      });
      return before;
    },
    onSuccess: (stored) => updateMe(stored),
    onError: (_error, _change, before) => updateMe({ disabledNotifications: before ?? [] }),
  });
}
