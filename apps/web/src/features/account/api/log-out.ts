import { useMutation } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { anyAnswer } from '../../../api/failure.ts';
import { useSession } from '../../../api/session.ts';
import { clearSharedPhotos } from '../../../shared/shared-photos.ts';

/**
 * Log out and forget every cached answer that belonged to the user, and the shared photos waiting in this
 * browser (the next person to use it must not find them). Whatever the server answers (an expired
 * session refuses), this browser is logged out from then on, so this one takes tsr's plain call and accepts any
 * answer; only no answer at all fails.
 */
export function useLogOut() {
  const session = useSession();
  return useMutation({
    mutationFn: () => anyAnswer(tsr.account.logout.mutate()),
    onSuccess: async () => {
      await clearSharedPhotos();
      session.setUser(null);
    },
  });
}
